import { statusOnlyService } from '@pmbok/infra';
import { projectv1 } from '@pmbok/proto';

/**
 * The project service. Its aggregates (src/domain), read models (src/projections) and consumers of other services'
 * events (src/reactions) arrive with the issue that builds it; until then it runs its lifecycle, health and status.
 */
export const startProjectService = statusOnlyService('project', projectv1.ProjectServiceDefinition);

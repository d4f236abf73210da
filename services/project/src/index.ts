import { defineService } from '@pmbok/infra';
import { projectv1 } from '@pmbok/proto';
import { createProjectUseCases } from './application/index.js';
import { projectServiceImplementation } from './grpc.js';
import { pendingDocsImplementation } from './grpcDocsPending.js';
import { projectsProjection } from './projections/projects/index.js';
import { projectSettingsProjection } from './projections/settings/index.js';
import { startAuthReactions } from './reactions/authEvents.js';
import { startTeamReactions } from './reactions/teamEvents.js';

/**
 * The project service: knowledge projects, their members and settings (this file's use cases), the document tree
 * and documents (grpcDocs.ts). services/project/README.md describes the model.
 */
export const startProjectService = defineService({
  name: 'project',
  contract: projectv1.ProjectServiceDefinition,
  projections: [projectsProjection, projectSettingsProjection],
  reactions: async (service) => {
    const { runtime } = service;
    // The use cases a reaction runs: their commands do not wait for the read models (a reaction answers nobody).
    const { templates } = createProjectUseCases(service);
    const team = await startTeamReactions(service, templates);
    return { roster: team.roster, stops: [...(await startAuthReactions(runtime)), ...team.stops] };
  },
  calls: (service, { roster }) => {
    const useCases = createProjectUseCases({ ...service, rosterCaughtUp: async () => roster.catchUp(2_000) });
    return projectServiceImplementation(useCases, pendingDocsImplementation());
  },
});

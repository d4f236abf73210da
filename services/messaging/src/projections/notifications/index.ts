import type { Projection } from '@pmbok/infra';

/** The notifications read models of this service's own log (docs/api/messaging.md). */
export const notificationsProjections: Projection[] = [];

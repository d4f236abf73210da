import type { Projection } from '@pmbok/infra';

/** The chat read models of this service's own log (docs/api/messaging.md). */
export const chatProjections: Projection[] = [];

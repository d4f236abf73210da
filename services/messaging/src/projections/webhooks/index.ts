import type { Projection } from '@pmbok/infra';

/** The webhooks read models of this service's own log (docs/api/messaging.md). */
export const webhooksProjections: Projection[] = [];

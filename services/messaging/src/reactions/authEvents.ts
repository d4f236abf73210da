import type { ServiceRuntime } from '@pmbok/infra';
import { usersProjection } from '../projections/users/index.js';

/** The users read model, fed from the auth service's events; its offset lives in the read store. */
export async function startAuthReactions(runtime: ServiceRuntime) {
  const handles = new Set(usersProjection.canHandle);
  const directory = await runtime.eventBus.subscribe({
    topic: 'auth',
    group: 'messaging-users',
    checkpoints: runtime.readStore.checkpoints,
    handler: async (events) => {
      for (const event of events) {
        if (handles.has(event.type)) await usersProjection.handle(event, runtime.readStore);
      }
    },
  });
  return { directory, stops: [() => directory.stop()] };
}

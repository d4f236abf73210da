import type { ServiceRuntime } from '@pmbok/infra';
import { peopleProjection } from '../projections/people/index.js';

/** The people read model, fed from the auth service's events; its offset lives in the read store. */
export async function startAuthReactions(runtime: ServiceRuntime) {
  const handles = new Set(peopleProjection.canHandle);
  const subscription = await runtime.eventBus.subscribe({
    topic: 'auth',
    group: 'task-people',
    checkpoints: runtime.readStore.checkpoints,
    handler: async (events) => {
      for (const event of events) {
        if (handles.has(event.type)) await peopleProjection.handle(event, runtime.readStore);
      }
    },
  });
  return [() => subscription.stop()];
}

import { feedReadModel, type ServiceRuntime } from '@pmbok/infra';
import { peopleProjection } from '../projections/people/index.js';

/** The people read model, fed from the auth service's events. */
export async function startAuthReactions(runtime: ServiceRuntime) {
  const subscription = await feedReadModel(runtime, {
    topic: 'auth',
    group: 'task-people',
    projection: peopleProjection,
  });
  return [() => subscription.stop()];
}

import { feed, type ServiceRuntime, startReactions } from '@pmbok/infra';
import { peopleProjection } from '../projections/people/index.js';

/** The people read model, fed from the auth service's events. */
export async function startAuthReactions(runtime: ServiceRuntime) {
  const { stops } = await startReactions(runtime, { people: feed(peopleProjection, 'task-people') });
  return stops;
}

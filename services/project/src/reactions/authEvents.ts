import { feed, type ServiceRuntime, startReactions } from '@pmbok/infra';
import { peopleProjection } from '../projections/people/index.js';

/** The people read model (names and avatars; a closed account's anonymised name), fed from the auth service. */
export async function startAuthReactions(runtime: ServiceRuntime) {
  const { stops } = await startReactions(runtime, { people: feed(peopleProjection, 'project-people') });
  return stops;
}

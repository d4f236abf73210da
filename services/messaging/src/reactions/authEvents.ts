import { feed, type ServiceRuntime, startReactions } from '@pmbok/infra';
import { usersProjection } from '../projections/users/index.js';

/** The users read model, fed from the auth service's events. */
export async function startAuthReactions(runtime: ServiceRuntime) {
  const { subscriptions, stops } = await startReactions(runtime, {
    directory: feed(usersProjection, 'messaging-users'),
  });
  return { directory: subscriptions.directory, stops };
}

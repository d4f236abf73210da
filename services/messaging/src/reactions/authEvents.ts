import { feedReadModel, type ServiceRuntime } from '@pmbok/infra';
import { usersProjection } from '../projections/users/index.js';

/** The users read model, fed from the auth service's events. */
export async function startAuthReactions(runtime: ServiceRuntime) {
  const directory = await feedReadModel(runtime, {
    topic: 'auth',
    group: 'messaging-users',
    projection: usersProjection,
  });
  return { directory, stops: [() => directory.stop()] };
}

import { feedReadModel, type ServiceRuntime } from '@pmbok/infra';
import { teamOwnershipProjection } from '../projections/ownedTeams/index.js';

/** Follows the team service's events into the teamOwnership read model. */
export async function startTeamReactions(runtime: ServiceRuntime) {
  const subscription = await feedReadModel(runtime, {
    topic: 'team',
    group: 'auth-team-ownership',
    projection: teamOwnershipProjection,
  });
  return [() => subscription.stop()];
}

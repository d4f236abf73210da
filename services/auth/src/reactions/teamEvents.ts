import { feed, type ServiceRuntime, startReactions } from '@pmbok/infra';
import { teamOwnershipProjection } from '../projections/ownedTeams/index.js';

/** Follows the team service's events into the teamOwnership read model. */
export async function startTeamReactions(runtime: ServiceRuntime) {
  const { stops } = await startReactions(runtime, { ownership: feed(teamOwnershipProjection, 'auth-team-ownership') });
  return stops;
}

import type { ServiceRuntime } from '@pmbok/infra';
import { teamOwnershipProjection } from '../projections/ownedTeams/index.js';

/** Follows the team service's events into the teamOwnership read model (its offset lives with the read model). */
export async function startTeamReactions(runtime: ServiceRuntime) {
  const handles = new Set(teamOwnershipProjection.canHandle);
  const subscription = await runtime.eventBus.subscribe({
    topic: 'team',
    group: 'auth-team-ownership',
    checkpoints: runtime.readStore.checkpoints,
    handler: async (events) => {
      for (const event of events)
        if (handles.has(event.type)) await teamOwnershipProjection.handle(event, runtime.readStore);
    },
  });
  return [() => subscription.stop()];
}

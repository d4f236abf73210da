import type { AuthEvents } from '@pmbok/auth-service/events';
import {
  feed,
  handleCommand,
  parseStreamId,
  publishedBy,
  reaction,
  type ServiceRuntime,
  startReactions,
} from '@pmbok/infra';
import { teamDecider } from '../domain/team/businessLogic.js';
import { teamStreamId } from '../domain/team/team.js';
import { directoryProjection } from '../projections/directory/index.js';
import { teams } from '../projections/teams/index.js';

/** A closed account leaves every team it was a member of; a team it owned alone keeps its history. */
async function leaveAllTeams(runtime: ServiceRuntime, userId: number, eventId: string) {
  for (const team of await teams(runtime.readStore).find({ 'members.userId': userId })) {
    const role = team.members.find((m) => m.userId === userId)?.role;
    if (role === 'owner') continue;
    await handleCommand(
      runtime.eventStore,
      teamStreamId(team.teamId),
      teamDecider,
      { type: 'LeaveTeam', data: {}, metadata: { actorId: userId } },
      { commandId: `account-closed:${eventId}:${team.teamId}`, actor: String(userId) },
    );
  }
}

/**
 * Consumers of the auth service's events:
 * - the directory read model (fed with its position kept in the read store, so an in-memory one is rebuilt); it
 *   holds each user's current verified telephone, by which invitees find their invitations;
 * - closed accounts leaving their teams (its offset is durable; the command id makes a redelivered closure leave
 *   nothing twice). Registering joins no team: an invitation waits for its invitee to accept it.
 */
export async function startAuthReactions(runtime: ServiceRuntime) {
  const { subscriptions, stops } = await startReactions(runtime, {
    directory: feed(directoryProjection, 'team-directory'),
    closures: reaction({
      // The group keeps the name it had when it also accepted invitations on registration, so it resumes its offset.
      name: 'team-invitations',
      source: publishedBy<AuthEvents>('auth'),
      on: {
        AccountClosed: ({ metadata }) =>
          leaveAllTeams(runtime, parseStreamId(metadata.streamId, 'user'), metadata.eventId),
      },
    }),
  });
  return { directory: subscriptions.directory, stops };
}

import type { AuthEvents } from '@pmbok/auth-service/events';
import { feed, parseStreamId, publishedBy, reaction, type ServiceContext, startReactions } from '@pmbok/infra';
import { teamDecider } from '../domain/team/businessLogic.js';
import { teamStreamId } from '../domain/team/team.js';
import { directoryProjection } from '../projections/directory/index.js';
import { teams } from '../projections/teams/index.js';

type TeamReacting = Pick<ServiceContext, 'runtime' | 'runCommand'>;

/** A closed account leaves every team it was a member of; a team it owned alone keeps its history. */
async function leaveAllTeams(service: TeamReacting, userId: number, eventId: string) {
  for (const team of await teams(service.runtime.readStore).find({ 'members.userId': userId })) {
    const role = team.members.find((m) => m.userId === userId)?.role;
    if (role === 'owner') continue;
    await service.runCommand(
      teamStreamId(team.teamId),
      teamDecider,
      { type: 'LeaveTeam', data: {}, metadata: { actorId: userId } },
      { userId },
      { commandId: `account-closed:${eventId}:${team.teamId}`, teamId: team.teamId },
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
export async function startAuthReactions(service: TeamReacting) {
  const { subscriptions, stops } = await startReactions(service.runtime, {
    directory: feed(directoryProjection, 'team-directory'),
    closures: reaction({
      // The group keeps the name it had when it also accepted invitations on registration, so it resumes its offset.
      name: 'team-invitations',
      source: publishedBy<AuthEvents>('auth'),
      on: {
        AccountClosed: ({ metadata }) =>
          leaveAllTeams(service, parseStreamId(metadata.streamId, 'user'), metadata.eventId),
      },
    }),
  });
  return { directory: subscriptions.directory, stops };
}

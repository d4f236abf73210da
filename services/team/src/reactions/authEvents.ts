import { feedReadModel, handleCommand, type Logger, type ServiceRuntime } from '@pmbok/infra';
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
 * - the directory read model (fed with its position kept in the read store, so an in-memory one is rebuilt);
 * - accepting telephone invitations when the invited number registers (its offset is durable; the command id
 *   makes a redelivered registration join nobody twice).
 */
export async function startAuthReactions(runtime: ServiceRuntime, logger: Logger) {
  const directory = await feedReadModel(runtime, {
    topic: 'auth',
    group: 'team-directory',
    projection: directoryProjection,
  });
  const invitations = await runtime.eventBus.subscribe({
    topic: 'auth',
    group: 'team-invitations',
    handler: async (events) => {
      for (const event of events) {
        if (event.type === 'AccountClosed') {
          await leaveAllTeams(runtime, Number(event.metadata.streamId.slice('user-'.length)), event.metadata.eventId);
          continue;
        }
        if (event.type !== 'UserRegistered') continue;
        const { userId, telephone } = event.data as { userId: number; telephone: string };
        for (const team of await teams(runtime.readStore).find({ pendingTelephones: telephone })) {
          await handleCommand(
            runtime.eventStore,
            teamStreamId(team.teamId),
            teamDecider,
            { type: 'AcceptTelephoneInvitation', data: { telephone, userId } },
            { commandId: `accept-invitation:${event.metadata.eventId}:${team.teamId}`, actor: String(userId) },
          );
          logger.info({ teamId: team.teamId, userId }, 'telephone invitation accepted on registration');
        }
      }
    },
  });
  return [() => directory.stop(), () => invitations.stop()];
}

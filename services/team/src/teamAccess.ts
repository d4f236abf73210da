import {
  type Caller,
  forbidden,
  handleCommand,
  type ProjectionRunner,
  type ReadStore,
  type ServiceRuntime,
} from '@pmbok/infra';
import { messages, type TeamCommand, teamDecider } from './domain/team/businessLogic.js';
import { type TeamRole, teamStreamId } from './domain/team/team.js';
import { directory, type PersonDoc } from './projections/directory/index.js';
import { type TeamDoc, teams } from './projections/teams/index.js';

/** What every use case of the team service needs. */
export interface TeamsDeps {
  runtime: ServiceRuntime;
  projections: ProjectionRunner;
  now?: () => number;
}

/** Runs a command on a team's stream and waits until the service's read models show it (read-your-writes). */
export function teamCommandRunner(deps: TeamsDeps) {
  const now = deps.now ?? Date.now;
  return async (teamId: number, command: TeamCommand, caller: Caller) => {
    const { events, result } = await handleCommand(
      deps.runtime.eventStore,
      teamStreamId(teamId),
      teamDecider,
      command,
      {
        actor: String(caller.userId),
        teamId: String(teamId),
        correlationId: caller.correlationId,
        at: now(),
      },
    );
    if (result.lastGlobalPosition > 0) await deps.projections.waitFor(result.lastGlobalPosition);
    return events;
  };
}

/** A team the caller belongs to, with the caller's role; non-members get the same answer as for no team. */
export async function memberView(
  readStore: ReadStore,
  teamId: number,
  userId: number,
): Promise<{ team: TeamDoc; role: TeamRole }> {
  const team = await teams(readStore).findOne({ _id: String(teamId) });
  const role = team?.members.find((m) => m.userId === userId)?.role;
  if (!team || !role) throw forbidden(messages.notMember);
  return { team, role };
}

export const displayName = (person: PersonDoc | null | undefined) => person?.trueName || person?.nickname || '';

/** Directory entries of the given users, by user id. */
export async function people(readStore: ReadStore, userIds: number[]): Promise<Map<number, PersonDoc>> {
  const found = await Promise.all([...new Set(userIds)].map((id) => directory(readStore).findOne({ _id: String(id) })));
  return new Map(found.filter((p): p is PersonDoc => p !== null).map((p) => [p.userId, p]));
}

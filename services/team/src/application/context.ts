import { type Caller, forbidden, newShareCode, type ServiceContext, type SmsProvider } from '@pmbok/infra';
import { messages, type TeamCommand, teamDecider } from '../domain/team/businessLogic.js';
import { type TeamRole, teamStreamId } from '../domain/team/team.js';
import { directory, type PersonDoc } from '../projections/directory/index.js';
import { type TeamDoc, teams } from '../projections/teams/index.js';

export interface TeamDeps extends Pick<ServiceContext, 'runtime' | 'logger' | 'now' | 'runCommand'> {
  /** Sends invitations by SMS. */
  sms: SmsProvider;
  /** Public address of the console, for invitation links sent by SMS. */
  publicUrl: string;
  /** Resolves once the directory has applied what the auth service has published (a telephone changed a moment ago). */
  directoryCaughtUp?: () => Promise<void>;
}

export const displayName = (person: PersonDoc | null | undefined) => person?.trueName || person?.nickname || '';

/** What the team use cases share: team commands with read-your-writes, membership checks, people, share codes. */
export function createTeamContext(deps: TeamDeps) {
  const { readStore } = deps.runtime;
  const { now, runCommand } = deps;

  /** The decider checks the acting member's role, so every team command names its actor. */
  const act = (caller: Caller) => ({ metadata: { actorId: caller.userId } });

  /** Runs a command on a team's stream; its events carry the team. */
  const runTeam = async (teamId: number, command: TeamCommand, caller: Caller) =>
    (await runCommand(teamStreamId(teamId), teamDecider, command, caller, { teamId })).events;

  /** A team the caller belongs to, with the caller's role; non-members get the same answer as for no team. */
  async function memberView(teamId: number, userId: number): Promise<{ team: TeamDoc; role: TeamRole }> {
    const team = await teams(readStore).findOne({ _id: String(teamId) });
    const role = team?.members.find((m) => m.userId === userId)?.role;
    if (!team || !role) throw forbidden(messages.notMember);
    return { team, role };
  }

  /** Directory entries of the given users, by user id. */
  async function people(userIds: number[]): Promise<Map<number, PersonDoc>> {
    const found = await Promise.all(
      [...new Set(userIds)].map((id) => directory(readStore).findOne({ _id: String(id) })),
    );
    return new Map(found.filter((p): p is PersonDoc => p !== null).map((p) => [p.userId, p]));
  }

  async function uniqueShareCode(): Promise<string> {
    for (;;) {
      const code = newShareCode();
      if (!(await teams(readStore).findOne({ shareCode: code }))) return code;
    }
  }

  return { deps, readStore, now, runCommand, act, runTeam, memberView, people, uniqueShareCode };
}

export type TeamContext = ReturnType<typeof createTeamContext>;

import { type Caller, forbidden, invalid, type ServiceContext, teamMembers } from '@pmbok/infra';
import type { ChatModel } from '../providers/model.js';
import type { Retriever } from '../retrieval/model.js';

export interface AiDeps extends Pick<ServiceContext, 'runtime' | 'logger' | 'now' | 'runCommand'> {
  retriever: Retriever;
  model: ChatModel;
  /** Resolves when the team roster has every team event appended so far (it arrives through the bus). */
  rosterCaughtUp?: () => Promise<void>;
  limits: AiLimits;
}

export interface AiLimits {
  /** Questions one user may ask per minute (per replica). */
  questionsPerMinute: number;
  /** Tokens (prompt + answer) a team may use per day (UTC+8). */
  teamDailyTokens: number;
  /** The longest an answer may take before it is ended as timed out. */
  answerTimeoutMs: number;
}

export const messages = {
  noTeam: '请先选择团队',
  notTeamMember: '你不是该团队的成员',
} as const;

/** What the assistant's use cases share: the caller's team, checked against the roster fed from the team service. */
export function createAiContext(deps: AiDeps) {
  const { readStore } = deps.runtime;

  const isMember = async (teamId: number, userId: number) =>
    ((await teamMembers(readStore).findOne({ _id: String(teamId) }))?.members ?? []).some((m) => m.userId === userId);

  /** The caller's current team, which they must belong to (a team joined a moment ago may still be on the bus). */
  async function currentTeam(caller: Caller): Promise<number> {
    if (!caller.teamId) throw invalid(messages.noTeam);
    if (await isMember(caller.teamId, caller.userId)) return caller.teamId;
    await deps.rosterCaughtUp?.().catch((error) => deps.logger.warn({ err: error }, 'team roster did not catch up'));
    if (await isMember(caller.teamId, caller.userId)) return caller.teamId;
    throw forbidden(messages.notTeamMember);
  }

  return { ...deps, readStore, currentTeam };
}

export type AiContext = ReturnType<typeof createAiContext>;

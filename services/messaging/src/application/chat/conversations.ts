import { invalid } from '@pmbok/infra';
import { messages } from '../../domain/chatMessage/businessLogic.js';
import type { ScopeInfo, WorkDirectory } from '../../projections/work/types.js';

export type ConversationKind = 'team' | 'project' | 'taskProject' | 'direct';

/** A conversation the caller belongs to, with everyone who belongs to it now (from the work directory). */
export interface ConversationScope {
  conversationId: string;
  kind: ConversationKind;
  teamId: number;
  name: string;
  /** The knowledge project or task project; 0 for the team channel and direct conversations. */
  projectId: number;
  /** The other person of a direct conversation. */
  peerUserId: number;
  members: number[];
}

const ID = /^(team|project|taskProject)-([1-9]\d{0,15})$|^direct-([1-9]\d{0,15})-([1-9]\d{0,15})$/;

/** The kind and numbers of a derived id, or null when it is not one (a direct id names its two people low first). */
export function parseConversationId(
  conversationId: string,
): { kind: ConversationKind; id: number } | { kind: 'direct'; low: number; high: number } | null {
  const match = ID.exec(conversationId);
  if (!match) return null;
  if (match[1]) {
    const id = Number(match[2]);
    return Number.isSafeInteger(id) ? { kind: match[1] as ConversationKind, id } : null;
  }
  const low = Number(match[3]);
  const high = Number(match[4]);
  return Number.isSafeInteger(high) && low < high ? { kind: 'direct', low, high } : null;
}

export const directConversationId = (a: number, b: number) => `direct-${Math.min(a, b)}-${Math.max(a, b)}`;
export const teamConversationId = (teamId: number) => `team-${teamId}`;

/** Who belongs to conversations: the team roster, project members and task project members as the bus told them. */
export function createMembership(work: WorkDirectory) {
  async function resolve(conversationId: string, userId: number, teamId: number): Promise<ConversationScope | null> {
    const parsed = parseConversationId(conversationId);
    if (!parsed || teamId <= 0) return null;
    const team = await work.team(teamId);
    if (!team?.members.includes(userId)) return null;
    const base = { conversationId, teamId, projectId: 0, peerUserId: 0 };
    if (parsed.kind === 'direct') {
      if (!('low' in parsed)) return null;
      const { low, high } = parsed;
      if (userId !== low && userId !== high) return null;
      const peer = userId === low ? high : low;
      if (!team.members.includes(peer)) return null;
      return { ...base, kind: 'direct', name: await work.userName(peer), peerUserId: peer, members: [low, high] };
    }
    if (!('id' in parsed)) return null;
    if (parsed.kind === 'team') {
      if (parsed.id !== teamId) return null;
      return { ...base, kind: 'team', name: team.name, members: team.members };
    }
    const scope: ScopeInfo | null =
      parsed.kind === 'project' ? await work.project(parsed.id) : await work.taskProject(parsed.id);
    if (!scope || scope.teamId !== teamId || !scope.members.includes(userId)) return null;
    // Only people still in the team: someone who left it keeps no project channel.
    const members = scope.members.filter((member) => team.members.includes(member));
    return { ...base, kind: parsed.kind, name: scope.name, projectId: parsed.id, members };
  }

  return {
    resolve,
    /**
     * The conversation, or the one refusal for anyone else, an unknown id or another team's. A membership granted a
     * moment ago may still be on the bus: a miss waits for the work directory to catch up once.
     */
    async conversation(conversationId: string, userId: number, teamId: number): Promise<ConversationScope> {
      const found = await resolve(conversationId, userId, teamId);
      if (found) return found;
      if (!parseConversationId(conversationId)) throw invalid(messages.notMember);
      await work.caughtUp(2_000).catch(() => {});
      const again = await resolve(conversationId, userId, teamId);
      if (!again) throw invalid(messages.notMember);
      return again;
    },
    /** The team's roster, the caller being in it (else the conversation refusal). */
    async team(userId: number, teamId: number): Promise<ScopeInfo> {
      const lookup = async () => (teamId > 0 ? await work.team(teamId) : null);
      let team = await lookup();
      if (!team?.members.includes(userId) && teamId > 0) {
        await work.caughtUp(2_000).catch(() => {});
        team = await lookup();
      }
      if (!team?.members.includes(userId)) throw invalid(messages.notMember);
      return team;
    },
  };
}

export type Membership = ReturnType<typeof createMembership>;

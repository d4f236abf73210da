import { type Caller, notFound } from '@pmbok/infra';
import { messages } from '../domain/team/businessLogic.js';
import type { TeamRole } from '../domain/team/team.js';
import { teams } from '../projections/teams/index.js';
import type { TeamContext } from './context.js';

const maskTelephone = (t: string) => (t.length === 11 ? `${t.slice(0, 3)}****${t.slice(7)}` : '');

export type MemberSort = 'nickname' | 'trueName' | 'role' | 'joinedAt';
const roleOrder: Record<TeamRole, number> = { owner: 0, administrator: 1, member: 2 };

export type MemberQuery = {
  text: string;
  role?: TeamRole;
  sort: MemberSort;
  descending: boolean;
  offset: number;
  limit: number;
};

/** A team's members: the list, roles, removal, ownership and leaving. The decider checks the caller's role. */
export function createMembers(context: TeamContext) {
  const { readStore, act, runTeam, memberView, people } = context;

  return {
    /** Searched, sorted and paged; only the owner and administrators see whole telephones. */
    async list(teamId: number, query: MemberQuery, caller: Caller) {
      const { team, role: callerRole } = await memberView(teamId, caller.userId);
      const directoryOf = await people(team.members.map((m) => m.userId));
      const seesTelephones = callerRole !== 'member';
      const text = query.text.trim().toLowerCase();
      const rows = team.members
        .map((m) => {
          const person = directoryOf.get(m.userId);
          return {
            userId: m.userId,
            nickname: person?.nickname ?? '',
            trueName: person?.trueName ?? '',
            fullTelephone: person?.telephone ?? '',
            avatar: person?.avatar ?? '',
            role: m.role,
            joinedAt: m.joinedAt,
          };
        })
        .filter((r) => !query.role || r.role === query.role)
        .filter((r) => !text || [r.nickname, r.trueName, r.fullTelephone].some((v) => v.toLowerCase().includes(text)));
      const key = (r: (typeof rows)[number]) => (query.sort === 'role' ? roleOrder[r.role] : r[query.sort]);
      rows.sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        const order =
          typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'zh-CN');
        return query.descending ? -order : order;
      });
      const limit = Math.min(Math.max(query.limit || 20, 1), 100);
      const page = rows.slice(Math.max(query.offset, 0), Math.max(query.offset, 0) + limit);
      return {
        total: rows.length,
        members: page.map(({ fullTelephone, ...r }) => ({
          ...r,
          telephone: seesTelephones ? fullTelephone : maskTelephone(fullTelephone),
        })),
      };
    },

    changeRole: (teamId: number, userId: number, role: TeamRole, caller: Caller) =>
      runTeam(teamId, { type: 'ChangeMemberRole', data: { userId, role }, ...act(caller) }, caller),

    remove: (teamId: number, userId: number, caller: Caller) =>
      runTeam(teamId, { type: 'RemoveMember', data: { userId }, ...act(caller) }, caller),

    transferOwnership: (teamId: number, userId: number, caller: Caller) =>
      runTeam(teamId, { type: 'TransferOwnership', data: { userId }, ...act(caller) }, caller),

    leave: (teamId: number, caller: Caller) => runTeam(teamId, { type: 'LeaveTeam', data: {}, ...act(caller) }, caller),

    /** A user's role in a team, for other services (the gateway's live route); no role is not found. */
    async membership(teamId: number, userId: number) {
      const team = await teams(readStore).findOne({ _id: String(teamId) });
      const role = team?.members.find((m) => m.userId === userId)?.role;
      if (!role) throw notFound(messages.notMember);
      return role;
    },
  };
}

export type Members = ReturnType<typeof createMembers>;

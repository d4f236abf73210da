import { type Caller, handleCommand, newShareCode, nextNumericId, notFound } from '@pmbok/infra';
import { messages } from './domain/team/businessLogic.js';
import type { TeamRole } from './domain/team/team.js';
import { teamSelectionDecider, teamSelectionStreamId } from './domain/teamSelection/teamSelection.js';
import { activeTeams } from './projections/activeTeams/index.js';
import { teams } from './projections/teams/index.js';
import {
  displayName,
  people as peopleIn,
  type TeamsDeps,
  teamCommandRunner,
  memberView as viewAs,
} from './teamAccess.js';

export type { TeamsDeps } from './teamAccess.js';

const maskTelephone = (t: string) => (t.length === 11 ? `${t.slice(0, 3)}****${t.slice(7)}` : '');

export type MemberSort = 'nickname' | 'trueName' | 'role' | 'joinedAt';
const roleOrder: Record<TeamRole, number> = { owner: 0, administrator: 1, member: 2 };

/** The team service's use cases. Every one checks the caller's membership and role in the decider or here. */
export function createTeams(deps: TeamsDeps) {
  const { eventStore, readStore } = deps.runtime;
  const now = deps.now ?? Date.now;
  const run = teamCommandRunner(deps);
  const memberView = (teamId: number, userId: number) => viewAs(readStore, teamId, userId);
  const people = (userIds: number[]) => peopleIn(readStore, userIds);

  async function uniqueShareCode(): Promise<string> {
    for (;;) {
      const code = newShareCode();
      if (!(await teams(readStore).findOne({ shareCode: code }))) return code;
    }
  }

  return {
    async create(input: { name: string; sourceProjectIds: number[]; sourceTaskProjectIds: number[] }, caller: Caller) {
      const teamId = nextNumericId(now());
      const data = {
        teamId,
        name: input.name,
        ownerId: caller.userId,
        shareCode: await uniqueShareCode(),
        poster: teamId % 9,
        sourceProjectIds: input.sourceProjectIds,
        sourceTaskProjectIds: input.sourceTaskProjectIds,
      };
      await run(teamId, { type: 'CreateTeam', data }, caller);
      return { teamId };
    },

    init: (
      teamId: number,
      input: { name: string; sourceProjectIds: number[]; sourceTaskProjectIds: number[] },
      caller: Caller,
    ) => run(teamId, { type: 'InitTeam', data: input, metadata: { actorId: caller.userId } }, caller),

    async get(teamId: number, caller: Caller) {
      const { team, role } = await memberView(teamId, caller.userId);
      const owner = (await people([team.ownerId])).get(team.ownerId);
      return {
        teamId: team.teamId,
        name: team.name,
        poster: team.poster,
        ownerId: team.ownerId,
        ownerName: displayName(owner),
        memberCount: team.members.length,
        myRole: role,
        createdAt: team.createdAt,
      };
    },

    update: (teamId: number, input: { name: string; poster: number }, caller: Caller) =>
      run(teamId, { type: 'UpdateTeam', data: input, metadata: { actorId: caller.userId } }, caller),

    async shareInfo(teamId: number, caller: Caller) {
      const { team } = await memberView(teamId, caller.userId);
      return { shareCode: team.shareCode, teamName: team.name };
    },

    async refreshShareCode(teamId: number, caller: Caller) {
      const shareCode = await uniqueShareCode();
      await run(
        teamId,
        { type: 'RefreshShareCode', data: { shareCode }, metadata: { actorId: caller.userId } },
        caller,
      );
      return { shareCode };
    },

    async invitation(shareCode: string, inviterId: number, caller: Caller) {
      const team = shareCode ? await teams(readStore).findOne({ shareCode }) : null;
      if (!team) throw notFound(messages.shareCodeInvalid);
      const inviterIsMember = team.members.some((m) => m.userId === inviterId);
      const inviter = inviterIsMember ? (await people([inviterId])).get(inviterId) : undefined;
      return {
        teamId: team.teamId,
        teamName: team.name,
        poster: team.poster,
        memberCount: team.members.length,
        inviterName: displayName(inviter),
        alreadyMember: caller.userId > 0 && team.members.some((m) => m.userId === caller.userId),
      };
    },

    async join(shareCode: string, inviterId: number, caller: Caller) {
      const team = shareCode ? await teams(readStore).findOne({ shareCode }) : null;
      if (!team) throw notFound(messages.shareCodeInvalid);
      await run(
        team.teamId,
        { type: 'JoinByShareCode', data: { shareCode, inviterId }, metadata: { actorId: caller.userId } },
        caller,
      );
      return { teamId: team.teamId };
    },

    changeRole: (teamId: number, userId: number, role: TeamRole, caller: Caller) =>
      run(teamId, { type: 'ChangeMemberRole', data: { userId, role }, metadata: { actorId: caller.userId } }, caller),

    remove: (teamId: number, userId: number, caller: Caller) =>
      run(teamId, { type: 'RemoveMember', data: { userId }, metadata: { actorId: caller.userId } }, caller),

    transferOwnership: (teamId: number, userId: number, caller: Caller) =>
      run(teamId, { type: 'TransferOwnership', data: { userId }, metadata: { actorId: caller.userId } }, caller),

    leave: (teamId: number, caller: Caller) =>
      run(teamId, { type: 'LeaveTeam', data: {}, metadata: { actorId: caller.userId } }, caller),

    async myTeams(caller: Caller) {
      const mine = await teams(readStore).find({ 'members.userId': caller.userId }, { sort: { createdAt: 1 } });
      const list = mine.map((team) => {
        const entry = team.members.find((m) => m.userId === caller.userId)!;
        return {
          teamId: team.teamId,
          name: team.name,
          poster: team.poster,
          role: entry.role,
          joinedAt: entry.joinedAt,
        };
      });
      const active = (await activeTeams(readStore).findOne({ _id: String(caller.userId) }))?.teamId ?? 0;
      return { teams: list, activeTeamId: list.some((t) => t.teamId === active) ? active : 0 };
    },

    async setActive(teamId: number, caller: Caller) {
      const team = await teams(readStore).findOne({ _id: String(teamId) });
      const isMember = Boolean(team?.members.some((m) => m.userId === caller.userId));
      const { result } = await handleCommand(
        eventStore,
        teamSelectionStreamId(caller.userId),
        teamSelectionDecider,
        { type: 'ChooseActiveTeam', data: { userId: caller.userId, teamId, isMember } },
        { actor: String(caller.userId), correlationId: caller.correlationId, at: now() },
      );
      if (result.lastGlobalPosition > 0) await deps.projections.waitFor(result.lastGlobalPosition);
    },

    async members(
      teamId: number,
      query: { text: string; role?: TeamRole; sort: MemberSort; descending: boolean; offset: number; limit: number },
      caller: Caller,
    ) {
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

    async membership(teamId: number, userId: number) {
      const team = await teams(readStore).findOne({ _id: String(teamId) });
      const role = team?.members.find((m) => m.userId === userId)?.role;
      if (!role) throw notFound(messages.notMember);
      return role;
    },
  };
}

export type Teams = ReturnType<typeof createTeams>;

import { type Caller, nextNumericId } from '@pmbok/infra';
import { displayName, type TeamContext } from './context.js';

type TeamSetup = { name: string; sourceProjectIds: number[]; sourceTaskProjectIds: number[] };

/** A team itself: creating it, setting it up in the guide, reading and renaming it. */
export function createTeams(context: TeamContext) {
  const { now, act, runTeam, memberView, people, uniqueShareCode } = context;

  return {
    async create(input: TeamSetup, caller: Caller) {
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
      await runTeam(teamId, { type: 'CreateTeam', data }, caller);
      return { teamId };
    },

    init: (teamId: number, input: TeamSetup, caller: Caller) =>
      runTeam(teamId, { type: 'InitTeam', data: input, ...act(caller) }, caller),

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
      runTeam(teamId, { type: 'UpdateTeam', data: input, ...act(caller) }, caller),
  };
}

export type Teams = ReturnType<typeof createTeams>;

import type { Caller } from '@pmbok/infra';
import { teamSelectionDecider, teamSelectionStreamId } from '../domain/teamSelection/teamSelection.js';
import { activeTeams } from '../projections/activeTeams/index.js';
import { teams } from '../projections/teams/index.js';
import type { TeamContext } from './context.js';

/** The caller's own teams and the one the console works in. */
export function createMyTeams(context: TeamContext) {
  const { readStore, runCommand } = context;

  return {
    async list(caller: Caller) {
      // Viewed, not copied: a team document carries every member, and this runs on every getUserInfo.
      const mine = await teams(readStore).view({ 'members.userId': caller.userId }, { sort: { createdAt: 1 } });
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
      const active = (await activeTeams(readStore).viewOne({ _id: String(caller.userId) }))?.teamId ?? 0;
      return { teams: list, activeTeamId: list.some((t) => t.teamId === active) ? active : 0 };
    },

    async setActive(teamId: number, caller: Caller) {
      const team = await teams(readStore).findOne({ _id: String(teamId) });
      const isMember = Boolean(team?.members.some((m) => m.userId === caller.userId));
      await runCommand(
        teamSelectionStreamId(caller.userId),
        teamSelectionDecider,
        { type: 'ChooseActiveTeam', data: { userId: caller.userId, teamId, isMember } },
        caller,
      );
    },
  };
}

export type MyTeams = ReturnType<typeof createMyTeams>;

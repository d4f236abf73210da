import { type Caller, notFound } from '@pmbok/infra';
import { messages } from '../domain/team/businessLogic.js';
import { teams } from '../projections/teams/index.js';
import { displayName, type TeamContext } from './context.js';

/** Joining by a team's share code (the invitation link anyone may pass on), and renewing the code. */
export function createShareCodes(context: TeamContext) {
  const { readStore, act, runTeam, memberView, people, uniqueShareCode } = context;

  const teamOf = async (shareCode: string) => {
    const team = shareCode ? await teams(readStore).findOne({ shareCode }) : null;
    if (!team) throw notFound(messages.shareCodeInvalid);
    return team;
  };

  return {
    async shareInfo(teamId: number, caller: Caller) {
      const { team } = await memberView(teamId, caller.userId);
      return { shareCode: team.shareCode, teamName: team.name };
    },

    async refreshShareCode(teamId: number, caller: Caller) {
      const shareCode = await uniqueShareCode();
      await runTeam(teamId, { type: 'RefreshShareCode', data: { shareCode }, ...act(caller) }, caller);
      return { shareCode };
    },

    /** What the invitation page shows before joining; the inviter is named only while still a member. */
    async invitation(shareCode: string, inviterId: number, caller: Caller) {
      const team = await teamOf(shareCode);
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
      const team = await teamOf(shareCode);
      await runTeam(team.teamId, { type: 'JoinByShareCode', data: { shareCode, inviterId }, ...act(caller) }, caller);
      return { teamId: team.teamId };
    },
  };
}

export type ShareCodes = ReturnType<typeof createShareCodes>;

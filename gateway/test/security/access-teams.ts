import type { Access, AccessContext } from './access.js';
import { newTelephone } from './world.js';

/** T's owner invites a telephone (again, if it already is: the invitation stands). */
async function invite({ h, w, a }: AccessContext, telephone: string) {
  const answer = await h.call('team/inviteByTelephone', { teamId: w.teamId, telephone }, a.owner.token);
  if (answer.code !== 200 && !answer.msg.includes('邀请')) throw new Error(`invite: ${answer.msg}`);
}

/** The invitee's answer to T's invitation to their own telephone; anyone T did not invite is refused. */
const invitee: Access = {
  least: 'self',
  ownAccount: true,
  fresh: true,
  refusedAlso: ['stranger'],
  async body(c) {
    if (c.allowed) await invite(c, c.me.telephone);
    return {};
  },
  showsTeamToCodeHolder: true,
};

/** Team calls: the team is the `teamId` every body carries (T unless a row says otherwise). */
export const teamAccess: Record<string, Access> = {
  'team/create': { least: 'self', body: () => ({ teamName: '新团队' }) },
  'team/initTeam': { least: 'admin', body: ({ w }) => ({ teamName: w.teamName }) },
  'team/teamInfo': { least: 'teamMember', body: () => ({}) },
  'team/update': { least: 'admin', body: ({ w }) => ({ name: w.teamName }) },
  'team/shareInfo': { least: 'teamMember', body: () => ({}) },
  'team/refreshShareCode': { least: 'admin', body: () => ({}), fresh: true },
  // Whoever holds the share code sees the team it invites to, and may join it.
  'team/shareIndex': { least: 'public', body: ({ w }) => ({ shareCode: w.shareCode }), showsTeamToCodeHolder: true },
  'team/shareJoin': {
    least: 'self',
    body: ({ w }) => ({ shareCode: w.shareCode }),
    fresh: true,
    showsTeamToCodeHolder: true,
  },
  'team/inviteByTelephone': { least: 'admin', body: () => ({ telephone: newTelephone() }) },
  'team/pendingInvitations': { least: 'admin', body: () => ({}) },
  'team/revokeInvitation': {
    least: 'admin',
    async body(c) {
      const telephone = newTelephone();
      await invite(c, telephone);
      return { telephone };
    },
  },
  'team/myInvitations': { least: 'self', body: () => ({}) },
  'team/acceptInvitation': invitee,
  'team/declineInvitation': invitee,
  'team/deleteTeamUser': { least: 'admin', body: ({ a }) => ({ userId: a.teamMember.userId }), fresh: true },
  'team/changeOwner': { least: 'owner', body: ({ a }) => ({ userId: a.admin.userId }), fresh: true },
  'team/updateTeamUser': { least: 'owner', body: ({ a }) => ({ userId: a.teamMember.userId, role: 'member' }) },
};

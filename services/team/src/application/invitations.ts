import { type Caller, forbidden, invalid, notFound } from '@pmbok/infra';
import { messages } from '../domain/team/businessLogic.js';
import { directory } from '../projections/directory/index.js';
import { invitations } from '../projections/invitations/index.js';
import { teams } from '../projections/teams/index.js';
import { displayName, type TeamContext } from './context.js';

const TELEPHONE = /^1[345789]\d{9}$/;

/**
 * Invitations by telephone need the invitee's consent: the team records a pending invitation to the number it
 * typed, and whoever holds that number (verified by the auth service) sees it, accepts or declines. Until then the
 * team learns nothing about the person, not even whether the number has an account.
 */
export function createInvitations(context: TeamContext) {
  const { deps, readStore, act, runTeam, memberView, people } = context;

  /** The caller's current verified telephone; '' for none (a closed account's directory entry has none). */
  async function telephoneOf(caller: Caller, { fresh }: { fresh: boolean }): Promise<string> {
    const find = async () => {
      const telephone = (await directory(readStore).findOne({ _id: String(caller.userId) }))?.telephone ?? '';
      return TELEPHONE.test(telephone) ? telephone : '';
    };
    const known = fresh ? '' : await find();
    if (known) return known;
    await deps.directoryCaughtUp?.().catch((error) => deps.logger.warn({ err: error }, 'directory did not catch up'));
    return find();
  }

  return {
    async invite(teamId: number, telephone: string, caller: Caller) {
      if (!TELEPHONE.test(telephone)) throw invalid('请输入正确手机号码');
      const owner = await directory(readStore).findOne({ telephone });
      await runTeam(
        teamId,
        { type: 'InviteByTelephone', data: { telephone, userId: owner?.userId ?? 0 }, ...act(caller) },
        caller,
      );
      const { team } = await memberView(teamId, caller.userId);
      const inviter = (await people([caller.userId])).get(caller.userId);
      await deps.sms.send(telephone, {
        kind: 'teamInvitation',
        teamName: team.name,
        inviterName: displayName(inviter),
        link: `${deps.publicUrl}/system/#/invite/${team.shareCode}/${caller.userId}`,
      });
      return { invited: true };
    },

    /** The invitations waiting for the caller's telephone, newest first, in teams the caller is not yet in. */
    async mine(caller: Caller) {
      const telephone = await telephoneOf(caller, { fresh: false });
      if (!telephone) return [];
      const pending = await invitations(readStore).find({ telephone }, { sort: { invitedAt: -1 } });
      const found = await Promise.all(pending.map((p) => teams(readStore).findOne({ _id: String(p.teamId) })));
      const inviters = await people(pending.map((p) => p.inviterId));
      return pending.flatMap((invitation, index) => {
        const team = found[index];
        if (!team || team.members.some((m) => m.userId === caller.userId)) return [];
        return [
          {
            teamId: team.teamId,
            teamName: team.name,
            poster: team.poster,
            inviterName: displayName(inviters.get(invitation.inviterId)),
            invitedAt: invitation.invitedAt,
          },
        ];
      });
    },

    async accept(teamId: number, caller: Caller) {
      const telephone = await telephoneOf(caller, { fresh: true });
      if (!telephone) throw notFound(messages.invitationNotFound);
      await runTeam(teamId, { type: 'AcceptInvitation', data: { telephone }, ...act(caller) }, caller);
      return { teamId };
    },

    async decline(teamId: number, caller: Caller) {
      const telephone = await telephoneOf(caller, { fresh: true });
      if (!telephone) throw notFound(messages.invitationNotFound);
      await runTeam(teamId, { type: 'DeclineInvitation', data: { telephone }, ...act(caller) }, caller);
    },

    /** The team's pending invitations, for its owner and administrators: only the telephones they typed. */
    async pending(teamId: number, caller: Caller) {
      const { role } = await memberView(teamId, caller.userId);
      if (role === 'member') throw forbidden(messages.noPermission);
      const pending = await invitations(readStore).find({ teamId }, { sort: { invitedAt: -1 } });
      const inviters = await people(pending.map((p) => p.inviterId));
      return pending.map((p) => ({
        telephone: p.telephone,
        inviterName: displayName(inviters.get(p.inviterId)),
        invitedAt: p.invitedAt,
      }));
    },

    revoke: (teamId: number, telephone: string, caller: Caller) =>
      runTeam(teamId, { type: 'RevokeInvitation', data: { telephone }, ...act(caller) }, caller),
  };
}

export type Invitations = ReturnType<typeof createInvitations>;

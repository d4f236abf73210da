import type { TeamRole as PublishedTeamRole } from '@pmbok/team-service/events';
import { Type } from '@sinclair/typebox';
import { oneOf } from './wire.js';

/** Answers of the team calls (SPEC §7 Team) and of the members REST surface's records. */

/** A member's role in a team, as the team service publishes it; the owner is unique per team. */
export const TeamRole = oneOf<readonly PublishedTeamRole[]>('owner', 'administrator', 'member');

/** `team/teamInfo` */
export const TeamInfo = Type.Object({
  teamId: Type.Integer(),
  name: Type.String(),
  poster: Type.Integer(),
  ownerId: Type.Integer(),
  ownerName: Type.String(),
  memberCount: Type.Integer(),
  myRole: TeamRole,
  createdAt: Type.Integer(),
});

/** A member as the team service lists it (`userInfo/teamInitCheck`; the REST records add `id`). */
export const TeamMember = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  trueName: Type.String(),
  telephone: Type.String(),
  avatar: Type.String(),
  role: TeamRole,
  joinedAt: Type.Integer(),
});

/** `team/create`, `team/shareJoin`, `team/acceptInvitation`: the team joined or created. */
export const TeamJoined = Type.Object({ teamId: Type.Integer() });
export const ShareInfo = Type.Object({ shareCode: Type.String(), teamName: Type.String() });
export const ShareCode = Type.Object({ shareCode: Type.String() });

/** `team/shareIndex`: the team a share link invites to. */
export const Invitation = Type.Object({
  teamId: Type.Integer(),
  teamName: Type.String(),
  poster: Type.Integer(),
  memberCount: Type.Integer(),
  inviterName: Type.String(),
  alreadyMember: Type.Boolean(),
});

/** `team/inviteByTelephone`: the invitation waits for the invitee to accept. */
export const Invited = Type.Object({ invited: Type.Boolean() });

/** `team/pendingInvitations`: what the team typed and when; nothing about the invitee before they accept. */
export const PendingInvitation = Type.Object({
  telephone: Type.String(),
  inviterName: Type.String(),
  invitedAt: Type.Integer(),
});

/** `team/myInvitations`: an invitation waiting for the signed-in user's telephone. */
export const MyInvitation = Type.Object({
  teamId: Type.Integer(),
  teamName: Type.String(),
  poster: Type.Integer(),
  inviterName: Type.String(),
  invitedAt: Type.Integer(),
});

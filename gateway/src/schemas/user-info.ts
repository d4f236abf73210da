import { Type } from '@sinclair/typebox';
import { KnowledgeProject } from './project.js';
import { TaskProject } from './task.js';
import { TeamMember, TeamRole } from './team.js';
import { Profile } from './user.js';

/** Answers of the signed-in user's own calls (SPEC §7 User info). */

/** SPEC §3 userTeamList entries: the team, its poster and the user's station (role) in it. */
export const UserTeam = Type.Object({
  teamId: Type.Integer(),
  team: Type.Object({ name: Type.String(), poster: Type.Integer() }),
  station: TeamRole,
  joinedAt: Type.Integer(),
});

/** `userInfo/getUserInfo`: the account, its teams and the team the server remembers as last selected. */
export const UserInfo = Type.Composite([
  Profile,
  Type.Object({
    name: Type.String(),
    /** SPEC §6: every signed-in user gets the admin route set; team roles are checked by the services. */
    roles: Type.Array(Type.String()),
    userTeam: Type.Array(UserTeam),
    activeTeamId: Type.Integer(),
  }),
]);

export const Invitee = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  telephone: Type.String(),
  createdAt: Type.Integer(),
});

/** `userInfo/getInviteMessage`: the user's share code and where it leads. */
export const InviteMessage = Type.Object({
  shareCode: Type.String(),
  inviteCount: Type.Integer(),
  invitePath: Type.String(),
});

/** `userInfo/teamInitCheck`: what a new team's guide offers. */
export const TeamInitCheck = Type.Object({
  isEmptyTeam: Type.Boolean(),
  teamName: Type.String(),
  teamUserList: Type.Array(TeamMember),
  /** The team's knowledge-project templates (`project/templates`). */
  templateProjectList: Type.Array(KnowledgeProject),
  templateTaskProjectList: Type.Array(TaskProject),
});

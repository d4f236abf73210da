import type { FieldDefinition } from '../list/fields';
import type { TeamMember, TeamRole } from '../teams/teamApi';

export type MemberRecord = TeamMember & { id: number };

const ROLES: TeamRole[] = ['owner', 'administrator', 'member'];
const roleOption = (role: TeamRole) => ({ value: role, label: `app.team.roles.${role}` });

/** The members' columns and searches (the gateway searches `q` and filters by administrator or member). */
export const memberFields: FieldDefinition<MemberRecord>[] = [
  { name: 'resources.teamUsers.fields.nickname', field: 'nickname', align: 'left', sortable: true, width: 180 },
  { name: 'resources.teamUsers.fields.trueName', field: 'trueName', sortable: true },
  {
    name: 'resources.teamUsers.fields.telephone',
    field: 'telephone',
    bolShowFormItem: true,
    required: true,
  },
  { name: 'resources.teamUsers.fields.role', field: 'role', sortable: true, options: ROLES.map(roleOption) },
  { name: 'resources.teamUsers.fields.joinedAt', field: 'joinedAt', type: 'datetime', sortable: true, width: 180 },
  { name: 'app.team_user.search', field: 'q', bolShowColumn: false, bolShowSearch: true },
  {
    name: 'resources.teamUsers.fields.role',
    field: 'role',
    bolShowColumn: false,
    bolShowSearch: true,
    options: ['administrator' as const, 'member' as const].map(roleOption),
  },
];

/** The server's rule, mirrored to hide pointless buttons: the owner removes anyone else, administrators members. */
export const mayRemove = (myRole: TeamRole | undefined, target: TeamRole) =>
  target !== 'owner' && (myRole === 'owner' || (myRole === 'administrator' && target === 'member'));

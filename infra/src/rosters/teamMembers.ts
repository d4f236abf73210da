import type { TeamEvents, TeamRole } from '@pmbok/team-service/events';
import { publishedBy } from '../events/contract.js';
import { documentProjection, readModel } from '../projections/index.js';
import type { Doc } from '../readStore/types.js';

/**
 * Who belongs to each team, learnt from the team service's events (its `team` topic): the one roster every service
 * that checks team membership keeps of its own (project, task), so they cannot drift apart.
 */
export interface TeamMembersDoc extends Doc {
  teamId: number;
  ownerId: number;
  members: { userId: number; role: TeamRole }[];
}

export const teamMembers = readModel<TeamMembersDoc>('teamMembers', [{ fields: { 'members.userId': 1 } }]);

const setRole = (doc: TeamMembersDoc, userId: number, role: TeamRole) => ({
  ...doc,
  members: [...doc.members.filter((m) => m.userId !== userId), { userId, role }],
});

const withRole = ({ data }: { data: { userId: number; role: TeamRole } }, doc: TeamMembersDoc | null) =>
  doc && setRole(doc, data.userId, data.role);
const departed = ({ data }: { data: { userId: number } }, doc: TeamMembersDoc | null) =>
  doc && { ...doc, members: doc.members.filter((m) => m.userId !== data.userId) };

/**
 * Fed from the bus rather than this service's log; the document remembers the team log position it applied, so a
 * redelivered event is skipped. The owner joins through the `MemberJoined` that follows `TeamCreated`.
 */
export const teamMembersProjection = documentProjection({
  source: publishedBy<TeamEvents>('team'),
  collection: teamMembers,
  stream: 'team',
  on: {
    TeamCreated: ({ data }) => ({ teamId: data.teamId, ownerId: data.ownerId, members: [] }),
    MemberJoined: withRole,
    MemberRoleChanged: withRole,
    MemberLeft: departed,
    MemberRemoved: departed,
    OwnershipTransferred: ({ data: { from, to } }, doc) =>
      doc && { ...setRole(setRole(doc, from, 'administrator'), to, 'owner'), ownerId: to },
  },
});

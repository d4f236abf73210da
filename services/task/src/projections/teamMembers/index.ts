import { type Collection, type Doc, documentProjection, type ReadStore } from '@pmbok/infra';

export type TeamRole = 'owner' | 'administrator' | 'member';

/** Who belongs to each team, learnt from the team service's events (its `team` topic). */
export interface TeamMembersDoc extends Doc {
  teamId: number;
  ownerId: number;
  members: { userId: number; role: TeamRole }[];
}

const COLLECTION = 'teamMembers';
export const teamMembers = (store: ReadStore): Collection<TeamMembersDoc> =>
  store.collection<TeamMembersDoc>(COLLECTION, [{ fields: { 'members.userId': 1 } }]);

const setRole = (doc: TeamMembersDoc, userId: number, role: TeamRole) => ({
  ...doc,
  members: [...doc.members.filter((m) => m.userId !== userId), { userId, role }],
});

/**
 * Fed from the bus rather than this service's log; the document remembers the team log position it applied, so a
 * redelivered event is skipped. The owner joins through the `MemberJoined` that follows `TeamCreated`.
 */
export const teamMembersProjection = documentProjection<TeamMembersDoc>({
  name: 'teamMembers',
  collection: COLLECTION,
  canHandle: [
    'TeamCreated',
    'MemberJoined',
    'MemberRoleChanged',
    'MemberLeft',
    'MemberRemoved',
    'OwnershipTransferred',
  ],
  documentId: (event) => event.metadata.streamId.slice('team-'.length),
  evolve(doc, event) {
    const data = event.data as { teamId: number; ownerId: number; userId: number; role: TeamRole };
    if (event.type === 'TeamCreated') {
      return { _id: String(data.teamId), teamId: data.teamId, ownerId: data.ownerId, members: [] };
    }
    if (!doc) return null;
    switch (event.type) {
      case 'MemberJoined':
      case 'MemberRoleChanged':
        return setRole(doc, data.userId, data.role);
      case 'MemberLeft':
      case 'MemberRemoved':
        return { ...doc, members: doc.members.filter((m) => m.userId !== data.userId) };
      case 'OwnershipTransferred': {
        const { from, to } = event.data as { from: number; to: number };
        return { ...setRole(setRole(doc, from, 'administrator'), to, 'owner'), ownerId: to };
      }
      default:
        return doc;
    }
  },
});

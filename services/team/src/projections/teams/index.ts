import { type Collection, type Doc, documentProjection, type IndexSpec, type ReadStore } from '@pmbok/infra';
import type { TeamEvent, TeamRole } from '../../domain/team/team.js';

export interface MemberEntry {
  userId: number;
  role: TeamRole;
  joinedAt: number;
}

export interface TeamDoc extends Doc {
  teamId: number;
  name: string;
  poster: number;
  ownerId: number;
  shareCode: string;
  createdAt: number;
  members: MemberEntry[];
  sourceProjectIds: number[];
  sourceTaskProjectIds: number[];
}

const COLLECTION = 'teams';
const indexes: IndexSpec[] = [{ fields: { shareCode: 1 }, unique: true }, { fields: { 'members.userId': 1 } }];

export const teams = (store: ReadStore): Collection<TeamDoc> => store.collection<TeamDoc>(COLLECTION, indexes);

const setRole = (doc: TeamDoc, userId: number, role: TeamRole) =>
  doc.members.map((m) => (m.userId === userId ? { ...m, role } : m));

export const teamsProjection = documentProjection<TeamDoc>({
  name: 'teams',
  collection: COLLECTION,
  indexes,
  canHandle: [
    'TeamCreated',
    'TeamInitialized',
    'TeamUpdated',
    'ShareCodeRefreshed',
    'MemberJoined',
    'MemberRoleChanged',
    'MemberRemoved',
    'MemberLeft',
    'OwnershipTransferred',
  ],
  documentId: (event) => event.metadata.streamId.slice('team-'.length),
  evolve(doc, recorded) {
    const event = recorded as unknown as TeamEvent;
    if (event.type === 'TeamCreated') {
      const { teamId, name, poster, ownerId, shareCode, sourceProjectIds, sourceTaskProjectIds } = event.data;
      return {
        _id: String(teamId),
        teamId,
        name,
        poster,
        ownerId,
        shareCode,
        createdAt: recorded.metadata.at,
        members: [],
        sourceProjectIds,
        sourceTaskProjectIds,
      };
    }
    if (!doc) return null;
    switch (event.type) {
      case 'TeamInitialized':
        return {
          ...doc,
          name: event.data.name,
          sourceProjectIds: event.data.sourceProjectIds,
          sourceTaskProjectIds: event.data.sourceTaskProjectIds,
        };
      case 'TeamUpdated':
        return { ...doc, name: event.data.name, poster: event.data.poster };
      case 'ShareCodeRefreshed':
        return { ...doc, shareCode: event.data.shareCode };
      case 'MemberJoined':
        return {
          ...doc,
          members: [
            ...doc.members,
            { userId: event.data.userId, role: event.data.role, joinedAt: recorded.metadata.at },
          ],
        };
      case 'MemberRoleChanged':
        return { ...doc, members: setRole(doc, event.data.userId, event.data.role) };
      case 'MemberRemoved':
      case 'MemberLeft':
        return { ...doc, members: doc.members.filter((m) => m.userId !== event.data.userId) };
      case 'OwnershipTransferred': {
        const members = setRole(
          { ...doc, members: setRole(doc, event.data.from, 'administrator') },
          event.data.to,
          'owner',
        );
        return { ...doc, ownerId: event.data.to, members };
      }
      default:
        return doc;
    }
  },
});

import { type Doc, documentProjection, type IndexSpec, ownLog, readModel } from '@pmbok/infra';
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

const indexes: IndexSpec[] = [{ fields: { shareCode: 1 }, unique: true }, { fields: { 'members.userId': 1 } }];
export const teams = readModel<TeamDoc>('teams', indexes);

const setRole = (members: MemberEntry[], userId: number, role: TeamRole) =>
  members.map((m) => (m.userId === userId ? { ...m, role } : m));

const departed = ({ data }: { data: { userId: number } }, doc: TeamDoc | null) =>
  doc && { ...doc, members: doc.members.filter((m) => m.userId !== data.userId) };

export const teamsProjection = documentProjection({
  source: ownLog<TeamEvent>(),
  collection: teams,
  stream: 'team',
  on: {
    TeamCreated: ({ data, metadata }) => ({
      teamId: data.teamId,
      name: data.name,
      poster: data.poster,
      ownerId: data.ownerId,
      shareCode: data.shareCode,
      createdAt: metadata.at,
      members: [],
      sourceProjectIds: data.sourceProjectIds,
      sourceTaskProjectIds: data.sourceTaskProjectIds,
    }),
    TeamInitialized: ({ data }, doc) =>
      doc && {
        ...doc,
        name: data.name,
        sourceProjectIds: data.sourceProjectIds,
        sourceTaskProjectIds: data.sourceTaskProjectIds,
      },
    TeamUpdated: ({ data }, doc) => doc && { ...doc, name: data.name, poster: data.poster },
    ShareCodeRefreshed: ({ data }, doc) => doc && { ...doc, shareCode: data.shareCode },
    MemberJoined: ({ data, metadata }, doc) =>
      doc && { ...doc, members: [...doc.members, { userId: data.userId, role: data.role, joinedAt: metadata.at }] },
    MemberRoleChanged: ({ data }, doc) => doc && { ...doc, members: setRole(doc.members, data.userId, data.role) },
    MemberRemoved: departed,
    MemberLeft: departed,
    OwnershipTransferred: ({ data }, doc) =>
      doc && {
        ...doc,
        ownerId: data.to,
        members: setRole(setRole(doc.members, data.from, 'administrator'), data.to, 'owner'),
      },
  },
});

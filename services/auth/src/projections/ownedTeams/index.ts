import { type Collection, type Doc, documentProjection, type ReadStore } from '@pmbok/infra';

/** Teams and their owners, learnt from the team service's events: closing an account needs to know. */
export interface TeamOwnershipDoc extends Doc {
  teamId: number;
  name: string;
  ownerId: number;
  memberIds: number[];
}

export const teamOwnership = (store: ReadStore): Collection<TeamOwnershipDoc> =>
  store.collection<TeamOwnershipDoc>('teamOwnership');

type TeamEventData = { teamId?: number; name?: string; ownerId?: number; userId?: number; from?: number; to?: number };

export const teamOwnershipProjection = documentProjection<TeamOwnershipDoc>({
  name: 'teamOwnership',
  collection: 'teamOwnership',
  canHandle: [
    'TeamCreated',
    'TeamUpdated',
    'TeamInitialized',
    'MemberJoined',
    'MemberLeft',
    'MemberRemoved',
    'OwnershipTransferred',
  ],
  documentId: (event) => event.metadata.streamId.slice('team-'.length),
  evolve(doc, event) {
    const data = event.data as TeamEventData;
    if (event.type === 'TeamCreated') {
      return {
        _id: String(data.teamId),
        teamId: data.teamId!,
        name: data.name!,
        ownerId: data.ownerId!,
        memberIds: [],
      };
    }
    if (!doc) return null;
    switch (event.type) {
      case 'TeamUpdated':
      case 'TeamInitialized':
        return { ...doc, name: data.name! };
      case 'MemberJoined':
        return { ...doc, memberIds: [...doc.memberIds.filter((id) => id !== data.userId), data.userId!] };
      case 'MemberLeft':
      case 'MemberRemoved':
        return { ...doc, memberIds: doc.memberIds.filter((id) => id !== data.userId) };
      case 'OwnershipTransferred':
        return { ...doc, ownerId: data.to! };
      default:
        return doc;
    }
  },
});

/** The name of a team the user owns that has members besides them, or '' when there is none. */
export async function ownedTeamWithMembers(store: ReadStore, userId: number): Promise<string> {
  const owned = await teamOwnership(store).find({ ownerId: userId });
  return owned.find((team) => team.memberIds.some((id) => id !== userId))?.name ?? '';
}

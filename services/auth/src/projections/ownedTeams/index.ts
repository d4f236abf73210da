import { type Doc, documentProjection, publishedBy, type ReadStore, readModel } from '@pmbok/infra';
import type { TeamEvents } from '@pmbok/team-service/events';

/** Teams and their owners, learnt from the team service's events: closing an account needs to know. */
export interface TeamOwnershipDoc extends Doc {
  teamId: number;
  name: string;
  ownerId: number;
  memberIds: number[];
}

export const teamOwnership = readModel<TeamOwnershipDoc>('teamOwnership');

const renamed = ({ data }: { data: { name: string } }, doc: TeamOwnershipDoc | null) =>
  doc && { ...doc, name: data.name };
const departed = ({ data }: { data: { userId: number } }, doc: TeamOwnershipDoc | null) =>
  doc && { ...doc, memberIds: doc.memberIds.filter((id) => id !== data.userId) };

export const teamOwnershipProjection = documentProjection({
  source: publishedBy<TeamEvents>('team'),
  collection: teamOwnership,
  stream: 'team',
  on: {
    TeamCreated: ({ data }) => ({
      teamId: data.teamId,
      name: data.name,
      ownerId: data.ownerId,
      memberIds: [],
    }),
    TeamUpdated: renamed,
    TeamInitialized: renamed,
    MemberJoined: ({ data }, doc) =>
      doc && { ...doc, memberIds: [...doc.memberIds.filter((id) => id !== data.userId), data.userId] },
    MemberLeft: departed,
    MemberRemoved: departed,
    OwnershipTransferred: ({ data }, doc) => doc && { ...doc, ownerId: data.to },
  },
});

/** The name of a team the user owns that has members besides them, or '' when there is none. */
export async function ownedTeamWithMembers(store: ReadStore, userId: number): Promise<string> {
  const owned = await teamOwnership(store).find({ ownerId: userId });
  return owned.find((team) => team.memberIds.some((id) => id !== userId))?.name ?? '';
}

import { type DomainEvent, type PublishedEvent, streamId } from '@pmbok/infra';
import type { TeamEvents, TeamRole } from '@pmbok/team-service/events';

export type { TeamRole } from '@pmbok/team-service/events';

// The events other services read are declared, with their versions, in the published contract (src/published.ts);
// these add what stays inside the service.
export type TeamCreated = PublishedEvent<TeamEvents, 'TeamCreated'> & { data: { shareCode: string } };
export type TeamInitialized = PublishedEvent<TeamEvents, 'TeamInitialized'>;
export type TeamUpdated = PublishedEvent<TeamEvents, 'TeamUpdated'>;
export type ShareCodeRefreshed = DomainEvent<'ShareCodeRefreshed', { shareCode: string }>;
export type MemberJoined = PublishedEvent<TeamEvents, 'MemberJoined'> & {
  /** The invited telephone, when the member came through an invitation; that invitation is no longer pending. */
  data: { telephone?: string };
};
export type MemberRoleChanged = PublishedEvent<TeamEvents, 'MemberRoleChanged'>;
export type MemberRemoved = PublishedEvent<TeamEvents, 'MemberRemoved'>;
export type MemberLeft = PublishedEvent<TeamEvents, 'MemberLeft'>;
export type OwnershipTransferred = PublishedEvent<TeamEvents, 'OwnershipTransferred'>;
/** A pending invitation to a telephone, registered or not; nobody joins until the telephone's owner accepts. */
export type TelephoneInvited = DomainEvent<'TelephoneInvited', { telephone: string; inviterId: number }>;
/** The owner of the invited telephone said no; the invitation is no longer pending. */
export type InvitationDeclined = DomainEvent<'InvitationDeclined', { telephone: string; userId: number }>;
/** An owner or administrator withdrew a pending invitation. */
export type InvitationRevoked = DomainEvent<'InvitationRevoked', { telephone: string; revokedBy: number }>;

export type TeamEvent =
  | TeamCreated
  | TeamInitialized
  | TeamUpdated
  | ShareCodeRefreshed
  | MemberJoined
  | MemberRoleChanged
  | MemberRemoved
  | MemberLeft
  | OwnershipTransferred
  | TelephoneInvited
  | InvitationDeclined
  | InvitationRevoked;

export type Team =
  | { status: 'none' }
  | {
      status: 'active';
      teamId: number;
      name: string;
      ownerId: number;
      shareCode: string;
      members: ReadonlyMap<number, TeamRole>;
      /** Telephones with a pending invitation, with who invited them. */
      pendingTelephones: ReadonlyMap<string, number>;
    };

export const initialState = (): Team => ({ status: 'none' });
export const teamStreamId = (teamId: number) => streamId('team', teamId);

const withMembers = (state: Team, change: (members: Map<number, TeamRole>) => void): Team => {
  if (state.status !== 'active') return state;
  const members = new Map(state.members);
  change(members);
  return { ...state, members };
};

const withPending = (state: Team, change: (pending: Map<string, number>) => void): Team => {
  if (state.status !== 'active') return state;
  const pendingTelephones = new Map(state.pendingTelephones);
  change(pendingTelephones);
  return { ...state, pendingTelephones };
};

export function evolve(state: Team, event: TeamEvent): Team {
  switch (event.type) {
    case 'TeamCreated': {
      const { teamId, name, ownerId, shareCode } = event.data;
      return { status: 'active', teamId, name, ownerId, shareCode, members: new Map(), pendingTelephones: new Map() };
    }
    case 'TeamInitialized':
    case 'TeamUpdated':
      return state.status === 'active' ? { ...state, name: event.data.name } : state;
    case 'ShareCodeRefreshed':
      return state.status === 'active' ? { ...state, shareCode: event.data.shareCode } : state;
    case 'MemberJoined': {
      const joined = withMembers(state, (members) => members.set(event.data.userId, event.data.role));
      const { telephone } = event.data;
      return telephone ? withPending(joined, (pending) => pending.delete(telephone)) : joined;
    }
    case 'MemberRoleChanged':
      return withMembers(state, (members) => members.set(event.data.userId, event.data.role));
    case 'MemberRemoved':
    case 'MemberLeft':
      return withMembers(state, (members) => members.delete(event.data.userId));
    case 'OwnershipTransferred': {
      const next = withMembers(state, (members) => {
        members.set(event.data.from, 'administrator');
        members.set(event.data.to, 'owner');
      });
      return next.status === 'active' ? { ...next, ownerId: event.data.to } : next;
    }
    case 'TelephoneInvited':
      return withPending(state, (pending) => pending.set(event.data.telephone, event.data.inviterId));
    case 'InvitationDeclined':
    case 'InvitationRevoked':
      return withPending(state, (pending) => pending.delete(event.data.telephone));
  }
}

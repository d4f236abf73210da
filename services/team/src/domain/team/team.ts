import type { DomainEvent } from '@pmbok/infra';

export type TeamRole = 'owner' | 'administrator' | 'member';

export type TeamCreated = DomainEvent<
  'TeamCreated',
  {
    teamId: number;
    name: string;
    ownerId: number;
    shareCode: string;
    poster: number;
    /** Templates the project and task services copy into the new team. */
    sourceProjectIds: number[];
    sourceTaskProjectIds: number[];
  }
>;
export type TeamInitialized = DomainEvent<
  'TeamInitialized',
  { name: string; sourceProjectIds: number[]; sourceTaskProjectIds: number[] }
>;
export type TeamUpdated = DomainEvent<'TeamUpdated', { name: string; poster: number }>;
export type ShareCodeRefreshed = DomainEvent<'ShareCodeRefreshed', { shareCode: string }>;
export type MemberJoined = DomainEvent<
  'MemberJoined',
  {
    userId: number;
    role: TeamRole;
    /**
     * 'invitation': the person accepted a pending invitation to their telephone. 'telephone' is history only: until
     * invitations needed consent, inviting a registered number made its account a member at once.
     */
    via: 'created' | 'shareCode' | 'telephone' | 'invitation';
    inviterId: number;
    /** The invited telephone, when the member came through an invitation; that invitation is no longer pending. */
    telephone?: string;
  }
>;
export type MemberRoleChanged = DomainEvent<'MemberRoleChanged', { userId: number; role: TeamRole }>;
export type MemberRemoved = DomainEvent<'MemberRemoved', { userId: number }>;
export type MemberLeft = DomainEvent<'MemberLeft', { userId: number }>;
export type OwnershipTransferred = DomainEvent<'OwnershipTransferred', { from: number; to: number }>;
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
export const teamStreamId = (teamId: number) => `team-${teamId}`;

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

import { conflict, type Decider, type DomainEvent } from '@pmbok/infra';

/**
 * A telephone or a login username belongs to at most one account. Claiming it on its own stream with
 * optimistic concurrency is what makes two simultaneous registrations of one number end with one account.
 */
export type IdentifierClaimed = DomainEvent<'IdentifierClaimed', { identifier: string; userId: number }>;
/** Given up (the account moved to another number, cleared its username, or closed), so it is free again. */
export type IdentifierReleased = DomainEvent<'IdentifierReleased', { identifier: string; userId: number }>;
export type IdentifierClaimEvent = IdentifierClaimed | IdentifierReleased;

export type IdentifierClaim = { status: 'free' } | { status: 'claimed'; userId: number };

export type ReleaseIdentifier = { type: 'ReleaseIdentifier'; data: { identifier: string; userId: number } };
export type ClaimIdentifier = {
  type: 'ClaimIdentifier';
  /** `holderActive`: whether the holder's account exists (a claim whose registration crashed does not hold). */
  data: { identifier: string; userId: number; holderActive: boolean; takenMessage: string };
};

export type IdentifierKind = 'telephone' | 'username' | 'wechat';
export const identifierStreamId = (kind: IdentifierKind, identifier: string) =>
  `${kind}-${kind === 'username' ? identifier.toLowerCase() : identifier}`;

export const initialState = (): IdentifierClaim => ({ status: 'free' });

export const evolve = (_state: IdentifierClaim, event: IdentifierClaimEvent): IdentifierClaim =>
  event.type === 'IdentifierClaimed' ? { status: 'claimed', userId: event.data.userId } : { status: 'free' };

export function decide(command: ClaimIdentifier | ReleaseIdentifier, state: IdentifierClaim): IdentifierClaimEvent[] {
  const { identifier, userId } = command.data;
  if (command.type === 'ReleaseIdentifier') {
    if (state.status !== 'claimed' || state.userId !== userId) return [];
    return [{ type: 'IdentifierReleased', data: { identifier, userId } }];
  }
  if (state.status === 'claimed' && state.userId === userId) return [];
  if (state.status === 'claimed' && command.data.holderActive) throw conflict(command.data.takenMessage);
  return [{ type: 'IdentifierClaimed', data: { identifier, userId } }];
}

export const identifierClaimDecider: Decider<
  IdentifierClaim,
  ClaimIdentifier | ReleaseIdentifier,
  IdentifierClaimEvent
> = { decide, evolve, initialState };

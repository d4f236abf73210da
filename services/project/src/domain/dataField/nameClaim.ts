import { conflict, type Decider, type DomainEvent } from '@pmbok/infra';
import type { FieldLibrary } from './dataField.js';

/**
 * A field name belongs to at most one field of a library, regardless of case (ADR 3's claim streams, as the auth
 * service holds telephones and usernames): the name is claimed on its own stream with optimistic concurrency, so
 * two saves of one name at once end with one field. A claim whose field was since deleted or renamed, or never got
 * created within CLAIM_PENDING_MS (a crash between the two appends), does not hold, and the next claimant takes it.
 */
export type DataFieldNameClaimed = DomainEvent<
  'DataFieldNameClaimed',
  { nameKey: string; dataFieldId: number; claimedAt: number }
>;
export type DataFieldNameReleased = DomainEvent<'DataFieldNameReleased', { nameKey: string; dataFieldId: number }>;
export type NameClaimEvent = DataFieldNameClaimed | DataFieldNameReleased;

export type NameClaim = { status: 'free' } | { status: 'claimed'; dataFieldId: number; claimedAt: number };

/** A claim whose field is not written yet holds this long (the save in progress), then counts as abandoned. */
export const CLAIM_PENDING_MS = 60_000;

export type ClaimFieldName = {
  type: 'ClaimFieldName';
  /**
   * `holderActive`: whether `checkedHolder` (the holder when the caller looked; 0 for none) still is a field of
   * this library with this name. A different holder by the time the claim is decided (a racing save took it) was
   * not checked, so it holds.
   */
  data: {
    nameKey: string;
    dataFieldId: number;
    checkedHolder: number;
    holderActive: boolean;
    takenMessage: string;
    at: number;
  };
};
export type ReleaseFieldName = { type: 'ReleaseFieldName'; data: { nameKey: string; dataFieldId: number } };

/** `dataFieldName-team.7-userid`, `dataFieldName-project.42-userid`: one stream per library and name. */
export const nameClaimStreamId = (library: FieldLibrary, nameKey: string) =>
  `dataFieldName-${library.scope === 'team' ? `team.${library.teamId}` : `project.${library.projectId}`}-${nameKey}`;

export function decideNameClaim(command: ClaimFieldName | ReleaseFieldName, state: NameClaim): NameClaimEvent[] {
  const { nameKey, dataFieldId } = command.data;
  if (command.type === 'ReleaseFieldName') {
    if (state.status !== 'claimed' || state.dataFieldId !== dataFieldId) return [];
    return [{ type: 'DataFieldNameReleased', data: { nameKey, dataFieldId } }];
  }
  if (state.status === 'claimed' && state.dataFieldId === dataFieldId) return [];
  const { checkedHolder, holderActive, takenMessage, at } = command.data;
  if (state.status === 'claimed' && (holderActive || state.dataFieldId !== checkedHolder)) {
    throw conflict(takenMessage);
  }
  return [{ type: 'DataFieldNameClaimed', data: { nameKey, dataFieldId, claimedAt: at } }];
}

export const evolveNameClaim = (_state: NameClaim, event: NameClaimEvent): NameClaim =>
  event.type === 'DataFieldNameClaimed'
    ? { status: 'claimed', dataFieldId: event.data.dataFieldId, claimedAt: event.data.claimedAt }
    : { status: 'free' };

export const nameClaimDecider: Decider<NameClaim, ClaimFieldName | ReleaseFieldName, NameClaimEvent> = {
  decide: decideNameClaim,
  evolve: evolveNameClaim,
  initialState: () => ({ status: 'free' }),
};

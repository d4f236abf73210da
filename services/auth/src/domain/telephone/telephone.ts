import { conflict, type Decider, type DomainEvent } from '@pmbok/infra';
import { messages } from '../rules.js';

/**
 * A telephone belongs to at most one account. Claiming it on its own stream with optimistic concurrency is
 * what makes two simultaneous registrations of one number end with one account.
 */
export type TelephoneClaimed = DomainEvent<'TelephoneClaimed', { telephone: string; userId: number }>;
/** The number was given up (the account moved to another number), so it may be registered again. */
export type TelephoneReleased = DomainEvent<'TelephoneReleased', { telephone: string; userId: number }>;
export type TelephoneEvent = TelephoneClaimed | TelephoneReleased;

export type Telephone = { status: 'free' } | { status: 'claimed'; userId: number };

export type ReleaseTelephone = { type: 'ReleaseTelephone'; data: { telephone: string; userId: number } };
export type ClaimTelephone = {
  type: 'ClaimTelephone';
  /** `holderRegistered`: whether the current holder's account exists (a claim whose registration crashed does not hold). */
  data: { telephone: string; userId: number; holderRegistered: boolean };
};

export const telephoneStreamId = (telephone: string) => `telephone-${telephone}`;
export const initialState = (): Telephone => ({ status: 'free' });

export const evolve = (_state: Telephone, event: TelephoneEvent): Telephone =>
  event.type === 'TelephoneClaimed' ? { status: 'claimed', userId: event.data.userId } : { status: 'free' };

export function decide(command: ClaimTelephone | ReleaseTelephone, state: Telephone): TelephoneEvent[] {
  if (command.type === 'ReleaseTelephone') {
    if (state.status !== 'claimed' || state.userId !== command.data.userId) return [];
    return [{ type: 'TelephoneReleased', data: command.data }];
  }
  if (state.status === 'claimed' && command.data.holderRegistered) throw conflict(messages.alreadyRegistered);
  return [{ type: 'TelephoneClaimed', data: { telephone: command.data.telephone, userId: command.data.userId } }];
}

export const telephoneDecider: Decider<Telephone, ClaimTelephone | ReleaseTelephone, TelephoneEvent> = {
  decide,
  evolve,
  initialState,
};

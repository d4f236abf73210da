import { type Decider, type DomainEvent, rateLimited } from '@pmbok/infra';
import { shareMessages } from './share.js';

/**
 * Wrong passwords of a link, in a sliding window (stream `projectShareGuard-<shareId>` for all addresses and
 * `projectShareGuard-<shareId>-<address>` for one): past the limit the link refuses every password, the right one
 * too, until the window has moved on, so guessing costs a guesser time instead of only tries.
 */
export type SharePasswordFailed = DomainEvent<'SharePasswordFailed', { at: number }>;

export const GUARD_WINDOW_MS = 10 * 60 * 1000;
export const guardLimits = { perAddress: 5, perLink: 20 } as const;

export const shareGuardStreamId = (shareId: number, address?: string) =>
  address ? `projectShareGuard-${shareId}-${address}` : `projectShareGuard-${shareId}`;

export interface ShareGuard {
  failures: readonly number[];
}

export type ShareGuardCommand = { type: 'RecordFailure'; metadata: { now: number } };

export const recentFailures = (state: ShareGuard, now: number) =>
  state.failures.filter((at) => at > now - GUARD_WINDOW_MS).length;

export function checkAttempts(state: ShareGuard, now: number, limit: number): void {
  if (recentFailures(state, now) >= limit) throw rateLimited(shareMessages.tooManyAttempts);
}

export const shareGuardDecider: Decider<ShareGuard, ShareGuardCommand, SharePasswordFailed> = {
  decide: (command) => [{ type: 'SharePasswordFailed', data: { at: command.metadata.now } }],
  evolve: (state, event) => ({
    failures: [...state.failures.filter((at) => at > event.data.at - GUARD_WINDOW_MS), event.data.at],
  }),
  initialState: () => ({ failures: [] }),
};

import type { Decider } from '@pmbok/infra';
import {
  type Attempt,
  type Delivery,
  type DeliveryEvent,
  type DeliveryQueued,
  evolve,
  initialState,
} from './delivery.js';

/** docs/api/messaging.md: retried after 10 s, 1 min, 5 min and 30 min; then it has failed. */
export const DEFAULT_RETRY_MS: readonly number[] = [10_000, 60_000, 300_000, 1_800_000];

/** `PMBOK_WEBHOOK_RETRY_MS` (comma-separated ms; tests use short ones); anything malformed keeps the default. */
export function retryDelaysOf(value: string | undefined): number[] {
  if (!value?.trim()) return [...DEFAULT_RETRY_MS];
  const delays = value.split(',').map((part) => Number(part.trim()));
  return delays.every((ms) => Number.isSafeInteger(ms) && ms >= 0) ? delays : [...DEFAULT_RETRY_MS];
}

export type QueueDelivery = { type: 'QueueDelivery'; data: DeliveryQueued['data'] };
export type RecordAttempt = {
  type: 'RecordAttempt';
  data: { attempt: Attempt; delivered: boolean; retryDelaysMs: readonly number[] };
};
/** The webhook was deleted or disabled before the delivery went: it is given up without sending. */
export type CancelDelivery = { type: 'CancelDelivery'; data: { at: number; reason: string } };
export type DeliveryCommand = QueueDelivery | RecordAttempt | CancelDelivery;

const open = (state: Delivery) => state.status === 'pending' || state.status === 'retrying';

export function decide(command: DeliveryCommand, state: Delivery): DeliveryEvent[] {
  switch (command.type) {
    case 'QueueDelivery':
      // The id is derived from the activity and the webhook: a redelivered activity queues nothing new.
      return state.status === 'none' ? [{ type: 'DeliveryQueued', data: command.data }] : [];
    case 'RecordAttempt': {
      if (!open(state) || state.status === 'none') return [];
      const { attempt, delivered, retryDelaysMs } = command.data;
      const ids = { deliveryId: state.deliveryId, webhookId: state.webhookId };
      const made = state.attempts + 1;
      const retryIn = !delivered && !state.test ? retryDelaysMs[made - 1] : undefined;
      const nextAttemptAt = retryIn === undefined ? 0 : attempt.at + retryIn;
      const recorded: DeliveryEvent = { type: 'AttemptRecorded', data: { ...ids, ...attempt, nextAttemptAt } };
      if (delivered) return [recorded, { type: 'DeliverySucceeded', data: { ...ids, at: attempt.at } }];
      if (retryIn === undefined)
        return [recorded, { type: 'DeliveryFailed', data: { ...ids, at: attempt.at, reason: '' } }];
      return [recorded];
    }
    case 'CancelDelivery': {
      if (!open(state) || state.status === 'none') return [];
      const { deliveryId, webhookId } = state;
      return [{ type: 'DeliveryFailed', data: { deliveryId, webhookId, ...command.data } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${String(unknown)}`);
    }
  }
}

export const deliveryDecider: Decider<Delivery, DeliveryCommand, DeliveryEvent> = { decide, evolve, initialState };

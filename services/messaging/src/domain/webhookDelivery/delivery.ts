import { type DomainEvent, sha256, streamId } from '@pmbok/infra';

/** What a delivery says, fixed when it is queued (the webhook's kind, URL and secret are read when it is sent). */
export interface DeliveryMessage {
  /** The notification kind, or 'test'. */
  event: string;
  title: string;
  summary: string;
  /** A console route (or an absolute URL). */
  link: string;
  teamId: number;
  projectId: number;
  actor: { id: number; name: string };
  /** When the activity happened, epoch ms. */
  at: number;
}

export interface Attempt {
  at: number;
  /** 0 when nothing was answered (refused address, timeout, network error). */
  statusCode: number;
  /** Why it failed, for the user; '' on success. */
  error: string;
  durationMs: number;
}

export type DeliveryQueued = DomainEvent<
  'DeliveryQueued',
  DeliveryMessage & {
    deliveryId: number;
    webhookId: number;
    /** 0 for a test message. */
    activityId: number;
    /** A test is sent once, by the call that asked for it; the worker never picks it up. */
    test: boolean;
    createdAt: number;
    /** When the worker sends it first; 0 for a test. */
    nextAttemptAt: number;
  }
>;
export type AttemptRecorded = DomainEvent<
  'AttemptRecorded',
  Attempt & { deliveryId: number; webhookId: number; nextAttemptAt: number }
>;
export type DeliverySucceeded = DomainEvent<'DeliverySucceeded', { deliveryId: number; webhookId: number; at: number }>;
/** After the last attempt, or without one when the webhook was deleted or disabled meanwhile (`reason`). */
export type DeliveryFailed = DomainEvent<
  'DeliveryFailed',
  { deliveryId: number; webhookId: number; at: number; reason: string }
>;
export type DeliveryEvent = DeliveryQueued | AttemptRecorded | DeliverySucceeded | DeliveryFailed;

export type DeliveryStatus = 'pending' | 'retrying' | 'succeeded' | 'failed';

export type Delivery =
  | { status: 'none' }
  | { status: DeliveryStatus; deliveryId: number; webhookId: number; test: boolean; attempts: number };

export const initialState = (): Delivery => ({ status: 'none' });
export const deliveryStreamId = (deliveryId: number) => streamId('webhookDelivery', deliveryId);

export function evolve(state: Delivery, event: DeliveryEvent): Delivery {
  switch (event.type) {
    case 'DeliveryQueued': {
      const { deliveryId, webhookId, test } = event.data;
      return { status: 'pending', deliveryId, webhookId, test, attempts: 0 };
    }
    case 'AttemptRecorded':
      return state.status === 'none' ? state : { ...state, status: 'retrying', attempts: state.attempts + 1 };
    case 'DeliverySucceeded':
      return state.status === 'none' ? state : { ...state, status: 'succeeded' };
    case 'DeliveryFailed':
      return state.status === 'none' ? state : { ...state, status: 'failed' };
    default:
      return state;
  }
}

/** One delivery per activity and webhook: its id derived from both (52 bits of a hash, safe in JSON). */
export const deliveryIdFor = (activityId: number, webhookId: number) =>
  Number.parseInt(sha256(`webhookDelivery:${activityId}:${webhookId}`).slice(0, 13), 16);

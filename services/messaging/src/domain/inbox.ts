import type { Decider } from '@pmbok/infra';

/**
 * A user's read marks in a team's inbox (stream `inbox-<userId>-<teamId>`): some notifications read, or all of them
 * up to a point of this service's log (a watermark: what arrives later stays unread). Account-wide notifications
 * (teamId 0: an invitation, being removed from a team) are read with any team's inbox.
 */
export type NotificationsRead = {
  type: 'NotificationsRead';
  data: { userId: number; teamId: number; notificationIds: number[] };
};
export type AllNotificationsRead = {
  type: 'AllNotificationsRead';
  data: { userId: number; teamId: number; upToPosition: number };
};
export type InboxEvent = NotificationsRead | AllNotificationsRead;

export type MarkRead =
  | { type: 'MarkRead'; data: { userId: number; teamId: number; notificationIds: number[] } }
  | { type: 'MarkAllRead'; data: { userId: number; teamId: number; upToPosition: number } };

export const inboxStreamId = (userId: number, teamId: number) => `inbox-${userId}-${teamId}`;

/** Marks only what is unread (the use case passes those); nothing to mark appends nothing. */
export const inboxDecider: Decider<{ watermark: number }, MarkRead, InboxEvent> = {
  initialState: () => ({ watermark: 0 }),
  evolve: (state, event) =>
    event.type === 'AllNotificationsRead' ? { watermark: Math.max(state.watermark, event.data.upToPosition) } : state,
  decide(command, state) {
    if (command.type === 'MarkRead') {
      return command.data.notificationIds.length > 0 ? [{ type: 'NotificationsRead', data: command.data }] : [];
    }
    return command.data.upToPosition > state.watermark ? [{ type: 'AllNotificationsRead', data: command.data }] : [];
  },
};

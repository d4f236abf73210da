import { type CheckpointStore, type Logger, type ServiceRuntime, sessionsEndedPush } from '@pmbok/infra';
import type { SessionEnded } from '../domain/user/user.js';

/**
 * Closes the live connections of sessions that ended, on every gateway replica: each SessionEnded, whatever
 * ended it (logout, password or telephone change, password reset, account closed), is pushed to its user
 * through the realtime port, and the gateway closes the sockets of the named sessions. Reacting to the events
 * rather than in each use case covers every way a session ends, today's and tomorrow's.
 *
 * A notification, not a record: it starts at the log's head and keeps no checkpoint (a gateway checks the
 * token again on every new connection, so a push lost to a restart only spares sockets already open).
 */
export async function startLiveSessionReactions(runtime: ServiceRuntime, logger: Logger) {
  let position = await runtime.eventStore.head();
  const fromHead: CheckpointStore = {
    load: async () => position,
    store: async (_id, at) => {
      position = at;
    },
  };
  const subscription = await runtime.eventStore.subscribe({
    subscriberId: 'live-sessions',
    checkpoints: fromHead,
    handler: async (events) => {
      // One push per user per batch: closing an account or changing a password ends several sessions at once.
      const endedByUser = new Map<number, string[]>();
      for (const event of events) {
        if (event.type !== 'SessionEnded') continue;
        const userId = Number(event.metadata.streamId.slice('user-'.length));
        const ended = endedByUser.get(userId) ?? [];
        ended.push((event.data as SessionEnded['data']).sessionId);
        endedByUser.set(userId, ended);
      }
      for (const [userId, sessionIds] of endedByUser) {
        await runtime.realtime.publish({ userId }, sessionsEndedPush(sessionIds)).catch((error) => {
          logger.warn({ err: error, userId }, 'ended sessions not pushed to live connections');
        });
      }
    },
  });
  return [() => subscription.stop()];
}

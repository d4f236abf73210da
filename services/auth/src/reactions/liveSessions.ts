import {
  type Logger,
  ownLog,
  parseStreamId,
  reaction,
  type ServiceRuntime,
  sessionsEndedPush,
  startReactions,
} from '@pmbok/infra';
import type { UserEvent } from '../domain/user/user.js';

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
  // One push per user per batch: closing an account or changing a password ends several sessions at once.
  const endedByUser = new Map<number, string[]>();
  const { stops } = await startReactions(runtime, {
    liveSessions: reaction({
      name: 'live-sessions',
      source: ownLog<UserEvent>(),
      start: 'head',
      on: {
        SessionEnded: async ({ data, metadata }) => {
          const userId = parseStreamId(metadata.streamId, 'user');
          endedByUser.set(userId, [...(endedByUser.get(userId) ?? []), data.sessionId]);
        },
      },
      afterBatch: async () => {
        const pushes = [...endedByUser];
        endedByUser.clear();
        for (const [userId, sessionIds] of pushes) {
          await runtime.realtime.publish({ userId }, sessionsEndedPush(sessionIds)).catch((error) => {
            logger.warn({ err: error, userId }, 'ended sessions not pushed to live connections');
          });
        }
      },
    }),
  });
  return stops;
}

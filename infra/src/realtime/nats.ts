import { connect } from '@nats-io/transport-node';
import { type Realtime, subjectOf } from './types.js';

/**
 * Realtime over NATS core subjects (`pmbok.user.<id>`, `pmbok.team.<id>`): every gateway replica subscribes to
 * the audiences of the sockets it holds, so a push published anywhere reaches the right sockets. Pushes are
 * live notifications, not records (those are events), so at-most-once core NATS is the right delivery.
 */
export async function createNatsRealtime(
  url: string,
  options: {
    name?: string /** Subject prefix, so that several installations can share a NATS cluster. */;
    prefix?: string;
  } = {},
): Promise<Realtime> {
  const connection = await connect({
    servers: url.split(','),
    name: options.name ?? 'pmbok',
    maxReconnectAttempts: -1,
  });
  const prefix = options.prefix ?? 'pmbok';
  const subject = (audience: Parameters<typeof subjectOf>[0]) => subjectOf(audience).replace(/^pmbok\./, `${prefix}.`);
  const encoder = new TextEncoder();
  return {
    async publish(audience, payload) {
      connection.publish(subject(audience), encoder.encode(JSON.stringify(payload)));
    },
    async subscribe(audience, listener) {
      const subscription = connection.subscribe(subject(audience), {
        callback: (error, message) => {
          if (!error) listener(message.json());
        },
      });
      // Resolve once the server knows the interest, so a publish right after reaches this subscriber.
      await connection.flush();
      return async () => {
        subscription.unsubscribe();
        await connection.flush();
      };
    },
    async close() {
      await connection.drain();
    },
  };
}

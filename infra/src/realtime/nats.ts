import { connect, headers, type MsgHdrs } from '@nats-io/transport-node';
import { context, propagation, ROOT_CONTEXT } from '@opentelemetry/api';
import { tracingOn } from '../tracing.js';
import { type Realtime, subjectOf } from './types.js';

/** W3C trace context in a message's headers, so that a delivery continues the publisher's trace. */
const headerSetter = { set: (carrier: MsgHdrs, key: string, value: string) => carrier.set(key, value) };
const headerGetter = {
  get: (carrier: MsgHdrs, key: string) => carrier.get(key) || undefined,
  keys: (carrier: MsgHdrs) => carrier.keys(),
};

function traceHeaders(): MsgHdrs | undefined {
  if (!tracingOn()) return undefined;
  const carrier = headers();
  propagation.inject(context.active(), carrier, headerSetter);
  return carrier.keys().length > 0 ? carrier : undefined;
}

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
      const carried = traceHeaders();
      connection.publish(subject(audience), encoder.encode(JSON.stringify(payload)), carried && { headers: carried });
    },
    async subscribe(audience, listener) {
      const subscription = connection.subscribe(subject(audience), {
        callback: (error, message) => {
          if (error) return;
          if (!message.headers || !tracingOn()) return listener(message.json());
          const publisher = propagation.extract(ROOT_CONTEXT, message.headers, headerGetter);
          context.with(publisher, () => listener(message.json()));
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

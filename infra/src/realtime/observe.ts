import { context, SpanKind, trace } from '@opentelemetry/api';
import { livePushes } from '../metrics.js';
import { tracerOf, tracingOn } from '../tracing.js';
import type { Audience, Realtime, RealtimeListener } from './types.js';

const kindOf = (audience: Audience) => ('userId' in audience ? 'user' : 'teamId' in audience ? 'team' : 'topic');

/**
 * The realtime port as one component (a service, the gateway) uses it: pushes handed to its listeners are counted
 * by audience and, with traces on, a publish is a producer span (`push <audience>`) and each delivery a consumer span
 * (`deliver <audience>`) in the publisher's trace: the in-process adapter calls listeners inside the publisher's
 * context, the NATS adapter carries it in the message's headers.
 */
export function observedRealtime(realtime: Realtime, component: string): Realtime {
  return {
    publish(audience, payload) {
      if (!tracingOn()) return realtime.publish(audience, payload);
      return tracerOf(component).startActiveSpan(
        `push ${kindOf(audience)}`,
        { kind: SpanKind.PRODUCER, attributes: pushAttributes(audience, payload) },
        async (span) => {
          try {
            await realtime.publish(audience, payload);
          } finally {
            span.end();
          }
        },
      );
    },
    subscribe(audience, listener) {
      const kind = kindOf(audience);
      const labels = { audience: kind };
      const observed: RealtimeListener = (payload) => {
        livePushes.inc(labels);
        if (!tracingOn()) return listener(payload);
        // The listener runs inside the publisher's context, so the span is its child.
        const span = tracerOf(component).startSpan(`deliver ${kind}`, {
          kind: SpanKind.CONSUMER,
          attributes: pushAttributes(audience, payload),
        });
        try {
          return context.with(trace.setSpan(context.active(), span), () => listener(payload));
        } finally {
          span.end();
        }
      };
      return realtime.subscribe(audience, observed);
    },
    close: () => realtime.close(),
  };
}

function pushAttributes(audience: Audience, payload: unknown) {
  const code = (payload as { code?: unknown } | null)?.code;
  return {
    'messaging.system': 'pmbok-realtime',
    'messaging.destination.name': kindOf(audience),
    ...(typeof code === 'number' ? { 'pmbok.push.code': code } : {}),
  };
}

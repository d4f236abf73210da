import {
  cachedBy,
  httpRequestDuration,
  markFailed,
  runInTrace,
  type Span,
  startServerSpan,
  type TraceContext,
  tracingOn,
} from '@pmbok/infra';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's server span and its context, while traces are on. */
    trace: { span: Span; context: TraceContext } | null;
  }
}

/** Probes and scrapes: counted, never traced (they would bury the requests in their traces). */
const UNTRACED = new Set(['/healthz', '/readyz', '/metrics']);

const isUpgrade = (request: FastifyRequest) => request.headers.upgrade !== undefined;

/** The duration histogram bound per method, route template and status. */
const durationOf = cachedBy((method: string, route: string, status: number) =>
  httpRequestDuration.bind({ method, route, status_code: status }),
);

/**
 * RED metrics of every HTTP answer (`pmbok_http_request_duration_seconds` by method, route template and status) and,
 * with traces on, a server span per request named `<METHOD> <route template>`, continuing a `traceparent` the client
 * sent (the console's Faro). The span's context is made current for the hooks and the handler, so the gRPC calls a
 * request makes are its children. Live connections (WebSocket upgrades) are neither: their pushes are traced from
 * the publisher.
 */
export default fp(
  async (app) => {
    app.decorateRequest('trace', null);
    // Every answer measured; callback style, so that the hook makes no promise per request.
    app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      if (!isUpgrade(request)) {
        const status = reply.statusCode;
        durationOf(request.method, request.routeOptions.url ?? 'unmatched', status)(reply.elapsedTime / 1000);
        const traced = request.trace;
        if (traced) {
          traced.span.setAttribute('http.response.status_code', status);
          if (status >= 500) markFailed(traced.span);
          traced.span.end();
        }
      }
      done();
    });
    // Traces start with the process (runtime.ts), before the gateway is built: without them no hook is added.
    if (!tracingOn()) return;
    // Callback hooks: the rest of the request runs inside `context.with`, which an async hook could not give.
    app.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const route = request.routeOptions.url;
      if (!tracingOn() || isUpgrade(request) || (route && UNTRACED.has(route))) return done();
      request.trace = startServerSpan(
        'gateway',
        route ? `${request.method} ${route}` : request.method,
        request.headers,
        {
          'http.request.method': request.method,
          'url.path': request.url.split('?')[0] ?? '',
          ...(route ? { 'http.route': route } : {}),
        },
      );
      runInTrace(request.trace.context, done);
    });
    // A body arrives in the socket's callbacks, outside that context: enter it again once it is read.
    const reenter = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) =>
      request.trace ? runInTrace(request.trace.context, done) : done();
    app.addHook('preValidation', reenter);
    app.addHook('preHandler', reenter);
    // What an API answer's envelope says (a 500 inside an HTTP 200 is still a failure).
    app.addHook('preSerialization', (request: FastifyRequest, _reply: FastifyReply, payload: unknown, done) => {
      const code = (payload as { code?: unknown } | null)?.code;
      if (request.trace && typeof code === 'number') {
        request.trace.span.setAttribute('pmbok.api.code', code);
        if (code === 500) markFailed(request.trace.span);
      }
      done(null, payload);
    });
    // A client that went away gets no answer: its span ends all the same.
    app.addHook('onRequestAbort', (request: FastifyRequest, done: HookHandlerDoneFunction) => {
      request.trace?.span.setAttribute('pmbok.aborted', true);
      request.trace?.span.end();
      request.trace = null;
      done();
    });
  },
  { name: 'observability' },
);

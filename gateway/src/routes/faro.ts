import rateLimit from '@fastify/rate-limit';
import { redactUrl, registeredMetric } from '@pmbok/infra';
import type { FastifyError, FastifyInstance } from 'fastify';
import { Counter, Histogram } from 'prom-client';
import { envelope, failureOf } from '../plugins/envelope.js';
import { otlpForwarder, otlpTargetFromEnv } from './faroForward.js';
import { type FaroBody, faroBody } from './faroSchema.js';

/** What the console's real-user monitoring (Grafana Faro) may send per request: a batch is a few KB. */
export const FARO_BODY_LIMIT = 64 * 1024;

export interface FaroOptions {
  /** Requests per client address and minute; `PMBOK_FARO_PER_MINUTE`, 120 by default (a page sends a few). */
  perMinute?: number;
  /** The variables read: PMBOK_FARO_PER_MINUTE and the OTLP exporter's `OTEL_*` (process.env by default). */
  env?: NodeJS.ProcessEnv;
}

const items = registeredMetric(
  'pmbok_faro_items_total',
  () =>
    new Counter({
      name: 'pmbok_faro_items_total',
      help: 'Real-user monitoring items accepted from browsers, by kind',
      labelNames: ['kind'],
    }),
);
const refused = registeredMetric(
  'pmbok_faro_refused_total',
  () =>
    new Counter({
      name: 'pmbok_faro_refused_total',
      help: 'Real-user monitoring requests refused, by HTTP status',
      labelNames: ['status'],
    }),
);
const forwarded = registeredMetric(
  'pmbok_faro_traces_forwarded_total',
  () =>
    new Counter({
      name: 'pmbok_faro_traces_forwarded_total',
      help: 'Browser span batches posted to the OTLP collector, by outcome (sent, failed, dropped)',
      labelNames: ['outcome'],
    }),
);
// The timing web vitals (LCP, FCP, INP, TTFB) in seconds; CLS has no unit and is left to the logs.
const TIMED_VITALS = new Set(['lcp', 'fcp', 'inp', 'ttfb', 'fid']);
const webVitals = registeredMetric(
  'pmbok_faro_web_vitals_seconds',
  () =>
    new Histogram({
      name: 'pmbok_faro_web_vitals_seconds',
      help: 'Web vitals reported by browsers (lcp, fcp, inp, ttfb), in seconds',
      labelNames: ['name'],
      buckets: [0.1, 0.2, 0.5, 0.8, 1, 1.8, 2.5, 4, 8],
    }),
);

/** Only word characters and separators of a validation path go back (no client text is reflected). */
const safePath = (path: string) => path.replace(/[^\w/.-]/g, '').slice(0, 100) || '请求体';

/** The message of a refused request, in the envelope; the status is the failure's own (400, 413, 415, 429). */
function refusal(error: FastifyError): { status: number; msg: string } | null {
  if (error.validation) {
    const first = error.validation[0];
    return {
      status: 400,
      msg: `Faro 数据格式错误：${safePath(first?.instancePath ?? '')} ${first?.message ?? ''}`.trim(),
    };
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { status: 413, msg: 'Faro 数据过大，上限 64 KB' };
  if (error.statusCode === 429) return { status: 429, msg: '请求过于频繁，请稍后再试' };
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return { status: 415, msg: 'Faro 数据须为 JSON' };
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return { status: 400, msg: 'Faro 数据格式错误：JSON 无法解析' };
  return null;
}

/**
 * `POST /faro/collect`: the console's real-user monitoring. Anyone may send (pages load before sign-in), so the
 * request is bounded (body size, a schema with limits on every field, a rate per client address), answers 202
 * without echoing anything, and each item becomes one log line (exceptions at warn) with URLs' query values
 * redacted and no user fields but the id. Browser spans go to the OTLP collector when `OTEL_*` names one.
 */
export default async function faroRoutes(app: FastifyInstance, options: FaroOptions = {}) {
  const env = options.env ?? process.env;
  const perMinute = options.perMinute ?? (Number(env.PMBOK_FARO_PER_MINUTE) || 120);
  const log = app.log.child({ component: 'faro' });
  const target = otlpTargetFromEnv(env);
  const forward = target && otlpForwarder(target, log, (outcome) => forwarded.inc({ outcome }));

  // In memory, per gateway replica, keyed by the client address (trustProxy decides which one that is).
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`rate limited for ${context.after}`), { statusCode: 429 }),
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = refusal(error);
    if (known) {
      refused.inc({ status: known.status });
      return reply.status(known.status).send(envelope(400, known.msg));
    }
    const failure = failureOf(error, request.log);
    return reply.status(failure.status).send(envelope(failure.code, failure.msg));
  });

  app.post(
    '/faro/collect',
    {
      bodyLimit: FARO_BODY_LIMIT,
      schema: { body: faroBody },
      config: { rateLimit: { max: perMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const body = request.body as FaroBody;
      logItems(log, body);
      if (forward && body.traces?.resourceSpans.length) forward(asBrowserSpans(body.traces));
      return reply.status(202).send(envelope(200, 'accepted'));
    },
  );
}

/** The service every forwarded browser span is attributed to, whatever the browser claimed. */
export const BROWSER_SERVICE = 'pmbok-console';

type ResourceSpans = NonNullable<FaroBody['traces']>['resourceSpans'][number];
type Attribute = { key?: unknown; value?: unknown };

/** A browser cannot pass its spans off as a back-end service's: `service.name` is set to the console's. */
function asBrowserSpans(traces: NonNullable<FaroBody['traces']>) {
  return {
    resourceSpans: traces.resourceSpans.map((spans: ResourceSpans) => {
      const resource = (spans.resource ?? {}) as { attributes?: Attribute[] };
      const attributes = Array.isArray(resource.attributes) ? resource.attributes : [];
      return {
        ...spans,
        resource: {
          ...resource,
          attributes: [
            ...attributes.filter((attribute) => attribute?.key !== 'service.name'),
            { key: 'service.name', value: { stringValue: BROWSER_SERVICE } },
          ],
        },
      };
    }),
  };
}

/** The fields every line of a batch carries: which app, session, page and browser it came from. */
function contextOf({ meta }: FaroBody) {
  return {
    app: meta.app?.name,
    release: meta.app?.version ?? meta.app?.release,
    environment: meta.app?.environment,
    session: meta.session?.id,
    user: meta.user?.id,
    page: meta.page?.url && redactUrl(meta.page.url),
    view: meta.view?.name,
    browser: meta.browser && `${meta.browser.name ?? ''} ${meta.browser.version ?? ''}`.trim(),
  };
}

/** Query values may be tokens (share links, sign-in tickets): they never reach the log. */
const redactValues = (attributes?: Record<string, string>) =>
  attributes &&
  Object.fromEntries(
    Object.entries(attributes).map(([key, value]) => [key, /^https?:|^\//.test(value) ? redactUrl(value) : value]),
  );

function logItems(log: FastifyInstance['log'], body: FaroBody) {
  const faro = contextOf(body);
  for (const item of body.logs ?? []) {
    items.inc({ kind: 'log' });
    log.info({ faro, kind: 'log', level: item.level, context: redactValues(item.context) }, redactUrl(item.message));
  }
  for (const item of body.events ?? []) {
    items.inc({ kind: 'event' });
    log.info(
      { faro, kind: 'event', domain: item.domain, attributes: redactValues(item.attributes), trace: item.trace },
      `event ${item.name}`,
    );
  }
  for (const item of body.measurements ?? []) {
    items.inc({ kind: 'measurement' });
    if (item.type === 'web-vitals')
      for (const [name, value] of Object.entries(item.values))
        if (TIMED_VITALS.has(name) && Number.isFinite(value) && value >= 0) webVitals.observe({ name }, value / 1000);
    log.info({ faro, kind: 'measurement', values: item.values, context: redactValues(item.context) }, item.type);
  }
  for (const item of body.exceptions ?? []) {
    items.inc({ kind: 'exception' });
    const frames = item.stacktrace?.frames
      .slice(0, 10)
      .map(
        (frame) => `${frame.function || '?'} (${redactUrl(frame.filename)}:${frame.lineno ?? 0}:${frame.colno ?? 0})`,
      );
    log.warn(
      { faro, kind: 'exception', type: item.type, frames, trace: item.trace, context: redactValues(item.context) },
      redactUrl(item.value),
    );
  }
  const spans = body.traces?.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)) ?? [];
  if (spans.length) {
    items.inc({ kind: 'traces' });
    log.info(
      { faro, kind: 'traces', spans: spans.length, traceIds: [...new Set(spans.map((s) => s.traceId))] },
      'spans',
    );
  }
}

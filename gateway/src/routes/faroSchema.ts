import { type Static, type TProperties, Type } from '@sinclair/typebox';

/**
 * The body Grafana Faro's FetchTransport posts (`TransportBody` of @grafana/faro-core 2.x): the page's meta and the
 * batched items. Every string, list and map is bounded, and objects name their fields with `additionalProperties:
 * false`, which Fastify's validator (removeAdditional) reads as "drop the rest": a newer SDK's extra fields are
 * ignored instead of refused, and nothing unnamed reaches the logs.
 */
const text = (maxLength: number) => Type.String({ maxLength });
const closed = <P extends TProperties>(properties: P) => Type.Object(properties, { additionalProperties: false });
const attributes = Type.Record(text(100), text(1_000), { maxProperties: 50 });
const timestamp = text(40);

const trace = Type.Optional(closed({ trace_id: text(64), span_id: text(32) }));
const action = Type.Optional(
  closed({ name: text(200), id: Type.Optional(text(64)), parentId: Type.Optional(text(64)) }),
);

const meta = closed({
  sdk: Type.Optional(
    closed({
      name: Type.Optional(text(100)),
      version: Type.Optional(text(50)),
      integrations: Type.Optional(
        Type.Array(closed({ name: Type.Optional(text(100)), version: Type.Optional(text(50)) }), { maxItems: 50 }),
      ),
    }),
  ),
  app: Type.Optional(
    closed({
      name: Type.Optional(text(100)),
      version: Type.Optional(text(50)),
      release: Type.Optional(text(100)),
      environment: Type.Optional(text(50)),
      namespace: Type.Optional(text(100)),
      bundleId: Type.Optional(text(100)),
    }),
  ),
  // Only the ids: names, e-mail addresses and attributes of the user are dropped at validation, never logged.
  user: Type.Optional(closed({ id: Type.Optional(text(64)), hash: Type.Optional(text(128)) })),
  session: Type.Optional(closed({ id: Type.Optional(text(64)), attributes: Type.Optional(attributes) })),
  page: Type.Optional(
    closed({ id: Type.Optional(text(64)), url: Type.Optional(text(2_000)), attributes: Type.Optional(attributes) }),
  ),
  browser: Type.Optional(
    closed({
      name: Type.Optional(text(100)),
      version: Type.Optional(text(50)),
      os: Type.Optional(text(100)),
      mobile: Type.Optional(Type.Boolean()),
      language: Type.Optional(text(50)),
      viewportWidth: Type.Optional(text(10)),
      viewportHeight: Type.Optional(text(10)),
    }),
  ),
  view: Type.Optional(closed({ name: text(100) })),
});

const log = closed({
  message: text(8_000),
  level: Type.Union(['trace', 'debug', 'info', 'log', 'warn', 'error'].map((level) => Type.Literal(level))),
  timestamp,
  context: Type.Optional(attributes),
  trace,
  action,
});

const frame = closed({
  filename: text(2_000),
  function: text(500),
  lineno: Type.Optional(Type.Integer()),
  colno: Type.Optional(Type.Integer()),
});

const exception = closed({
  type: text(200),
  value: text(8_000),
  timestamp,
  fatal: Type.Optional(Type.Boolean()),
  fingerprint: Type.Optional(text(200)),
  stacktrace: Type.Optional(closed({ frames: Type.Array(frame, { maxItems: 100 }) })),
  context: Type.Optional(attributes),
  trace,
  action,
});

const measurement = closed({
  type: text(100),
  values: Type.Record(text(100), Type.Number(), { maxProperties: 50 }),
  timestamp,
  context: Type.Optional(attributes),
  trace,
  action,
});

const event = closed({
  name: text(200),
  domain: Type.Optional(text(100)),
  timestamp,
  attributes: Type.Optional(attributes),
  trace,
  action,
});

/**
 * OTLP/JSON spans as @grafana/faro-web-tracing writes them; forwarded as they are to the collector, which checks
 * them itself. Here only their number is bounded (the body limit bounds the rest).
 */
const resourceSpans = Type.Object({
  resource: Type.Optional(Type.Object({})),
  scopeSpans: Type.Array(
    Type.Object({
      scope: Type.Optional(Type.Object({})),
      spans: Type.Array(Type.Object({ traceId: text(64), spanId: text(32), name: text(500) }), { maxItems: 500 }),
    }),
    { maxItems: 50 },
  ),
});

export const faroBody = closed({
  meta,
  logs: Type.Optional(Type.Array(log, { maxItems: 100 })),
  exceptions: Type.Optional(Type.Array(exception, { maxItems: 50 })),
  measurements: Type.Optional(Type.Array(measurement, { maxItems: 100 })),
  events: Type.Optional(Type.Array(event, { maxItems: 100 })),
  traces: Type.Optional(Type.Object({ resourceSpans: Type.Array(resourceSpans, { maxItems: 20 }) })),
});

export type FaroBody = Static<typeof faroBody>;

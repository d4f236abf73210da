import type { FastifyBaseLogger } from 'fastify';

/** Where browser spans go: the OTLP/HTTP traces endpoint the standard `OTEL_*` variables name, or none. */
export interface OtlpTarget {
  url: string;
  headers: Record<string, string>;
}

/** `k=v,k2=v2` (values percent-encoded), the format of OTEL_EXPORTER_OTLP_HEADERS. */
function parseHeaders(text: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of (text ?? '').split(',')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    try {
      headers[pair.slice(0, at).trim()] = decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      // a malformed value is skipped, as the OpenTelemetry SDKs do
    }
  }
  return headers;
}

/**
 * The traces endpoint by the OpenTelemetry exporter specification: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as it is, else
 * OTEL_EXPORTER_OTLP_ENDPOINT with `/v1/traces`; none when neither is set or the SDK is disabled.
 */
export function otlpTargetFromEnv(env: NodeJS.ProcessEnv): OtlpTarget | null {
  if (env.OTEL_SDK_DISABLED === 'true' || env.OTEL_TRACES_EXPORTER === 'none') return null;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  const url = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || (base ? `${base.replace(/\/+$/, '')}/v1/traces` : '');
  if (!url) return null;
  return {
    url,
    headers: {
      ...parseHeaders(env.OTEL_EXPORTER_OTLP_HEADERS),
      ...parseHeaders(env.OTEL_EXPORTER_OTLP_TRACES_HEADERS),
    },
  };
}

/**
 * Posts OTLP/JSON to the collector without the caller waiting: each post has a short deadline and at most `maxInFlight`
 * are pending (more are dropped and counted), so a slow or absent collector costs the gateway nothing but a log line
 * a minute.
 */
export function otlpForwarder(
  target: OtlpTarget,
  log: FastifyBaseLogger,
  outcome: (result: 'sent' | 'failed' | 'dropped') => void,
  { timeoutMs = 2_000, maxInFlight = 32 } = {},
) {
  let inFlight = 0;
  // A collector that is down would otherwise write a line per browser batch: one a minute says it.
  let warnedAt = Number.NEGATIVE_INFINITY;
  return (body: unknown): void => {
    if (inFlight >= maxInFlight) {
      outcome('dropped');
      return;
    }
    inFlight += 1;
    fetch(target.url, {
      method: 'POST',
      headers: { ...target.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    })
      .then(async (response) => {
        await response.body?.cancel();
        if (!response.ok) throw new Error(`OTLP collector answered HTTP ${response.status}`);
        outcome('sent');
      })
      .catch((error: unknown) => {
        outcome('failed');
        if (Date.now() - warnedAt < 60_000) return;
        warnedAt = Date.now();
        log.warn({ err: error, url: target.url }, 'faro: browser spans not forwarded');
      })
      .finally(() => {
        inFlight -= 1;
      });
  };
}

import { integerFrom, loadRuntimeConfig, portFrom, type RuntimeConfig } from '@pmbok/infra';

export const SERVICE_NAMES = ['auth', 'team', 'project', 'task', 'messaging', 'ai'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export interface GatewayConfig {
  runtime: RuntimeConfig;
  port: number;
  host: string;
  /** Trust X-Forwarded-For from a proxy in front (Kubernetes ingress). */
  trustProxy: boolean;
  /** gRPC deadline for one call to a service, below the browser's 5000 ms timeout (SPEC §9). */
  callTimeoutMs: number;
  /** Where the built console is served from. */
  consoleDir: string;
  /**
   * Prometheus metrics are never public: a separate listener (`METRICS_PORT`, default 9464, on `METRICS_HOST`,
   * default loopback; `METRICS_PORT=off` for none) and, when `METRICS_TOKEN` is set, `/metrics` on the main port
   * behind `Authorization: Bearer <token>`.
   */
  metrics: { port: number | null; host: string; token: string | null };
  /** Captchas and QR tickets one client address may ask for per minute (`ANON_WRITES_PER_MINUTE`). */
  anonymousWritesPerMinute: number;
  /** How long a verified session is kept in memory (`SESSION_CACHE_SECONDS`, default 60; 0 asks the auth service every time). */
  sessionCacheMs: number;
}

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return {
    runtime: loadRuntimeConfig(env),
    port: portFrom(env, 'PORT', 8080),
    host: env.HOST ?? '0.0.0.0',
    trustProxy: env.TRUST_PROXY === 'true',
    callTimeoutMs: Number(env.CALL_TIMEOUT_MS ?? 4_500),
    consoleDir: env.CONSOLE_DIR || new URL('../../console/dist', import.meta.url).pathname,
    metrics: {
      port: env.METRICS_PORT === 'off' ? null : portFrom(env, 'METRICS_PORT', 9464),
      host: env.METRICS_HOST || '127.0.0.1',
      token: env.METRICS_TOKEN || null,
    },
    anonymousWritesPerMinute: integerFrom(env, 'ANON_WRITES_PER_MINUTE', 20, 1),
    sessionCacheMs: integerFrom(env, 'SESSION_CACHE_SECONDS', 60, 0) * 1_000,
  };
}

/** In distributed mode each service's address comes from `<NAME>_GRPC_ADDRESS` (e.g. AUTH_GRPC_ADDRESS=auth:50051). */
export function serviceAddressesFromEnv(env: NodeJS.ProcessEnv = process.env): Record<ServiceName, string> {
  const defaults: Record<ServiceName, number> = {
    auth: 50051,
    team: 50052,
    project: 50053,
    task: 50054,
    messaging: 50055,
    ai: 50056,
  };
  return Object.fromEntries(
    SERVICE_NAMES.map((name) => [name, env[`${name.toUpperCase()}_GRPC_ADDRESS`] ?? `127.0.0.1:${defaults[name]}`]),
  ) as Record<ServiceName, string>;
}

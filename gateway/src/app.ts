import formbody from '@fastify/formbody';
import type { Realtime, RuntimeConfig } from '@pmbok/infra';
import type { FastifyInstance } from 'fastify';
import type { ServiceName } from './config.js';
import api from './plugins/api.js';
import caller from './plugins/caller.js';
import envelope from './plugins/envelope.js';
import securityHeaders from './plugins/security-headers.js';
import services from './plugins/services.js';
import sessions from './plugins/sessions.js';
import teamUsersRoutes from './routes/admin/team-users.js';
import { apiCalls } from './routes/api/index.js';
import consoleRoutes from './routes/console.js';
import devRoutes from './routes/dev.js';
import faroRoutes from './routes/faro.js';
import healthRoutes from './routes/health.js';
import liveRoutes from './routes/live.js';
import metricsRoutes from './routes/metrics.js';
import mockRoutes from './routes/mock.js';
import uploadRoutes from './routes/uploads.js';
import wechatRoutes from './routes/wechat.js';

export interface AppOptions {
  addresses: Record<ServiceName, string>;
  callTimeoutMs?: number;
  consoleDir: string;
  /** Development mode (PMBOK_DEV_MODE=1): the SMS outbox is served when the SMS provider is `console`. */
  devMode: boolean;
  smsProvider: RuntimeConfig['smsProvider'];
  /** `/metrics` on this port only with a bearer token (the separate metrics listener is the usual place). */
  metricsToken: string | null;
  /** Limit per client address of the public calls that record something (captchas, QR tickets). */
  anonymousWritesPerMinute?: number;
  /** How long a verified session is kept in memory (plugins/sessions.ts); 0 for never. */
  sessionCacheMs?: number;
  /** Where the live connections' pushes come from (NATS across replicas, or in-process). */
  realtime: Realtime;
}

/** The gateway as a plugin: `server.ts` and `embedded.ts` listen, tests call `app.inject`. */
export default async function app(fastify: FastifyInstance, options: AppOptions) {
  // One error handler and envelope for every surface (each route's `surface` picks its HTTP statuses).
  await fastify.register(envelope);
  await fastify.register(securityHeaders);
  // The platform's URLSearchParams decodes a form about three times faster than formbody's default parser, which
  // counts for a document of megabytes (saveDoc); a repeated key keeps its last value, as no call takes lists.
  await fastify.register(formbody, {
    bodyLimit: 64 * 1024,
    parser: (text) => Object.fromEntries(new URLSearchParams(text)),
  });
  await fastify.register(services, { addresses: options.addresses, callTimeoutMs: options.callTimeoutMs ?? 4_500 });
  await fastify.register(sessions, { realtime: options.realtime, ttlMs: options.sessionCacheMs });
  // Before any route, so that each route's `access` is checked as it is added and resolved on each request.
  await fastify.register(caller);
  fastify.decorate('systemInfo', {
    smsDelivery: options.smsProvider === 'console' ? 'console' : 'provider',
    devMode: options.devMode,
  });
  await fastify.register(api, { calls: apiCalls, anonymousWritesPerMinute: options.anonymousWritesPerMinute });
  await fastify.register(teamUsersRoutes);
  await fastify.register(uploadRoutes);
  await fastify.register(wechatRoutes);
  await fastify.register(healthRoutes);
  await fastify.register(liveRoutes, { realtime: options.realtime });
  await fastify.register(mockRoutes, { realtime: options.realtime });
  await fastify.register(metricsRoutes, { token: options.metricsToken });
  await fastify.register(faroRoutes);
  if (options.devMode && options.smsProvider === 'console') await fastify.register(devRoutes);
  await fastify.register(consoleRoutes, { consoleDir: options.consoleDir });
}

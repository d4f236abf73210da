import formbody from '@fastify/formbody';
import type { Realtime } from '@pmbok/infra';
import type { FastifyInstance } from 'fastify';
import type { ServiceName } from './config.js';
import api from './plugins/api.js';
import services from './plugins/services.js';
import teamUsersRoutes from './routes/admin/team-users.js';
import { feedbackCalls } from './routes/api/feedback.js';
import { qrLoginCalls } from './routes/api/qr-login.js';
import { taskCalls } from './routes/api/task.js';
import { teamCalls } from './routes/api/team.js';
import { userCalls } from './routes/api/user.js';
import { userInfoCalls } from './routes/api/user-info.js';
import consoleRoutes from './routes/console.js';
import devRoutes from './routes/dev.js';
import healthRoutes from './routes/health.js';
import liveRoutes from './routes/live.js';
import uploadRoutes from './routes/uploads.js';
import wechatRoutes from './routes/wechat.js';

export interface AppOptions {
  addresses: Record<ServiceName, string>;
  callTimeoutMs?: number;
  consoleDir: string;
  /** Serve the development SMS outbox (only in development mode, PMBOK_DEV_MODE=1, with the console SMS provider). */
  devSmsOutbox: boolean;
  /** Where the live connections' pushes come from (NATS across replicas, or in-process). */
  realtime: Realtime;
}

/** The gateway as a plugin: `server.ts` and `embedded.ts` listen, tests call `app.inject`. */
export default async function app(fastify: FastifyInstance, options: AppOptions) {
  await fastify.register(formbody, { bodyLimit: 64 * 1024 });
  await fastify.register(services, { addresses: options.addresses, callTimeoutMs: options.callTimeoutMs ?? 4_500 });
  await fastify.register(api, {
    calls: [...userCalls, ...qrLoginCalls, ...userInfoCalls, ...teamCalls, ...taskCalls, ...feedbackCalls],
  });
  await fastify.register(teamUsersRoutes);
  await fastify.register(uploadRoutes);
  await fastify.register(wechatRoutes);
  await fastify.register(healthRoutes);
  await fastify.register(liveRoutes, { realtime: options.realtime });
  if (options.devSmsOutbox) await fastify.register(devRoutes);
  await fastify.register(consoleRoutes, { consoleDir: options.consoleDir });
}

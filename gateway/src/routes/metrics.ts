import { timingSafeEqual } from 'node:crypto';
import { metricsRegistry } from '@pmbok/infra';
import Fastify, { type FastifyInstance } from 'fastify';
import { envelope } from '../plugins/envelope.js';

const bearer = (header: string | undefined) => Buffer.from((header ?? '').replace(/^Bearer\s+/i, '').trim());

/**
 * `/metrics` on the public port only with `METRICS_TOKEN` (the scraper sends it as a bearer token); without a
 * token the route does not exist there. The usual place is the separate listener below.
 */
export default async function metricsRoutes(app: FastifyInstance, options: { token: string | null }) {
  const { token } = options;
  if (!token) return;
  const expected = Buffer.from(token);
  app.get('/metrics', async (request, reply) => {
    const given = bearer(request.headers.authorization);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return reply.status(401).header('www-authenticate', 'Bearer').send(envelope(402, '未授权'));
    reply.header('content-type', metricsRegistry.contentType);
    return metricsRegistry.metrics();
  });
}

/**
 * The metrics listener operators expect: its own port, not routed by the ingress. A port already taken (a second
 * instance on one machine) leaves the process running without it rather than failing the product.
 */
export async function startMetricsServer(
  options: { port: number | null; host: string },
  log: FastifyInstance['log'],
): Promise<FastifyInstance | null> {
  if (options.port === null) return null;
  const server = Fastify({ logger: false });
  server.get('/metrics', async (_request, reply) => {
    reply.header('content-type', metricsRegistry.contentType);
    return metricsRegistry.metrics();
  });
  try {
    await server.listen({ port: options.port, host: options.host });
    log.info(`metrics on http://${options.host}:${(server.server.address() as { port: number }).port}/metrics`);
    return server;
  } catch (error) {
    log.warn({ err: error }, `metrics listener not started on ${options.host}:${options.port}`);
    await server.close();
    return null;
  }
}

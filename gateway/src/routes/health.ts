import type { FastifyInstance } from 'fastify';
import { SERVICE_NAMES } from '../config.js';

const SERVING = 1;

/** Liveness and readiness (every service's gRPC health). Metrics are served apart: see `metrics.ts`. */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    const checks = await Promise.all(
      SERVICE_NAMES.map(async (name) => {
        try {
          const { status } = await app.serviceHealth[name].check(
            { service: '' },
            { signal: AbortSignal.timeout(2_000) },
          );
          return [name, status === SERVING ? 'serving' : 'not serving'] as const;
        } catch {
          return [name, 'unreachable'] as const;
        }
      }),
    );
    const ready = checks.every(([, status]) => status === 'serving');
    return reply
      .status(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'not ready', services: Object.fromEntries(checks) });
  });
}

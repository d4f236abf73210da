import { createMemoryRealtime, type Realtime } from '@pmbok/infra';
import type { MockApi, MockIndex } from '@pmbok/project-service/mock-index';
import Fastify, { type FastifyInstance } from 'fastify';
import { ClientError, Status } from 'nice-grpc';
import mockRoutes from '../../src/routes/mock.js';

/** An api document of the mock index, with what a test leaves out filled in. */
export const mockApi = (method: string, path: string, extra: Partial<MockApi> = {}): MockApi => ({
  projectStructureId: 1,
  name: `${method} ${path}`,
  method,
  path,
  parameters: [],
  requestBody: { type: 'none', mediaType: '', required: false, schema: null, fields: [] },
  responses: [],
  expectations: [],
  ...extra,
});

export const jsonResponse = (status: string, schema: unknown, examples: { name: string; value: unknown }[] = []) => ({
  status,
  name: status,
  mediaType: 'application/json',
  schema: schema as MockApi['responses'][number]['schema'],
  headers: [],
  examples: examples as MockApi['responses'][number]['examples'],
});

/** The mock routes alone, with indexes a test sets (GetMockIndex's place) and an in-process realtime. */
export async function startFakeMock(
  indexes: Map<number, MockIndex>,
  options: { workers?: number; noReady?: boolean; rateLimitPerMinute?: number } = {},
) {
  const realtime: Realtime = createMemoryRealtime();
  let fetches = 0;
  const app: FastifyInstance = Fastify({ logger: false });
  await app.register(mockRoutes, {
    realtime,
    workers: options.workers ?? 2,
    rateLimitPerMinute: options.rateLimitPerMinute ?? 0,
    source: {
      async fetch(projectId, known) {
        fetches += 1;
        // Project 404 stands for one the service refuses to load (GetMockIndex's INVALID_ARGUMENT).
        if (projectId === 404)
          throw new ClientError('/GetMockIndex', Status.INVALID_ARGUMENT, '项目的接口文档合计过大');
        const index = indexes.get(projectId);
        if (!index) return { found: false };
        if (index.revision === known) return { found: true, unchanged: true };
        return { found: true, unchanged: false, index: structuredClone(index) };
      },
    },
  });
  // A caller adding routes of its own (a baseline beside the mock) readies the app itself.
  if (!options.noReady) await app.ready();
  return { app, realtime, fetches: () => fetches };
}

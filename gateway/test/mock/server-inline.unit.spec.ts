import type { WorkerPool } from '@pmbok/infra';
import type { MockApi, MockIndex } from '@pmbok/project-service/mock-index';
import { describe, expect, it } from 'vitest';
import { MockIndexCache } from '../../src/mock/server/indexCache.js';
import { compileProject } from '../../src/mock/server/project.js';
import { answerMock } from '../../src/mock/server/serve.js';

const api = (path: string, schema: unknown, extra: Partial<MockApi> = {}): MockApi => ({
  projectStructureId: 1,
  name: path,
  method: 'GET',
  path,
  parameters: [],
  requestBody: { type: 'none', mediaType: '', required: false, schema: null, fields: [] },
  responses: [
    { status: '200', name: '成功', mediaType: 'application/json', schema: schema as never, headers: [], examples: [] },
  ],
  expectations: [],
  ...extra,
});

const index: MockIndex = {
  projectId: 7,
  revision: 'r1',
  access: 'public',
  token: '',
  validateRequests: true,
  apis: [
    api('/users/{id}', {
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'integer' }, name: { type: 'string' }, mobile: { type: 'string' } },
    }),
    // 300 items: more than an answer made on the gateway's thread may hold.
    api('/many', { type: 'array', minItems: 300, maxItems: 300, items: { type: 'integer' } }),
    api(
      '/expected',
      { type: 'object' },
      {
        expectations: [
          {
            id: 'e1',
            name: '总是',
            enabled: true,
            conditions: [],
            response: { status: 201, headers: [], bodyType: 'example', body: { ok: true }, text: '', delayMs: 0 },
          },
        ],
      },
    ),
  ],
  models: {},
  fields: [],
};

/** A pool that records what is sent to the threads and answers as a thread would (here: a marker). */
function recordingPool() {
  const sent: number[] = [];
  const pool = {
    run: async (job: { api: number }) => {
      sent.push(job.api);
      return { kind: 'answer', status: 299, headers: [], body: '"from a thread"', source: 'generated', delayMs: 0 };
    },
  } as unknown as WorkerPool;
  return { pool, sent };
}

const request = (method = 'GET') => ({
  method,
  params: {},
  query: {},
  headers: {},
  body: undefined,
  bodyKind: 'none' as const,
});

describe('answers made on the gateway thread', () => {
  const cache = new MockIndexCache(
    { fetch: async () => ({ found: true as const, unchanged: false as const, index }) },
    (i) => compileProject(i),
  );

  it('generates a small answer without a thread, and sends what needs more (or has expectations) to one', async () => {
    const { pool, sent } = recordingPool();
    const deps = { cache, pool, jobDeadlineMs: 1_000 };

    const small = await answerMock(deps, '7', '/users/3', request());
    expect(small.status).toBe(200);
    expect(small.outcome).toBe('generated');
    const body = JSON.parse(String(small.body));
    expect(Number.isInteger(body.id)).toBe(true);
    expect(typeof body.name).toBe('string');
    expect(sent).toEqual([]);

    const many = await answerMock(deps, '7', '/many', request());
    expect(many.status).toBe(299);
    expect(sent).toEqual([1]);
    // Kept in the threads for this revision: not tried on the gateway's thread again.
    await answerMock(deps, '7', '/many', request());
    expect(sent).toEqual([1, 1]);

    const expected = await answerMock(deps, '7', '/expected', request());
    expect(expected.status).toBe(299);
    expect(sent).toEqual([1, 1, 2]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, startFakeMock } from './server-fake.js';

/** The mock's own rate limit per client address (PMBOK_MOCK_RATE_LIMIT), answered as the mock's JSON with CORS. */
describe('the mock server’s rate limit', () => {
  let fake: Awaited<ReturnType<typeof startFakeMock>>;
  beforeAll(async () => {
    const index = {
      projectId: 1,
      revision: 'r1',
      access: 'public' as const,
      token: '',
      validateRequests: true,
      models: {},
      fields: [],
      apis: [mockApi('GET', '/a', { responses: [jsonResponse('200', null, [{ name: 'a', value: 1 }])] })],
    };
    fake = await startFakeMock(new Map([[1, index]]), { rateLimitPerMinute: 2 });
  });
  afterAll(async () => {
    await fake?.app.close();
  });

  it('refuses a client over its requests per minute, and no other', async () => {
    const from = (ip: string) =>
      fake.app.inject({ method: 'GET', url: '/mock/1/a', remoteAddress: ip, headers: { origin: 'http://a.test' } });
    expect((await from('198.51.100.1')).statusCode).toBe(200);
    expect((await from('198.51.100.1')).statusCode).toBe(200);
    const refused = await from('198.51.100.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 400, msg: 'Mock 请求过于频繁，请稍后再试' });
    expect(refused.headers['access-control-allow-origin']).toBe('http://a.test');
    expect((await from('198.51.100.2')).statusCode).toBe(200);
  });
});

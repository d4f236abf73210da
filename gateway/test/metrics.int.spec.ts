import { startServiceMetrics } from '@pmbok/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';
import { connected, openLive } from './liveSocket.js';

const TOKEN = 'metrics-test-token-0123456789';

/** The sample of `name` with exactly these labels (in any order), or undefined. */
function sample(text: string, name: string, labels: Record<string, string | number>): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const inside = line.slice(name.length + 1, line.lastIndexOf('}')).split(',');
    if (wanted.every((pair) => inside.includes(pair))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

/**
 * The metrics of issue 23 after traffic: scraped from the gateway (`/metrics` with its token) and from a service's
 * own listener (`METRICS_PORT`, as a service run as its own process serves it).
 */
describe('metrics after traffic', () => {
  let h: Harness;
  let base = '';
  let token = '';
  let teamId = '';
  const scrape = async () => {
    const response = await h.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    h = await startHarness(undefined, { env: { METRICS_TOKEN: TOKEN } });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(h.app.server.address() as { port: number }).port}/pmbok/ws`;
    token = await h.register('13780000001');
    teamId = String((await h.call('team/create', { teamName: '度量', sourceProject: '[]' }, token)).data.teamId);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('has RED per HTTP route and per gRPC method (both sides), append latency, projection lag and live sockets', async () => {
    const live = openLive(`${base}?teamId=${teamId}`, token);
    await connected(live);
    const during = await scrape();
    expect(sample(during, 'pmbok_gateway_live_connections', {})).toBe(1);
    await live.close();
    await h.app.inject({ method: 'GET', url: '/mock/999999/pets' });
    const text = await scrape();

    const route = { method: 'POST', route: '/pmbok/api/team/create', status_code: 200 };
    expect(sample(text, 'pmbok_http_request_duration_seconds_count', route)).toBe(1);
    expect(
      sample(text, 'pmbok_http_request_duration_seconds_count', { method: 'GET', route: '/mock/:projectId/*' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'pmbok_api_answers_total', { call: '/pmbok/api/team/create', code: 200 })).toBe(1);
    expect(sample(text, 'pmbok_mock_requests_total', {})).toBeGreaterThanOrEqual(1);

    const create = { service: 'team', method: 'CreateTeam' };
    expect(sample(text, 'pmbok_grpc_client_handled_total', { ...create, code: 'OK' })).toBe(1);
    expect(sample(text, 'pmbok_grpc_client_duration_seconds_count', create)).toBe(1);
    expect(sample(text, 'pmbok_grpc_server_handled_total', { ...create, code: 'OK' })).toBe(1);
    expect(
      sample(text, 'pmbok_grpc_client_handled_total', { service: 'auth', method: 'Authenticate', code: 'OK' }),
    ).toBeGreaterThanOrEqual(1);

    expect(sample(text, 'pmbok_event_store_append_seconds_count', { service: 'team' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'pmbok_events_appended_total', { service: 'team', type: 'TeamCreated' })).toBe(1);
    // The team service's own read models, and the task service's consumer of the team topic.
    expect(sample(text, 'pmbok_projection_lag_seconds', { service: 'team' })).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/^pmbok_projection_lag_seconds\{service="task",projection="[^"]+"\} /m);
    expect(text).toMatch(/^pmbok_projection_behind_events\{service="team",projection="[^"]+"\} 0$/m);
    expect(sample(text, 'pmbok_gateway_live_connections', {})).toBe(0);
  });

  it("serves a service process's metrics on its own listener (METRICS_PORT)", async () => {
    const listener = await startServiceMetrics({ METRICS_PORT: '0' }, { info: () => {}, warn: () => {} });
    expect(listener).not.toBeNull();
    try {
      const response = await fetch(`http://127.0.0.1:${listener!.port}/metrics`);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(
        sample(text, 'pmbok_grpc_server_handled_total', { service: 'team', method: 'CreateTeam', code: 'OK' }),
      ).toBe(1);
      expect(sample(text, 'pmbok_event_store_append_seconds_count', { service: 'auth' })).toBeGreaterThanOrEqual(1);
      expect((await fetch(`http://127.0.0.1:${listener!.port}/other`)).status).toBe(404);
    } finally {
      await listener!.close();
    }
    expect(await startServiceMetrics({}, { info: () => {}, warn: () => {} })).toBeNull();
  });
});

import { randomUUID } from 'node:crypto';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { startTracing, stopTracing } from '@pmbok/infra';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Harness, startHarness } from './harness.js';
import { connected, type Inbox, openLive } from './liveSocket.js';

const serviceOf = (span: ReadableSpan) => String(span.resource.attributes['service.name']);
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

/** The next push with this code (and matching `where`), skipping others on the way. */
async function nextPush(inbox: Inbox, code: number, where: (data: any) => boolean = () => true): Promise<any> {
  for (;;) {
    const push = await inbox.next();
    if (push.code === code && where(push.data)) return push.data;
  }
}

/**
 * One request's trace (issue 23, "OpenTelemetry traces"): a member finishes a task through the gateway, the task
 * service appends, the messaging service makes the team's activity of the event and pushes it, and the gateway
 * delivers the push to a live socket, all in one trace. Embedded, and with the bus on Kafka and pushes on NATS
 * (where the context travels in the event and in the message's headers) when those engines are there.
 */
function tracesThrough(mode: string, env: Record<string, string>) {
  describe(`traces (${mode})`, () => {
    const exporter = new InMemorySpanExporter();
    let h: Harness;
    let base = '';
    let teamId = '';
    let projectId = '';
    let taskId = '';
    const tokens = { a: '', b: '' };

    beforeAll(async () => {
      expect(startTracing({ exporter })).toBe(true);
      h = await startHarness(undefined, { env });
      await h.app.listen({ port: 0, host: '127.0.0.1' });
      base = `ws://127.0.0.1:${(h.app.server.address() as { port: number }).port}/pmbok/ws`;
      tokens.a = await h.register('13790000001');
      tokens.b = await h.register('13790000002');
      const ok = async (path: string, body: Record<string, string>, token: string) => {
        const answer = await h.call(path, { teamId, ...body }, token);
        expect(answer.code, `${path}: ${answer.msg}`).toBe(200);
        return answer.data;
      };
      teamId = String((await ok('team/create', { teamName: '追踪', sourceProject: '[]' }, tokens.a)).teamId);
      const { shareCode } = await ok('team/shareInfo', {}, tokens.a);
      await ok('team/shareJoin', { shareCode }, tokens.b);
      const a = (await ok('userInfo/getUserInfo', {}, tokens.a)).userId;
      const b = (await ok('userInfo/getUserInfo', {}, tokens.b)).userId;
      projectId = String((await ok('task/newProject', { name: '研发' }, tokens.a)).taskProjectId);
      // The task service learns the team's members from the team's events: B may not be known to it at once.
      await vi.waitFor(() => ok('task/batchCreateProjectUser', { projectId, userIds: JSON.stringify([b]) }, tokens.a), {
        timeout: 30_000,
        interval: 50,
      });
      taskId = String(
        (await ok('task/newTask', { projectId, name: '追踪任务', userId: String(a), endTime: '0' }, tokens.a)).taskId,
      );
    });
    afterAll(async () => {
      await h?.close();
      await stopTracing();
    });

    /** The finished request's trace once every span of the chain has ended (some end after the push arrived). */
    async function completeTrace(): Promise<ReadableSpan[]> {
      const finished = () => exporter.getFinishedSpans();
      const request = await vi.waitFor(() => {
        const found = finished().find((span) => span.name === 'POST /pmbok/api/task/finishTask');
        expect(found).toBeDefined();
        return found!;
      });
      const traceId = request.spanContext().traceId;
      const inTrace = () => finished().filter((span) => span.spanContext().traceId === traceId);
      return vi.waitFor(
        () => {
          const found = inTrace();
          const ids = new Set(found.map((span) => span.spanContext().spanId));
          expect(found.map((span) => `${serviceOf(span)}: ${span.name}`)).toEqual(
            expect.arrayContaining([
              'pmbok-gateway: POST /pmbok/api/task/finishTask',
              'pmbok-gateway: pmbok.task.v1.TaskService/FinishTask',
              'pmbok-task: pmbok.task.v1.TaskService/FinishTask',
              'pmbok-task: command task',
              'pmbok-messaging: command activity',
              'pmbok-messaging: process messaging (messaging-notification-pushes)',
              'pmbok-messaging: push team',
              'pmbok-gateway: deliver team',
            ]),
          );
          for (const span of found) if (parentOf(span)) expect(ids).toContain(parentOf(span));
          return found;
        },
        { timeout: 15_000, interval: 20 },
      );
    }

    it('follows one request from the gateway through the task and messaging services to the live push', async () => {
      const live = openLive(`${base}?teamId=${teamId}`, tokens.a);
      await connected(live);
      // The set-up's last events may still be on their way (a bus on Kafka) and share a consumer's batch with this
      // request's: each request's events are handled in a span of its own trace (projections/observe.ts).
      exporter.reset();
      const answer = await h.call('task/finishTask', { teamId, projectId, taskId }, tokens.b);
      expect(answer.code).toBe(200);
      // The activities of the set-up may still be on their way (a bus on Kafka): this one is the finished task.
      await nextPush(live, 200203, (data) => data.kind === 'task.status');
      await live.close();
      const spans = await completeTrace();
      const named = spans.map((span) => `${serviceOf(span)}: ${span.name}`);
      // The task's event consumed by the messaging service, and the activity by its pushes.
      expect(named.some((name) => /^pmbok-messaging: process task \(/.test(name))).toBe(true);
      // The project and ai services follow the task topic too: their consumers join the same trace (and the auth
      // service, when the gateway asks it who the token is).
      expect([...new Set(spans.map(serviceOf))]).toEqual(
        expect.arrayContaining(['pmbok-gateway', 'pmbok-task', 'pmbok-messaging', 'pmbok-project', 'pmbok-ai']),
      );
      // One connected tree: the request's span is the only root, every other span's parent is in the trace.
      const ids = new Set(spans.map((span) => span.spanContext().spanId));
      expect(spans.filter((span) => !parentOf(span)).map((span) => span.name)).toEqual([
        'POST /pmbok/api/task/finishTask',
      ]);
      for (const span of spans) if (parentOf(span)) expect(ids, `${span.name}'s parent`).toContain(parentOf(span));
      // The chain the issue names, parent by parent: the push delivered ← published ← … ← the request.
      const byId = new Map(spans.map((span) => [span.spanContext().spanId, span]));
      const chain: string[] = [];
      for (let span = spans.find((s) => s.name === 'deliver team'); span; span = byId.get(parentOf(span) ?? '')) {
        chain.unshift(`${serviceOf(span)}: ${span.name}`);
      }
      const tree = (parent: string | undefined, depth: number): string[] =>
        spans
          .filter((span) => parentOf(span) === parent)
          .sort((x, y) => x.startTime[0] - y.startTime[0] || x.startTime[1] - y.startTime[1])
          .flatMap((span) => [
            `${'  '.repeat(depth)}${serviceOf(span)}: ${span.name}`,
            ...tree(span.spanContext().spanId, depth + 1),
          ]);
      if (process.env.PRINT_TRACE) console.info(tree(undefined, 0).join('\n'));
      expect(chain).toEqual([
        'pmbok-gateway: POST /pmbok/api/task/finishTask',
        'pmbok-gateway: pmbok.task.v1.TaskService/FinishTask',
        'pmbok-task: pmbok.task.v1.TaskService/FinishTask',
        'pmbok-task: command task',
        expect.stringMatching(/^pmbok-messaging: process task \(messaging-[a-z-]+\)$/),
        'pmbok-messaging: command activity',
        'pmbok-messaging: process messaging (messaging-notification-pushes)',
        'pmbok-messaging: push team',
        'pmbok-gateway: deliver team',
      ]);
    });

    it("continues the browser's trace (its traceparent header) and leaves probes untraced", async () => {
      exporter.reset();
      const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
      const response = await h.app.inject({
        method: 'POST',
        url: '/pmbok/api/userInfo/getUserInfo',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: tokens.a,
          traceparent: `00-${traceId}-00f067aa0ba902b7-01`,
        },
        payload: 'teamId=&version=1',
      });
      expect(response.json().code).toBe(200);
      const request = exporter.getFinishedSpans().find((span) => span.name === 'POST /pmbok/api/userInfo/getUserInfo');
      expect(request?.spanContext().traceId).toBe(traceId);
      expect(parentOf(request!)).toBe('00f067aa0ba902b7');
      expect(request?.attributes).toMatchObject({ 'http.response.status_code': 200, 'pmbok.api.code': 200 });
      // Probes are not traced.
      await h.app.inject({ method: 'GET', url: '/healthz' });
      expect(exporter.getFinishedSpans().some((span) => span.name.includes('/healthz'))).toBe(false);
    });
  });
}

tracesThrough('embedded', {});

const { KAFKA_BROKERS, NATS_URL } = process.env;
if (KAFKA_BROKERS && NATS_URL) {
  // Consumer groups form on the broker's clock: room for a busy machine.
  vi.setConfig({ testTimeout: 90_000, hookTimeout: 180_000 });
  const prefix = `trace${randomUUID().slice(0, 8)}`;
  tracesThrough('Kafka and NATS', { KAFKA_BROKERS, NATS_URL, KAFKA_PREFIX: prefix, NATS_PREFIX: prefix });
} else {
  describe('traces (Kafka and NATS)', () => {
    it.skip('needs KAFKA_BROKERS and NATS_URL (scripts/engines.sh start)', () => {});
  });
}

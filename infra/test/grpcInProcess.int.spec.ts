import { getEventListeners } from 'node:events';
import { aiv1, taskv1 } from '@pmbok/proto';
import { type CallContext, ClientError, Status } from 'nice-grpc';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectService, createLogger, invalid, type RunningGrpcServer, startGrpcServer } from '../src/index.js';
import { grpcClientHandled } from '../src/metrics.js';

/**
 * The in-process transport (ADR 19) against loopback gRPC: one server, one client of each kind, the same calls. What
 * the caller gets and what the handler sees must not depend on the transport.
 */
const { methods } = aiv1.AiServiceDefinition;
const contract = {
  ...aiv1.AiServiceDefinition,
  methods: { getStatus: methods.getStatus, renameGroup: methods.renameGroup, ask: methods.ask },
};
type Definition = typeof contract;

const seen: { peer: string; request: unknown; signal?: AbortSignal }[] = [];
let hold: Promise<void> = Promise.resolve();
let release = () => {};

const implementation = {
  async getStatus(_request: aiv1.GetStatusRequest, context: CallContext) {
    seen.push({ peer: context.peer, request: _request, signal: context.signal });
    await hold;
    // Fields left out: the encoding fills them, over the wire and in process alike.
    return { service: 'ai' };
  },
  async renameGroup(request: aiv1.RenameGroupRequest, context: CallContext) {
    seen.push({ peer: context.peer, request });
    if (!request.name) throw invalid('名称不能为空');
    if (request.name === 'boom') throw new Error('a bug');
    return {};
  },
  async *ask(request: aiv1.AskRequest, context: CallContext) {
    seen.push({ peer: context.peer, request, signal: context.signal });
    for (const text of ['a', 'b', 'c']) {
      yield { type: 'delta', text, aiChatGroupId: request.aiChatGroupId };
      await hold;
    }
  },
};

describe('the in-process gRPC transport', () => {
  let server: RunningGrpcServer | undefined;
  let inProcess: ReturnType<typeof connectService<Definition>>;
  let network: ReturnType<typeof connectService<Definition>>;

  beforeEach(async () => {
    seen.length = 0;
    hold = Promise.resolve();
    server = await startGrpcServer({
      name: 'ai',
      services: [{ definition: contract, implementation }],
      logger: createLogger('test', 'silent'),
    });
    inProcess = connectService(contract, server.address, 300);
    process.env.PMBOK_GRPC_TRANSPORT = 'network';
    try {
      network = connectService(contract, server.address, 300);
    } finally {
      delete process.env.PMBOK_GRPC_TRANSPORT;
    }
  });
  afterEach(async () => {
    release();
    inProcess.close();
    network.close();
    await server?.stop();
    server = undefined;
  });

  it('shares deadline signals between calls and leaves no listener per call on them once answered', async () => {
    await Promise.all([inProcess.client.getStatus({}), inProcess.client.getStatus({}), network.client.getStatus({})]);
    const signals = seen.map((s) => s.signal as AbortSignal);
    // the two in-process calls started together: one deadline signal (a grain's edge may split them)
    expect(new Set(signals.slice(0, 2)).size).toBeLessThanOrEqual(2);
    // Many more calls on the same signals: the in-process transport listens once per signal, whatever their number.
    await Promise.all(Array.from({ length: 40 }, () => inProcess.client.getStatus({})));
    for (let i = 0; i < 20; i++) await inProcess.client.getStatus({});
    for (const signal of new Set(seen.map((s) => s.signal as AbortSignal)))
      expect(getEventListeners(signal, 'abort').length).toBeLessThanOrEqual(1);
  });

  it('answers as the network does, without the network', async () => {
    const local = await inProcess.client.getStatus({});
    const remote = await network.client.getStatus({});
    expect(local).toEqual(remote);
    expect(local).toEqual({ service: 'ai', logHead: 0, projectedPosition: 0 });
    expect(seen.map((s) => s.peer === 'in-process')).toEqual([true, false]);
    // The handler got a decoded message with defaults, not the caller's object.
    await inProcess.client.renameGroup({ name: 'x' });
    expect(seen.at(-1)?.request).toEqual({ aiChatGroupId: 0, name: 'x' });
    expect((await inProcess.health.check({ service: '' })).status).toBe(
      (await network.health.check({ service: '' })).status,
    );
  });

  it("turns a handler's failures into the same ClientError", async () => {
    const failures = async (client: typeof inProcess.client, name: string) => {
      const error = await client.renameGroup({ name }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ClientError);
      const { code, details, path } = error as ClientError;
      return { code, details, path };
    };
    for (const name of ['', 'boom']) {
      expect(await failures(inProcess.client, name)).toEqual(await failures(network.client, name));
    }
    expect((await failures(inProcess.client, '')).code).toBe(Status.INVALID_ARGUMENT);
    expect((await failures(inProcess.client, 'boom')).code).toBe(Status.INTERNAL);
  });

  it("aborts at the caller's deadline and cancels the handler", async () => {
    hold = new Promise((resolve) => (release = resolve));
    const names = [];
    for (const client of [inProcess.client, network.client]) {
      const error = await client.getStatus({}).catch((e: unknown) => e);
      names.push((error as Error).name);
    }
    // The deadline's reason (withDeadline), as nice-grpc rejects with it.
    expect(names).toEqual(['TimeoutError', 'TimeoutError']);
    expect(seen).toHaveLength(2);
    // The handler's signal aborts: at once in process, when the cancel frame arrives over the network.
    const aborted = (signal?: AbortSignal) =>
      signal?.aborted
        ? true
        : new Promise<boolean>((resolve) => signal?.addEventListener('abort', () => resolve(true)));
    expect(await Promise.all(seen.map(({ signal }) => aborted(signal)))).toEqual([true, true]);
    expect(seen[0]?.signal?.aborted).toBe(true);
  });

  it('streams the same frames, and ends the handler when the caller stops reading', async () => {
    const frames = async (client: typeof inProcess.client) => {
      const got: string[] = [];
      for await (const frame of client.ask({ aiChatGroupId: 7, content: 'q' })) got.push(`${frame.type}:${frame.text}`);
      return got;
    };
    expect(await frames(inProcess.client)).toEqual(await frames(network.client));
    seen.length = 0;
    hold = new Promise((resolve) => (release = resolve));
    for await (const frame of inProcess.client.ask({ aiChatGroupId: 7, content: 'q' })) {
      expect(frame.text).toBe('a');
      break;
    }
    expect(seen[0]?.signal?.aborted).toBe(true);
  });

  it('fails like a stopped server once its server stopped, measured once per call', async () => {
    await server?.stop();
    server = undefined;
    const unavailable = async () =>
      (await grpcClientHandled.get()).values.find(
        (v) => v.labels.method === 'GetStatus' && v.labels.code === 'UNAVAILABLE',
      )?.value ?? 0;
    const before = await unavailable();
    const codes = await Promise.all(
      [inProcess.client, network.client].map((client) =>
        client.getStatus({}).then(
          () => 'answered',
          (e: unknown) => (e instanceof ClientError ? Status[e.code] : String(e)),
        ),
      ),
    );
    expect(codes).toEqual(['UNAVAILABLE', 'UNAVAILABLE']);
    // The fallback to the network runs inside the in-process client's middleware, not in a second one of its own.
    expect((await unavailable()) - before).toBe(2);
  });
});

/** A page of tasks as a read model hands it out: extra fields, fields left out, nulls, nested lists. */
describe('the in-process copy of a message', () => {
  const definition = {
    ...taskv1.TaskServiceDefinition,
    methods: { listTasks: taskv1.TaskServiceDefinition.methods.listTasks },
  };
  const requests: unknown[] = [];
  const page = () => ({
    tasks: [
      { taskId: 1, name: '登录页', _id: 'internal', status: 2, workHour: 1.5, createdAt: 1_795_896_181_631 },
      { taskId: 2, name: null, userName: undefined, spentHours: 0.1 + 0.2 },
    ],
    total: 2,
    page: 1,
    pageSize: 20,
    extra: { leaked: true },
  });

  it('gives the caller and the handler what the network gives them', async () => {
    const server = await startGrpcServer({
      name: 'task',
      services: [
        {
          definition,
          implementation: {
            async listTasks(request: unknown) {
              requests.push(request);
              return page();
            },
          },
        },
      ],
      logger: createLogger('test', 'silent'),
    });
    const inProcess = connectService(definition, server.address);
    process.env.PMBOK_GRPC_TRANSPORT = 'network';
    const network = connectService(definition, server.address);
    delete process.env.PMBOK_GRPC_TRANSPORT;
    try {
      const asked = { taskProjectId: 7, page: 1, sort: undefined, unknownField: 'x' } as never;
      const local = await inProcess.client.listTasks(asked);
      const remote = await network.client.listTasks(asked);
      expect(local).toEqual(remote);
      expect(requests[0]).toEqual(requests[1]);
      expect(local.tasks[0]).not.toHaveProperty('_id');
      expect(local.tasks[1]?.name).toBe('');
      // a copy: changing what the handler returned cannot reach the caller
      expect(local.tasks).not.toBe(page().tasks);
    } finally {
      inProcess.close();
      network.close();
      await server.stop();
    }
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import YAML from 'yaml';
import { type Harness, startHarness } from './harness.js';

/** An OpenAPI description with `n` operations under a Chinese tag, and one model. */
function spec(n: number, summary = '查询订单') {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    paths[`/orders/${i}/{orderId}`] = {
      get: {
        tags: ['订单'],
        summary: `${summary}${i}`,
        parameters: [{ name: 'orderId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: '订单',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } },
          },
        },
      },
    };
  }
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: '订单中心', version: '2.0' },
    servers: [{ url: 'https://orders.example.com/api' }],
    paths,
    components: {
      schemas: { Order: { type: 'object', properties: { id: { type: 'string', description: '订单号' } } } },
    },
  });
}

/** Import and export through the gateway (docs/api/publishing.md, "Import and export"). */
describe('knowledge import and export through the gateway', () => {
  let h: Harness;
  let owner: string;
  let editor: string;
  let viewer: string;
  let outsider: string;
  let teamId: string;
  let projectId: string;
  let server: Server;
  let base = '';
  let served = spec(2);

  const as =
    (token: string | undefined) =>
    (path: string, body: Record<string, string> = {}) =>
      h.call(`project/${path}`, { teamId, projectId, ...body }, token);
  const userIdOf = async (token: string) => String((await h.call('userInfo/getUserInfo', {}, token)).data.userId);

  beforeAll(async () => {
    // The scheduled re-import reads a local server: this installation lets imports reach loopback.
    vi.stubEnv('PMBOK_IMPORT_ALLOWED_NETWORKS', '127.0.0.0/8');
    vi.stubEnv('PMBOK_IMPORT_SCHEDULE_TICK_MS', '100');
    server = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(served);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    h = await startHarness();
    const tokens = await Promise.all([1, 2, 3, 4].map((n) => h.register(`1374000000${n}`)));
    [owner, editor, viewer, outsider] = tokens as [string, string, string, string];
    teamId = String((await h.call('team/create', { teamName: '导入组' }, owner)).data.teamId);
    await h.call('team/create', { teamName: '外队' }, outsider);
    const { shareCode } = (await h.call('team/shareInfo', { teamId }, owner)).data;
    for (const member of [editor, viewer])
      expect((await h.call('team/shareJoin', { shareCode }, member)).code).toBe(200);
    projectId = String((await as(owner)('create', { name: '订单接口', privateType: 'members' })).data.projectId);
    for (const [token, role] of [
      [editor, 'editor'],
      [viewer, 'viewer'],
    ] as const) {
      const answer = await as(owner)('batchCreateProjectUser', { userIds: `[${await userIdOf(token)}]`, role });
      expect(answer.code).toBe(200);
    }
  });
  afterAll(async () => {
    await h.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    vi.unstubAllEnvs();
  });

  it('previews and imports a file, then exports it back', async () => {
    const content = spec(3);
    const preview = await as(editor)('importPreview', { content, fileName: 'orders.json', format: 'auto' });
    expect(preview).toMatchObject({
      code: 200,
      data: { format: 'openapi', formatVersion: '3.0.3', title: '订单中心', counts: { change: 0, keep: 0 } },
    });
    expect(preview.data.items).toContainEqual(
      expect.objectContaining({ kind: 'api', name: '查询订单0', folderPath: ['订单'], method: 'GET', action: 'add' }),
    );
    const result = await as(editor)('import', { content, fileName: 'orders.json', planHash: preview.data.planHash });
    expect(result).toMatchObject({ code: 200, data: { projectId: Number(projectId), counts: preview.data.counts } });
    expect(result.data.changeId).not.toBe('');

    const tree = (await as(viewer)('projectStructure')).data.nodes;
    expect(tree.filter((n: { kind: string }) => n.kind === 'api')).toHaveLength(3);
    const exported = await as(viewer)('export', { format: 'openapi-yaml' });
    expect(exported).toMatchObject({ code: 200, data: { mediaType: expect.stringMatching(/yaml/) } });
    expect(exported.data.fileName).toMatch(/\.ya?ml$/);
    const back = YAML.parse(exported.data.content);
    expect(Object.keys(back.paths)).toHaveLength(3);
    expect(back.components.schemas.Order.properties.id.description).toBe('订单号');

    const folder = tree.find((n: { name: string }) => n.name === '订单');
    const some = await as(viewer)('export', {
      format: 'openapi-json',
      nodeIds: JSON.stringify([folder.projectStructureId]),
    });
    expect(Object.keys(JSON.parse(some.data.content).paths)).toHaveLength(3);
  });

  // The scale: one tree event for the nodes, the documents appended without a wait each (~10 s on a quiet
  // machine; the timeout leaves room for a busy one).
  it('imports 5,000 operations (megabytes through the form, over the usual body limit)', {
    timeout: 180_000,
  }, async () => {
    const content = spec(5000);
    expect(content.length).toBeGreaterThan(1024 * 1024);
    const started = performance.now();
    let done = false;
    const importing = as(owner)('import', { projectId: '0', content, fileName: 'big.json', name: '大文件' }).finally(
      () => {
        done = true;
      },
    );
    // Meanwhile the service keeps answering: no other call waits for a large part of the import.
    const waits: number[] = [];
    while (!done) {
      const asked = performance.now();
      expect((await as(viewer)('importSchedules')).code).toBe(200);
      waits.push(performance.now() - asked);
    }
    const made = await importing;
    const took = performance.now() - started;
    console.info(
      `imported 5,000 operations in ${Math.round(took)} ms; longest other call ${Math.round(Math.max(...waits))} ms`,
    );
    expect(Math.max(...waits)).toBeLessThan(took / 4);
    expect(made, made.msg).toMatchObject({ code: 200, data: { counts: { add: 5000 + 3 } } });
    const tree = (await as(owner)('projectStructure', { projectId: String(made.data.projectId) })).data.nodes;
    expect(tree).toHaveLength(5000 + 3);
    for (const format of ['openapi-json', 'html']) {
      const exportStarted = performance.now();
      const exported = await as(owner)('export', { projectId: String(made.data.projectId), format });
      console.info(`exported 5,000 operations as ${format} in ${Math.round(performance.now() - exportStarted)} ms`);
      expect(exported.code).toBe(200);
    }
  });

  it('answers bad input with 400 and a reason, never 500', async () => {
    const broken = await as(editor)('importPreview', { content: '{\n  "openapi": "3.0.0",\n  "info": \n}' });
    expect(broken.code).toBe(400);
    expect(broken.msg).toMatch(/第 ?\d+ ?行/);
    expect((await as(editor)('importPreview', {})).msg).toBe('请选择要导入的文件或填写导入地址');
    expect((await as(editor)('importPreview', { content: spec(1), url: `${base}/x` })).msg).toBe(
      '文件和导入地址只能选一个',
    );
    expect((await as(editor)('importPreview', { content: spec(1), format: 'wsdl' })).code).toBe(400);
    expect((await as(editor)('importPreview', { url: 'http://169.254.169.254/latest/meta-data/' })).msg).toBe(
      '不能从内网、本机或云服务元数据地址导入：169.254.169.254',
    );
    expect((await as(editor)('importPreview', { url: 'file:///etc/passwd' })).msg).toBe(
      '只能从 http 或 https 地址导入',
    );
    const stale = await as(editor)('import', { content: spec(1, '别的'), planHash: 'a'.repeat(64) });
    expect(stale).toMatchObject({ code: 400, msg: '导入内容已变化，请重新预览' });
    expect((await as(editor)('importPreview', { content: '<xml/>' })).code).toBe(400);
    // Past 20 MB the form still arrives (the call's body limit), and the answer says why it is refused.
    const huge = await as(editor)('importPreview', { content: `{"x":"${'x'.repeat(21 * 1024 * 1024)}"}` });
    expect(huge).toMatchObject({ code: 400, msg: '导入文件不能超过 20 MB' });
    expect((await as(viewer)('export', { format: 'pdf' })).code).toBe(400);
    expect((await as(viewer)('export', { format: 'openapi-json', nodeIds: 'nonsense' })).msg).toBe(
      '要导出的节点格式错误',
    );
    expect((await as(viewer)('export', { format: 'openapi-json', nodeIds: '[-1]' })).msg).toBe('要导出的节点格式错误');
    expect((await as(viewer)('export', { format: 'openapi-json', versionId: '12345' })).code).toBe(400);
    expect((await as(owner)('saveImportSchedule', { url: `${base}/a`, intervalMinutes: '30' })).code).toBe(400);
  });

  it('refuses importing for a viewer and anything for an outsider', async () => {
    expect(await as(viewer)('importPreview', { content: spec(1) })).toMatchObject({
      code: 400,
      msg: '你只能查看该项目，不能修改',
    });
    expect(await as(viewer)('import', { content: spec(1) })).toMatchObject({
      code: 400,
      msg: '你只能查看该项目，不能修改',
    });
    for (const [call, body] of [
      ['importPreview', { content: spec(1) }],
      ['import', { content: spec(1) }],
      ['export', { format: 'openapi-json' }],
      ['importSchedules', {}],
    ] as const) {
      expect(await as(outsider)(call, body)).toMatchObject({ code: 400, msg: '项目不存在或无权访问' });
    }
    expect((await as(undefined)('importPreview', { content: spec(1) })).code).toBe(402);
  });

  it('re-imports on schedule from a URL, recording each run', async () => {
    // The project as the first test leaves it (when run alone too): three operations and their model.
    expect((await as(owner)('import', { content: spec(3) })).code).toBe(200);
    const saved = await as(owner)('saveImportSchedule', {
      url: `${base}/orders.json`,
      intervalMinutes: '60',
      enabled: '1',
    });
    expect(saved).toMatchObject({ code: 200, data: { scheduleId: expect.any(Number) } });
    const [listed] = (await as(viewer)('importSchedules')).data;
    expect(listed).toMatchObject({ url: `${base}/orders.json`, format: 'auto', enabled: true, lastStatus: '' });
    served = spec(4, '查询订单');
    h.advanceClock(61 * 60_000);
    await vi.waitFor(
      async () => {
        const [schedule] = (await as(viewer)('importSchedules')).data;
        expect(schedule.lastStatus).toBe('ok');
      },
      { timeout: 20_000, interval: 100 },
    );
    const [ran] = (await as(viewer)('importSchedules')).data;
    expect(ran.lastMessage).toBe('新增 1，更新 0，未变 6');
    expect(ran.nextRunAt).toBeGreaterThan(ran.lastRunAt);
    const apis = (await as(viewer)('projectStructure')).data.nodes.filter((n: { kind: string }) => n.kind === 'api');
    expect(apis).toHaveLength(4);

    // A source the server cannot read makes the run fail with the reason, and nothing else.
    served = '{ not json';
    h.advanceClock(61 * 60_000);
    await vi.waitFor(
      async () => {
        const [schedule] = (await as(viewer)('importSchedules')).data;
        expect(schedule.lastStatus).toBe('failed');
      },
      { timeout: 20_000, interval: 100 },
    );
    expect((await as(owner)('deleteImportSchedule', { scheduleId: String(saved.data.scheduleId) })).code).toBe(200);
    expect((await as(viewer)('importSchedules')).data).toEqual([]);
  });
});

import { connectService } from '@pmbok/infra';
import { projectv1 } from '@pmbok/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

const HIDDEN = '项目不存在或无权访问';

/** Mock settings and expectations through the gateway (docs/api/mock-and-fields.md). */
describe('mock settings and expectations through the gateway', () => {
  let h: Harness;
  let owner: string;
  let editor: string;
  let viewer: string;
  let outsider: string;
  let stranger: string;
  let teamId: string;
  let projectId: string;
  let apiId: string;
  // The gateway mock server's read of the project, asked as it asks (no caller).
  let service: ReturnType<typeof connectService<typeof projectv1.ProjectServiceDefinition>>;

  const as =
    (token: string | undefined) =>
    (path: string, body: Record<string, string> = {}) =>
      h.call(`project/${path}`, { teamId, projectId, ...body }, token);
  const userIdOf = async (token: string) => String((await h.call('userInfo/getUserInfo', {}, token)).data.userId);
  const index = async (knownRevision = '') =>
    service.client.getMockIndex({ projectId: Number(projectId), knownRevision });
  const expectation = {
    name: 'id 为 0 时 404',
    conditions: [{ source: 'query', name: 'id', operator: 'equals', value: '0' }],
    response: { status: 404, headers: [], bodyType: 'example', body: { code: 404, msg: '不存在' }, delayMs: 0 },
  };

  beforeAll(async () => {
    h = await startHarness();
    service = connectService(projectv1.ProjectServiceDefinition, h.addresses.project);
    const tokens = await Promise.all([1, 2, 3, 4, 5].map((n) => h.register(`1375000000${n}`)));
    [owner, editor, viewer, outsider, stranger] = tokens as [string, string, string, string, string];
    teamId = String((await h.call('team/create', { teamName: '模拟组' }, owner)).data.teamId);
    await h.call('team/create', { teamName: '外队' }, outsider);
    const { shareCode } = (await h.call('team/shareInfo', { teamId }, owner)).data;
    for (const member of [editor, viewer])
      expect((await h.call('team/shareJoin', { shareCode }, member)).code).toBe(200);
    projectId = String((await as(owner)('create', { name: '宠物接口', privateType: 'members' })).data.projectId);
    for (const [token, role] of [
      [editor, 'editor'],
      [viewer, 'viewer'],
    ] as const) {
      expect((await as(owner)('batchCreateProjectUser', { userIds: `[${await userIdOf(token)}]`, role })).code).toBe(
        200,
      );
    }
    const api = await as(editor)('addStructure', { kind: 'api', name: '查询宠物', method: 'get', path: '/pets' });
    apiId = String(api.data.projectStructureId);
  });
  afterAll(async () => {
    service?.close();
    await h.close();
  });

  it('settings: defaults, the token for writers only, managers change them, a reset makes a new token', async () => {
    const mine = await as(owner)('mockSettings');
    expect(mine).toMatchObject({
      code: 200,
      data: { projectId: Number(projectId), access: 'token', validateRequests: true, basePath: `/mock/${projectId}` },
    });
    expect(mine.data.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await as(editor)('mockSettings')).data.token).toBe(mine.data.token);
    expect((await as(viewer)('mockSettings')).data).toEqual({ ...mine.data, token: '' });
    expect(await as(outsider)('mockSettings')).toMatchObject({ code: 400, msg: HIDDEN });
    expect(await as(stranger)('mockSettings')).toMatchObject({ code: 400, msg: HIDDEN });
    expect((await as(undefined)('mockSettings')).code).toBe(402);

    expect(await as(editor)('saveMockSettings', { access: 'public' })).toMatchObject({
      code: 400,
      msg: '只有项目所有者和管理员可以管理项目',
    });
    expect(await as(viewer)('saveMockSettings', { access: 'public' })).toMatchObject({ code: 400 });
    expect(await as(outsider)('saveMockSettings', { access: 'public' })).toMatchObject({ code: 400, msg: HIDDEN });
    expect((await as(owner)('saveMockSettings', { access: 'everyone' })).code).toBe(400);
    const open = await as(owner)('saveMockSettings', { access: 'public', validateRequests: '0' });
    expect(open).toMatchObject({
      code: 200,
      data: { access: 'public', validateRequests: false, token: mine.data.token },
    });
    const reset = await as(owner)('saveMockSettings', { access: 'token', validateRequests: '1', resetToken: '1' });
    expect(reset).toMatchObject({ code: 200, data: { access: 'token', validateRequests: true } });
    expect(reset.data.token).not.toBe(mine.data.token);
    const { indexJson } = await index();
    expect(JSON.parse(indexJson)).toMatchObject({ access: 'token', token: reset.data.token, validateRequests: true });
  });

  it('expectations: writers save, whoever sees the project reads, bad ones refused with a message', async () => {
    const before = await index();
    const saved = await as(editor)('saveMockExpectations', {
      projectStructureId: apiId,
      expectations: JSON.stringify([expectation]),
    });
    expect(saved).toMatchObject({
      code: 200,
      data: [{ ...expectation, enabled: true, response: { ...expectation.response, text: '' } }],
    });
    expect(saved.data[0].id).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect((await as(viewer)('mockExpectations', { projectStructureId: apiId })).data).toEqual(saved.data);
    expect(await as(outsider)('mockExpectations', { projectStructureId: apiId })).toMatchObject({
      code: 400,
      msg: HIDDEN,
    });
    expect(await as(viewer)('saveMockExpectations', { projectStructureId: apiId, expectations: '[]' })).toMatchObject({
      code: 400,
      msg: '你只能查看该项目，不能修改',
    });
    expect(await as(outsider)('saveMockExpectations', { projectStructureId: apiId, expectations: '[]' })).toMatchObject(
      { code: 400, msg: HIDDEN },
    );
    // The index follows at once.
    const after = await index(before.revision);
    expect(after.unchanged).toBe(false);
    expect(JSON.parse(after.indexJson).apis[0].expectations).toEqual(saved.data);

    const bad = (over: Record<string, unknown>) =>
      as(editor)('saveMockExpectations', {
        projectStructureId: apiId,
        expectations: JSON.stringify([{ ...expectation, ...over }]),
      });
    expect(await bad({ name: '' })).toMatchObject({ code: 400, msg: '第 1 个期望的名称为 1–100 个字符' });
    expect(await bad({ response: { status: 700 } })).toMatchObject({
      code: 400,
      msg: '第 1 个期望的响应的状态码必须是 100–599 的整数',
    });
    expect(await bad({ conditions: [{ source: 'query', name: 'q', operator: 'matches', value: '[' }] })).toMatchObject({
      code: 400,
      msg: '第 1 个期望的第 1 个条件的正则表达式不正确',
    });
    expect(await as(editor)('saveMockExpectations', { projectStructureId: apiId, expectations: '[{' })).toMatchObject({
      code: 400,
      msg: '期望列表不是正确的 JSON',
    });
    expect(
      await as(editor)('saveMockExpectations', { projectStructureId: '999999999', expectations: '[]' }),
    ).toMatchObject({ code: 400, msg: '接口不存在或已删除' });
    expect((await as(editor)('mockExpectations', { projectStructureId: 'abc' })).code).toBe(400);
  });

  it('the mock route answers with what was saved: the token, an expectation, public access', async () => {
    const { token } = (await as(owner)('mockSettings')).data;
    const mock = (query: string, headers: Record<string, string> = {}) =>
      h.app.inject({ method: 'GET', url: `/mock/${projectId}/pets${query}`, headers });
    expect((await mock('?id=0')).statusCode).toBe(404);
    expect((await mock('?id=0', { 'x-mock-token': 'wrong' })).statusCode).toBe(404);
    const expected = await mock('?id=0', { 'x-mock-token': token });
    expect(expected.statusCode).toBe(404);
    expect(expected.headers['x-pmbok-mock']).toBe('expectation');
    expect(expected.json()).toEqual({ code: 404, msg: '不存在' });
    expect((await mock('?id=7', { 'x-mock-token': token })).statusCode).toBe(200);
    expect((await as(owner)('saveMockSettings', { access: 'public' })).code).toBe(200);
    expect((await mock('?id=0')).statusCode).toBe(404);
    expect((await mock('?id=0')).headers['x-pmbok-mock']).toBe('expectation');
    expect((await mock('?id=1')).statusCode).toBe(200);
    expect((await as(owner)('saveMockSettings', { access: 'token' })).code).toBe(200);
    expect((await mock('?id=1')).statusCode).toBe(404);
  });

  it('a document saved through the gateway changes the index revision at once', async () => {
    const before = await index();
    const doc = (await as(editor)('docDetail', { projectStructureId: apiId })).data;
    const saved = await as(editor)('saveDoc', {
      projectStructureId: apiId,
      baseVersion: String(doc.version),
      doc: JSON.stringify({ ...doc.api, path: '/pets/{petId}' }),
    });
    expect(saved.code).toBe(200);
    const after = await index(before.revision);
    expect(after.revision).not.toBe(before.revision);
    expect(JSON.parse(after.indexJson).apis[0].path).toBe('/pets/{petId}');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

/** The change history of a knowledge project through the gateway (docs/api/publishing.md, "Change history"). */
describe('knowledge change history through the gateway', () => {
  let h: Harness;
  let owner: string;
  let editor: string;
  let viewer: string;
  let outsider: string;
  let teamId: string;
  let projectId: string;

  const as =
    (token: string | undefined) =>
    (path: string, body: Record<string, string> = {}) =>
      h.call(`project/${path}`, { teamId, projectId, ...body }, token);
  const userIdOf = async (token: string) => String((await h.call('userInfo/getUserInfo', {}, token)).data.userId);

  beforeAll(async () => {
    h = await startHarness();
    const tokens = await Promise.all([1, 2, 3, 4].map((n) => h.register(`1374000000${n}`)));
    [owner, editor, viewer, outsider] = tokens as [string, string, string, string];
    teamId = String((await h.call('team/create', { teamName: '历史组' }, owner)).data.teamId);
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
  });

  it('lists who changed what with each field before and after, restores a document, reverts a change', async () => {
    const api = await as(editor)('addStructure', { kind: 'api', name: '查询订单', method: 'get', path: '/orders' });
    const apiId = String(api.data.projectStructureId);
    const doc = (await as(editor)('docDetail', { projectStructureId: apiId })).data;
    const changed = {
      ...doc.api,
      parameters: [{ in: 'query', name: 'limit', required: true, schema: { type: 'integer' } }],
    };
    const save = await as(editor)('saveDoc', {
      projectStructureId: apiId,
      baseVersion: String(doc.version),
      doc: JSON.stringify(changed),
    });
    expect(save.code).toBe(200);

    const page = await as(viewer)('history', { projectStructureId: apiId, page: '1', pageSize: '10' });
    expect(page).toMatchObject({ code: 200, data: { count: 2, pages: 1 } });
    const [saved, added] = page.data.list;
    expect(added).toMatchObject({ action: 'node-added', kind: 'api', name: '查询订单' });
    expect(saved).toMatchObject({ action: 'doc-saved', userId: Number(await userIdOf(editor)) });
    // the document's first content, over the blank one its node was created with, breaks nobody
    expect(saved.fields).toEqual([
      expect.objectContaining({
        path: 'parameters.query.limit',
        change: 'added',
        before: null,
        breaking: false,
        message: '新增必填查询参数 limit',
      }),
    ]);
    expect(saved.summary).toBe('修改了接口 查询订单 的 参数');

    const restored = await as(editor)('restoreDoc', { projectStructureId: apiId, entryId: String(added.entryId) });
    expect(restored).toMatchObject({ code: 200, data: { restored: 1 } });
    expect((await as(editor)('docDetail', { projectStructureId: apiId })).data.api.parameters).toEqual([]);

    const reverted = await as(editor)('revertChange', { changeId: restored.data.changeId });
    expect(reverted).toMatchObject({ code: 200, data: { restored: 1 } });
    const back = (await as(editor)('docDetail', { projectStructureId: apiId })).data.api.parameters;
    expect(back).toEqual([expect.objectContaining({ name: 'limit', required: true })]);

    const newest = (await as(viewer)('history', { pageSize: '1' })).data.list[0];
    expect(newest).toMatchObject({ action: 'reverted', changeId: reverted.data.changeId });
  });

  it('refuses bad input with a message and people who may not see or write', async () => {
    expect((await as(editor)('history', { from: 'yesterday' })).code).toBe(400);
    expect((await as(editor)('revertChange', { changeId: '<script>' })).code).toBe(400);
    expect(await as(editor)('revertChange', { changeId: 'change-unknown' })).toMatchObject({
      code: 400,
      msg: '该变更不存在',
      data: null,
    });
    expect(await as(outsider)('history')).toMatchObject({ code: 400, msg: '项目不存在或无权访问', data: null });
    const entry = (await as(viewer)('history')).data.list[0];
    expect(await as(viewer)('revertChange', { changeId: entry.changeId })).toMatchObject({
      code: 400,
      msg: '你只能查看该项目，不能修改',
    });
    expect((await as(undefined)('history')).code).toBe(402);
  });
});

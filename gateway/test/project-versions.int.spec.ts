import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

/** Versions of a knowledge project through the gateway (docs/api/publishing.md, "Versions"). */
describe('knowledge versions through the gateway', () => {
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
    const tokens = await Promise.all([1, 2, 3, 4].map((n) => h.register(`1373000000${n}`)));
    [owner, editor, viewer, outsider] = tokens as [string, string, string, string];
    teamId = String((await h.call('team/create', { teamName: '版本组' }, owner)).data.teamId);
    await h.call('team/create', { teamName: '外队' }, outsider);
    const { shareCode } = (await h.call('team/shareInfo', { teamId }, owner)).data;
    for (const member of [editor, viewer])
      expect((await h.call('team/shareJoin', { shareCode }, member)).code).toBe(200);
    projectId = String((await as(owner)('create', { name: '库存接口', privateType: 'members' })).data.projectId);
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

  it('saves, lists, compares, reads, restores and deletes versions', async () => {
    const api = await as(editor)('addStructure', { kind: 'api', name: '查询库存', method: 'get', path: '/stock' });
    const apiId = String(api.data.projectStructureId);
    const saved = await as(editor)('saveProjectVersion', { name: 'v1.0', notes: '首个版本' });
    expect(saved).toMatchObject({ code: 200, data: { versionId: expect.any(Number) } });
    const versionId = String(saved.data.versionId);

    const doc = (await as(editor)('docDetail', { projectStructureId: apiId })).data;
    const changed = { ...doc.api, path: '/stocks', description: '全部库存' };
    const save = await as(editor)('saveDoc', {
      projectStructureId: apiId,
      baseVersion: String(doc.version),
      doc: JSON.stringify(changed),
    });
    expect(save.code).toBe(200);
    await as(editor)('addStructure', { kind: 'page', name: '说明' });

    const list = await as(viewer)('projectVersions', { page: '1', pageSize: '10' });
    expect(list).toMatchObject({ code: 200, data: { count: 1, pages: 1 } });
    expect(list.data.list[0]).toMatchObject({
      versionId: Number(versionId),
      name: 'v1.0',
      notes: '首个版本',
      auto: false,
      docCount: 1,
    });

    const diff = await as(viewer)('compareVersions', { fromVersionId: versionId });
    expect(diff.code).toBe(200);
    expect(diff.data.summary).toMatchObject({ added: 1, removed: 0, changed: 1 });
    const apiDiff = diff.data.docs.find((d: { change: string }) => d.change === 'changed');
    expect(apiDiff).toMatchObject({ kind: 'api', name: '查询库存', method: 'GET', path: '/stocks' });
    expect(apiDiff.fields.length).toBeGreaterThan(0);

    const structure = await as(viewer)('versionStructure', { versionId });
    expect(structure.code).toBe(200);
    expect(structure.data.nodes).toEqual([
      expect.objectContaining({ projectStructureId: Number(apiId), kind: 'api', method: 'GET', path: '/stock' }),
    ]);
    const then = await as(viewer)('versionDoc', { versionId, projectStructureId: apiId });
    expect(then).toMatchObject({ code: 200, data: { kind: 'api', version: 1, api: { path: '/stock' } } });

    const restored = await as(editor)('restoreVersion', { versionId });
    expect(restored).toMatchObject({ code: 200, data: { changeId: expect.any(String), restored: expect.any(Number) } });
    expect(restored.data.changeId).not.toBe('');
    expect((await as(editor)('docDetail', { projectStructureId: apiId })).data.api.path).toBe('/stock');
    expect((await as(editor)('projectStructure')).data.nodes).toHaveLength(1);

    expect(await as(editor)('deleteVersion', { versionId })).toMatchObject({
      code: 400,
      msg: '只有项目所有者和管理员可以管理项目',
    });
    expect(await as(owner)('deleteVersion', { versionId })).toMatchObject({ code: 200, data: null });
    expect(await as(viewer)('versionStructure', { versionId })).toMatchObject({ code: 400, msg: '版本不存在或已删除' });
  });

  it('answers bad input with 400 and a message, signed out with 402, outsiders and viewers refused', async () => {
    expect(await as(editor)('saveProjectVersion', { name: '   ' })).toMatchObject({ code: 400, msg: '请填写版本名称' });
    expect((await as(editor)('saveProjectVersion', { name: '名'.repeat(51) })).code).toBe(400);
    expect((await as(editor)('saveProjectVersion', { name: 'v', notes: '字'.repeat(501) })).code).toBe(400);
    expect((await as(editor)('compareVersions', { fromVersionId: 'abc' })).code).toBe(400);
    expect((await as(editor)('compareVersions', { fromVersionId: '99999999' })).msg).toBe('版本不存在或已删除');
    expect((await as(editor)('versionDoc', { versionId: '1', projectStructureId: '-1' })).code).toBe(400);
    expect((await as(undefined)('projectVersions')).code).toBe(402);

    const { versionId } = (await as(owner)('saveProjectVersion', { name: '权限' })).data;
    const v = String(versionId);
    expect(await as(outsider)('projectVersions')).toMatchObject({ code: 400, msg: '项目不存在或无权访问' });
    expect(await as(outsider)('compareVersions', { fromVersionId: v })).toMatchObject({
      code: 400,
      msg: '项目不存在或无权访问',
    });
    expect(await as(viewer)('saveProjectVersion', { name: '不行' })).toMatchObject({
      code: 400,
      msg: '你只能查看该项目，不能修改',
    });
    expect(await as(viewer)('restoreVersion', { versionId: v })).toMatchObject({
      code: 400,
      msg: '你只能查看该项目，不能修改',
    });
  });
});

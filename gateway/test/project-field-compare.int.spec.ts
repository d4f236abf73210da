import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

/** Field comparison through the gateway (docs/api/mock-and-fields.md, "Comparing"). */
describe('field comparison through the gateway', () => {
  let h: Harness;
  let owner: string;
  let editor: string;
  let viewer: string;
  let otherTeam: string;
  let stranger: string;
  let teamId: string;
  let projectId: string;
  let apiId: string;

  const as =
    (token: string | undefined) =>
    (path: string, body: Record<string, string> = {}) =>
      h.call(`project/${path}`, { teamId, projectId, ...body }, token);
  const userIdOf = async (token: string) => String((await h.call('userInfo/getUserInfo', {}, token)).data.userId);
  const apiDoc = {
    method: 'GET',
    path: '/users/{id}',
    parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'integer' } }],
    responses: [
      {
        status: '200',
        name: '成功',
        schema: {
          type: 'object',
          properties: { userId: { type: 'string', description: '用户编号' }, user_name: { type: 'string' } },
        },
      },
    ],
  };

  beforeAll(async () => {
    h = await startHarness();
    const tokens = await Promise.all([1, 2, 3, 4, 5].map((n) => h.register(`1375000000${n}`)));
    [owner, editor, viewer, otherTeam, stranger] = tokens as [string, string, string, string, string];
    teamId = String((await h.call('team/create', { teamName: '字段组' }, owner)).data.teamId);
    await h.call('team/create', { teamName: '外队' }, otherTeam);
    const { shareCode } = (await h.call('team/shareInfo', { teamId }, owner)).data;
    for (const member of [editor, viewer])
      expect((await h.call('team/shareJoin', { shareCode }, member)).code).toBe(200);
    projectId = String((await as(owner)('create', { name: '用户接口', privateType: 'members' })).data.projectId);
    for (const [token, role] of [
      [editor, 'editor'],
      [viewer, 'viewer'],
    ] as const) {
      const answer = await as(owner)('batchCreateProjectUser', { userIds: `[${await userIdOf(token)}]`, role });
      expect(answer.code).toBe(200);
    }
    const api = await as(editor)('addStructure', { kind: 'api', name: '查询用户', method: 'get', path: '/users/{id}' });
    apiId = String(api.data.projectStructureId);
    const doc = (await as(editor)('docDetail', { projectStructureId: apiId })).data;
    const saved = await as(editor)('saveDoc', {
      projectStructureId: apiId,
      baseVersion: String(doc.version),
      doc: JSON.stringify(apiDoc),
    });
    expect(saved.code).toBe(200);
    const field = { scope: 'project', name: 'userId', type: 'integer', format: 'int64', description: '用户编号' };
    expect((await as(editor)('saveDataField', field)).code).toBe(200);
  });
  afterAll(async () => {
    await h.close();
  });

  it('reports what differs from the library, applies chosen fixes as one change and reverts it', async () => {
    const report = await as(viewer)('fieldCompare', { convention: 'camelCase' });
    expect(report).toMatchObject({
      code: 200,
      data: { convention: 'camelCase', checkedDocs: 1, libraryFields: 1, counts: { type: 1, naming: 1 } },
    });
    const issues = report.data.issues as { issueId: string; kind: string; fixes: string[]; message: string }[];
    const typeIssue = issues.find((issue) => issue.kind === 'type')!;
    expect(typeIssue.message).toBe('字段 userId 在字段库中是 integer，这里是 string');
    const naming = issues.find((issue) => issue.kind === 'naming')!;
    const fixes = JSON.stringify([
      { issueId: typeIssue.issueId, action: 'useLibrary' },
      { issueId: naming.issueId, action: 'rename' },
    ]);
    const hash = report.data.reportHash as string;
    const update = await as(editor)('fieldCompareUpdate', { convention: 'camelCase', reportHash: hash, fixes });
    expect(update).toMatchObject({ code: 200, data: { docsChanged: 1, fieldsFixed: 2, fieldsAdded: 0, skipped: [] } });
    const changeId = update.data.changeId as string;
    expect(changeId).toMatch(/^fields-/);
    const fixed = (await as(editor)('docDetail', { projectStructureId: apiId })).data.api;
    expect(fixed.responses[0].schema.properties).toEqual({
      userId: { type: 'integer', format: 'int64', description: '用户编号' },
      userName: { type: 'string' },
    });

    const entries = (await as(viewer)('history', { pageSize: '50' })).data.list.filter(
      (entry: { changeId: string }) => entry.changeId === changeId,
    );
    expect(entries).toEqual([expect.objectContaining({ action: 'doc-saved', projectStructureId: Number(apiId) })]);
    expect(await as(editor)('revertChange', { changeId })).toMatchObject({ code: 200, data: { restored: 1 } });
    const back = (await as(editor)('docDetail', { projectStructureId: apiId })).data.api;
    expect(back.responses[0].schema.properties).toEqual(apiDoc.responses[0]!.schema.properties);
    // The report is as before the fixes again: the same hash applies.
    expect((await as(viewer)('fieldCompare', { convention: 'camelCase' })).data.reportHash).toBe(hash);
  });

  it('applies fixes sent with the report hash alone, as the report was made (convention and minUses)', async () => {
    const report = (await as(editor)('fieldCompare', { convention: 'snake_case', minUses: '2' })).data;
    expect(report.convention).toBe('snake_case');
    const rename = report.issues.find(
      (issue: { kind: string; fieldName: string }) => issue.kind === 'naming' && issue.fieldName === 'userId',
    );
    expect(rename).toMatchObject({ expected: { name: 'user_id' } });
    const fixes = JSON.stringify([{ issueId: rename.issueId, action: 'rename' }]);
    const update = await as(editor)('fieldCompareUpdate', { reportHash: report.reportHash, fixes });
    expect(update).toMatchObject({ code: 200, data: { docsChanged: 1, fieldsFixed: 1, skipped: [] } });
    const fixed = (await as(editor)('docDetail', { projectStructureId: apiId })).data.api;
    expect(Object.keys(fixed.responses[0].schema.properties)).toEqual(['user_id', 'user_name']);
    expect((await as(editor)('revertChange', { changeId: update.data.changeId })).code).toBe(200);
  });

  it('refuses a stale report, bad input with messages, and people who may not see or write', async () => {
    const report = (await as(editor)('fieldCompare', { convention: 'camelCase' })).data;
    const fixes = JSON.stringify([{ issueId: report.issues[0].issueId, action: report.issues[0].fixes[0] }]);
    const body = { convention: 'camelCase', reportHash: report.reportHash, fixes };
    const stale = await as(editor)('saveDataField', { scope: 'project', name: 'user_name', type: 'string' });
    expect(stale.code).toBe(200);
    expect(await as(editor)('fieldCompareUpdate', body)).toMatchObject({ code: 400, msg: '文档已变化，请重新比对' });

    expect((await as(editor)('fieldCompare', { convention: 'kebab-case' })).code).toBe(400);
    expect((await as(editor)('fieldCompare', { minUses: '1' })).code).toBe(400);
    expect(await as(editor)('fieldCompareUpdate', { ...body, fixes: 'not json' })).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/^修复列表格式错误/),
    });
    expect((await as(editor)('fieldCompareUpdate', { convention: 'camelCase', fixes })).code).toBe(400);

    const hidden = { code: 400, msg: '项目不存在或无权访问', data: null };
    for (const token of [otherTeam, stranger]) {
      expect(await as(token)('fieldCompare')).toMatchObject(hidden);
      expect(await as(token)('fieldCompareUpdate', body)).toMatchObject(hidden);
    }
    expect(await as(viewer)('fieldCompareUpdate', body)).toMatchObject({
      code: 400,
      msg: '你只能查看该项目，不能修改',
    });
    expect((await as(undefined)('fieldCompare')).code).toBe(402);
  });
});

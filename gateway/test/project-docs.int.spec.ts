import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';
import { apiDoc, orderSchema } from './project-fixtures.js';

/** The tree and the documents of a knowledge project through the gateway (docs/api/knowledge.md). */
describe('knowledge documents through the gateway', () => {
  let h: Harness;
  let owner: string;
  let editor: string;
  let viewer: string;
  let teamMember: string;
  let outsider: string;
  let teamId: string;
  let projectId: string;
  let folderId: string;
  let apiId: string;
  let pageId: string;

  const as =
    (token: string | undefined) =>
    (path: string, body: Record<string, string> = {}) =>
      h.call(`project/${path}`, { teamId, projectId, ...body }, token);
  const userIdOf = async (token: string) => String((await h.call('userInfo/getUserInfo', {}, token)).data.userId);
  const nodes = async (token = owner) => (await as(token)('projectStructure')).data.nodes as Record<string, unknown>[];

  beforeAll(async () => {
    h = await startHarness();
    const tokens = await Promise.all([1, 2, 3, 4, 5].map((n) => h.register(`1372000000${n}`)));
    [owner, editor, viewer, teamMember, outsider] = tokens as [string, string, string, string, string];
    teamId = String((await h.call('team/create', { teamName: '文档组' }, owner)).data.teamId);
    const { shareCode } = (await h.call('team/shareInfo', { teamId }, owner)).data;
    for (const member of [editor, viewer, teamMember])
      expect((await h.call('team/shareJoin', { shareCode }, member)).code).toBe(200);
    projectId = String((await as(owner)('create', { name: '订单接口', privateType: 'members' })).data.projectId);
    const add = async (userId: string, role: string) =>
      expect((await as(owner)('batchCreateProjectUser', { userIds: `[${userId}]`, role })).code).toBe(200);
    await add(await userIdOf(editor), 'editor');
    await add(await userIdOf(viewer), 'viewer');
  });
  afterAll(async () => {
    await h.close();
  });

  it('builds a tree: folders, api, page and schema nodes, rename, copy, drag and drop, delete', async () => {
    const add = async (body: Record<string, string>) => {
      const answer = await as(editor)('addStructure', body);
      expect(answer, JSON.stringify(body)).toMatchObject({ code: 200 });
      return String(answer.data.projectStructureId);
    };
    folderId = await add({ kind: 'folder', name: '订单' });
    const subFolder = await add({ kind: 'folder', name: '退款', parentId: folderId });
    apiId = await add({
      kind: 'api',
      name: '支付订单',
      parentId: folderId,
      method: 'post',
      path: '/orders/{orderId}/pay',
    });
    pageId = await add({ kind: 'page', name: '对接说明' });
    await add({ kind: 'schema', name: 'Order' });
    expect((await as(editor)('addStructure', { kind: 'file', name: '坏' })).code).toBe(400);
    expect((await as(editor)('addStructure', { kind: 'api', name: '坏', method: 'FETCH' })).code).toBe(400);
    expect((await as(editor)('addStructure', { kind: 'page', name: 'x'.repeat(101) })).code).toBe(400);
    expect((await as(editor)('addStructure', { kind: 'page', name: '坏', parentId: 'abc' })).code).toBe(400);

    const tree = await nodes();
    expect(tree).toHaveLength(5);
    expect(tree.find((n) => String(n.projectStructureId) === apiId)).toMatchObject({
      kind: 'api',
      parentId: Number(folderId),
      method: 'POST',
      path: '/orders/{orderId}/pay',
      projectDocId: expect.any(Number),
    });

    expect((await as(editor)('updateStructure', { projectStructureId: pageId, name: '对接指南' })).code).toBe(200);
    const copy = await as(editor)('copyStructure', { projectStructureId: subFolder });
    expect(copy.code).toBe(200);

    const drop = (moves: unknown) => as(editor)('structureDropUpdate', { dropResult: JSON.stringify(moves) });
    expect((await drop([{ projectStructureId: Number(pageId), parentId: Number(folderId), sort: 0 }])).code).toBe(200);
    expect((await nodes()).find((n) => String(n.projectStructureId) === pageId)).toMatchObject({
      name: '对接指南',
      parentId: Number(folderId),
    });
    // A folder into its own child, and under a page: refused, nothing moves.
    const cycle = [
      { projectStructureId: Number(pageId), parentId: 0, sort: 0 },
      { projectStructureId: Number(folderId), parentId: Number(subFolder), sort: 0 },
    ];
    expect((await drop(cycle)).code).toBe(400);
    expect((await drop([{ projectStructureId: Number(subFolder), parentId: Number(pageId), sort: 0 }])).code).toBe(400);
    expect((await nodes()).find((n) => String(n.projectStructureId) === pageId)?.parentId).toBe(Number(folderId));
    for (const bad of ['{', '[]', '[{"projectStructureId":0,"parentId":0,"sort":0}]', '[{"projectStructureId":1}]'])
      expect((await as(editor)('structureDropUpdate', { dropResult: bad })).msg, bad).toBe('拖拽结果格式错误');

    expect(
      (await as(editor)('deleteStructure', { projectStructureId: String(copy.data.projectStructureId) })).code,
    ).toBe(200);
    expect(await nodes()).toHaveLength(5);
  });

  it('saves an API document with nested schemas and reads it back whole', async () => {
    const detail = await as(viewer)('docDetail', { projectStructureId: apiId });
    expect(detail.data).toMatchObject({ kind: 'api', name: '支付订单', projectStructureId: Number(apiId) });
    const saved = await as(editor)('saveDoc', {
      projectStructureId: apiId,
      baseVersion: String(detail.data.version),
      doc: JSON.stringify(apiDoc),
    });
    expect(saved).toMatchObject({ code: 200, data: { version: expect.any(Number), updatedAt: expect.any(Number) } });
    expect(saved.data.version).toBeGreaterThan(detail.data.version);
    const read = await as(owner)('docDetail', { projectStructureId: apiId });
    expect(read.data.api).toEqual(apiDoc);
    expect(read.data.version).toBe(saved.data.version);
  });

  it('refuses a save over a newer version with 409, the newer document and who saved it; nothing is lost', async () => {
    const { version } = (await as(owner)('docDetail', { projectStructureId: pageId })).data;
    const save = (token: string, markdown: string, baseVersion: number) =>
      as(token)('saveDoc', {
        projectStructureId: pageId,
        baseVersion: String(baseVersion),
        doc: JSON.stringify({ markdown }),
      });
    const [first, second] = [
      await save(owner, '# 对接\n\n先申请密钥。', version),
      await save(editor, '# 对接\n\n联系我们。', version),
    ];
    expect(first.code).toBe(200);
    expect(second.code).toBe(409);
    expect(second.msg).toMatch(/^文档已被.+于.+保存，请对比后合并$/);
    expect(second.data.current).toMatchObject({
      version: first.data.version,
      page: { markdown: '# 对接\n\n先申请密钥。' },
    });
    const merged = await save(editor, '# 对接\n\n先申请密钥，再联系我们。', second.data.current.version);
    expect(merged.code).toBe(200);
    expect((await as(viewer)('docDetail', { projectStructureId: pageId })).data.page.markdown).toBe(
      '# 对接\n\n先申请密钥，再联系我们。',
    );
  });

  it('saves a document of megabytes, past the usual body limits', async () => {
    const node = { projectStructureId: pageId };
    const { version } = (await as(editor)('docDetail', node)).data;
    // Some 1.5 MB: past the form parser's 64 KB and the server's 1 MB (percent-encoded, over 2 MB of body).
    const markdown = `# 附录\n\n${'| field | description |\n'.repeat(60_000)}`;
    const saved = await as(editor)('saveDoc', {
      ...node,
      baseVersion: String(version),
      doc: JSON.stringify({ markdown }),
    });
    expect(saved.code, saved.msg).toBe(200);
    expect((await as(viewer)('docDetail', node)).data.page.markdown).toBe(markdown);
  });

  it('lets exactly one of two editors racing on the same version save; the other gets the conflict', async () => {
    const node = { projectStructureId: pageId };
    const { version } = (await as(owner)('docDetail', node)).data;
    const save = (token: string, markdown: string) =>
      as(token)('saveDoc', { ...node, baseVersion: String(version), doc: JSON.stringify({ markdown }) });
    const answers = await Promise.all([save(owner, '甲的版本'), save(editor, '乙的版本')]);
    expect(answers.map((a) => a.code).sort()).toEqual([200, 409]);
    const winner = answers.findIndex((a) => a.code === 200);
    const current = (await as(viewer)('docDetail', node)).data;
    expect(current.page.markdown).toBe(winner === 0 ? '甲的版本' : '乙的版本');
    expect(answers[1 - winner]?.data.current).toMatchObject({ version: current.version, page: current.page });
  });

  it('takes a drop result of a 10,000-node tree past the form limit and answers for it', async () => {
    const moves = Array.from({ length: 10_000 }, (_, i) => ({
      projectStructureId: 900_000_000 + i,
      parentId: 0,
      sort: i,
    }));
    const answer = await as(editor)('structureDropUpdate', { dropResult: JSON.stringify(moves) });
    // Nodes that are not in the tree: the service's refusal, not the parser's.
    expect(answer).toMatchObject({ code: 400, data: null });
    expect(answer.msg).not.toBe('请求内容过大');
  });

  it('refuses documents that are not JSON objects or over 5 MB with 400, never 413 or 500', async () => {
    const node = { projectStructureId: pageId, baseVersion: '1' };
    expect((await as(editor)('saveDoc', { ...node, doc: '{"markdown":' })).msg).toBe('文档内容不是有效的JSON');
    expect((await as(editor)('saveDoc', { ...node, doc: '[1]' })).msg).toBe('文档内容格式错误');
    expect((await as(editor)('saveDoc', { ...node, baseVersion: '-1', doc: '{}' })).code).toBe(400);
    const big = JSON.stringify({ markdown: 'x'.repeat(5 * 1024 * 1024) });
    expect((await as(editor)('saveDoc', { ...node, doc: big })).msg).toBe('文档内容不能超过5MB');
    const response = await h.app.inject({
      method: 'POST',
      url: '/pmbok/api/project/saveDoc',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: editor },
      payload: new URLSearchParams({ teamId, projectId, ...node, doc: 'x'.repeat(17 * 1024 * 1024) }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 400, data: null });
  });

  it('lets viewers read and refuses them every write; team members outside the project and outsiders get nothing', async () => {
    const node = { projectStructureId: apiId };
    expect((await as(viewer)('projectStructure')).code).toBe(200);
    expect((await as(viewer)('searchDoc', { keyword: '支付' })).code).toBe(200);
    const writes: [string, Record<string, string>][] = [
      ['addStructure', { kind: 'page', name: '观察者的页面' }],
      ['updateStructure', { ...node, name: '改名' }],
      ['copyStructure', node],
      ['deleteStructure', node],
      [
        'structureDropUpdate',
        { dropResult: JSON.stringify([{ projectStructureId: Number(apiId), parentId: 0, sort: 0 }]) },
      ],
      ['saveDoc', { ...node, baseVersion: '1', doc: JSON.stringify(apiDoc) }],
      ['saveTemplateApi', node],
      ['update', { name: '改名' }],
    ];
    for (const [call, body] of writes) {
      const answer = await as(viewer)(call, body);
      expect(answer.code, `viewer ${call}: ${answer.msg}`).toBe(400);
    }
    for (const token of [teamMember, outsider]) {
      for (const call of ['projectStructure', 'docDetail', 'detail']) {
        const answer = await as(token)(call, node);
        expect(answer, call).toMatchObject({ code: 400, data: null });
      }
    }
    // A team-visible project: team members read it, and write nothing.
    const open = String((await as(owner)('create', { name: '公共规范', privateType: 'team' })).data.projectId);
    expect((await as(teamMember)('detail', { projectId: open })).data.myRole).toBe('');
    expect((await as(teamMember)('projectStructure', { projectId: open })).code).toBe(200);
    expect((await as(teamMember)('addStructure', { projectId: open, kind: 'page', name: '页' })).code).toBe(400);
    expect((await as(outsider)('detail', { projectId: open })).code).toBe(400);
  });

  it('publishes documents through a share link without an account, without the team’s people', async () => {
    const node = { projectStructureId: apiId };
    expect((await as(undefined)('publicDoc', node)).code).toBe(400);
    expect((await as(undefined)('projectStructure')).code).toBe(402);
    expect((await as(owner)('createShare')).msg).toBe('该项目的文档不允许公开分享');
    expect((await as(owner)('update', { docPrivateType: 'public' })).code).toBe(200);
    const { token } = (await as(owner)('createShare')).data;
    const published = await as(undefined)('publicDoc', { ...node, token });
    expect(published.data).toMatchObject({ api: apiDoc, createdBy: 0, updatedBy: 0, linkedTasks: [] });
    expect((await as(undefined)('projectStructure', { isPublic: '1', token })).data.nodes).toHaveLength(5);
    expect((await as(undefined)('projectStructure', { isPublic: '1' })).msg).toBe('分享链接不存在或已失效');
    expect((await as(undefined)('projectStructure')).code).toBe(402);
    expect((await as(owner)('update', { docPrivateType: 'private' })).code).toBe(200);
    expect((await as(undefined)('publicDoc', { ...node, token })).msg).toBe('分享链接不存在或已失效');
  });

  it('searches names, paths and field names, Chinese included', async () => {
    const byName = await as(viewer)('searchDoc', { keyword: '支付' });
    expect(byName.data.list).toEqual([expect.objectContaining({ projectStructureId: Number(apiId), kind: 'api' })]);
    expect((await as(viewer)('searchDoc', { keyword: 'sku' })).data.list).toHaveLength(1);
    expect((await as(viewer)('searchDoc', { keyword: '/orders' })).data.list).toHaveLength(1);
    expect((await as(viewer)('searchDoc', { keyword: '' })).code).toBe(400);
  });

  it('keeps API templates and starts new documents from them', async () => {
    const saved = await as(editor)('saveTemplateApi', { projectStructureId: apiId, name: '支付模板' });
    expect(saved.code).toBe(200);
    const templateId = String(saved.data.projectStructureId);
    expect((await as(viewer)('projectTemplateApi')).data).toEqual([
      expect.objectContaining({ projectStructureId: Number(templateId), name: '支付模板', isTemplate: true }),
    ]);
    const added = await as(editor)('addStructure', { kind: 'api', name: '退款', templateId });
    const doc = await as(editor)('docDetail', { projectStructureId: String(added.data.projectStructureId) });
    expect(doc.data.api).toMatchObject({ method: 'POST', requestBody: { schema: orderSchema } });
    expect((await as(editor)('deleteProjectTemplateApi', { projectStructureId: templateId })).code).toBe(200);
    expect((await as(viewer)('projectTemplateApi')).data).toEqual([]);
  });

  it('links a task to a document and lists the caller’s documents', async () => {
    const taskProject = await h.call('task/newProject', { teamId, name: '支付迭代' }, owner);
    const taskProjectId = String(taskProject.data.taskProjectId);
    const task = await h.call('task/newTask', { teamId, projectId: taskProjectId, name: '实现支付接口' }, owner);
    const link = { projectStructureId: apiId, taskProjectId, taskId: String(task.data.taskId) };
    expect((await as(owner)('linkTask', link)).code).toBe(200);
    const linked = (await as(owner)('docDetail', { projectStructureId: apiId })).data.linkedTasks;
    expect(linked).toEqual([expect.objectContaining({ taskId: Number(link.taskId), name: '实现支付接口' })]);
    expect((await as(viewer)('linkTask', link)).code).toBe(400);
    expect((await as(owner)('unlinkTask', link)).code).toBe(200);
    expect((await as(owner)('docDetail', { projectStructureId: apiId })).data.linkedTasks).toEqual([]);

    const mine = await h.call('project/myDocs', { teamId }, editor);
    expect(mine.data.list).toEqual(
      expect.arrayContaining([expect.objectContaining({ projectStructureId: Number(apiId), projectName: '订单接口' })]),
    );
  });

  it('sends a kept tree only while it is current: the same answer to every member, a change at once, refusals as before', async () => {
    const read = (token: string) =>
      h.app.inject({
        method: 'POST',
        url: '/pmbok/api/project/projectStructure',
        headers: { authorization: token, 'content-type': 'application/json' },
        payload: { teamId, projectId },
      });
    const first = await read(owner);
    const kept = await read(viewer);
    expect(JSON.parse(kept.body)).toMatchObject({ code: 200, msg: 'success' });
    expect(kept.body).toBe(first.body);
    for (const header of ['content-type', 'x-content-type-options', 'cache-control', 'content-security-policy'])
      expect(kept.headers[header], header).toBe(first.headers[header]);
    expect(kept.headers['content-type']).toBe('application/json; charset=utf-8');
    for (const token of [teamMember, outsider]) expect(JSON.parse((await read(token)).body).code).toBe(400);
    expect((await as(editor)('updateStructure', { projectStructureId: pageId, name: '版本之后的名字' })).code).toBe(
      200,
    );
    const changed = JSON.parse((await read(viewer)).body).data.nodes as { projectStructureId: number; name: string }[];
    expect(changed.find((n) => String(n.projectStructureId) === pageId)?.name).toBe('版本之后的名字');

    // A large tree goes compressed to a client that accepts it (brotli first), and whole to one that does not.
    for (let i = 0; i < 60; i += 1) await as(editor)('addStructure', { kind: 'folder', name: `目录 ${i}` });
    const plain = await read(viewer);
    const encoded = (acceptEncoding: string) =>
      h.app.inject({
        method: 'POST',
        url: '/pmbok/api/project/projectStructure',
        headers: { authorization: viewer, 'content-type': 'application/json', 'accept-encoding': acceptEncoding },
        payload: { teamId, projectId },
      });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(8 * 1024);
    const br = await encoded('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await encoded('gzip, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });
});

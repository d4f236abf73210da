import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptScript, encryptScript } from '../src/routes/api/scriptCipher.js';
import { type Harness, startHarness } from './harness.js';

/** Calls again until `ready` accepts the answer: what arrives through the event bus takes a moment. */
async function poll<T>(read: () => Promise<T>, ready: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 60 && !ready(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

/** Knowledge projects through the gateway: projects, members and settings (docs/api/knowledge.md). */
describe('knowledge projects through the gateway', () => {
  let h: Harness;
  let owner: string;
  let alice: string;
  let bob: string;
  let outsider: string;
  let aliceId: string;
  let bobId: string;
  let teamId: string;
  let projectId: string;

  const as =
    (token: string) =>
    (path: string, body: Record<string, string> = {}) =>
      h.call(path.includes('/') ? path : `project/${path}`, { teamId, ...body }, token);
  const userIdOf = async (token: string) => String((await h.call('userInfo/getUserInfo', {}, token)).data.userId);

  beforeAll(async () => {
    h = await startHarness();
    owner = await h.register('13710000001');
    alice = await h.register('13710000002');
    bob = await h.register('13710000003');
    outsider = await h.register('13710000004');
    aliceId = await userIdOf(alice);
    bobId = await userIdOf(bob);
    teamId = String((await h.call('team/create', { teamName: '接口组' }, owner)).data.teamId);
    const { shareCode } = (await h.call('team/shareInfo', { teamId }, owner)).data;
    for (const member of [alice, bob]) expect((await h.call('team/shareJoin', { shareCode }, member)).code).toBe(200);
    await h.call('team/create', { teamName: '外部团队' }, outsider);
  });
  afterAll(async () => {
    await h.close();
  });

  it('creates a project, shows it, lists it starred first, updates it', async () => {
    const created = await as(owner)('create', {
      name: '支付接口',
      description: '支付中心的接口',
      privateType: 'members',
      docPrivateType: 'private',
      versionUpdateType: 'auto',
    });
    expect(created).toMatchObject({ code: 200, data: { projectId: expect.any(Number) } });
    projectId = String(created.data.projectId);
    const other = String((await as(owner)('create', { name: '用户接口' })).data.projectId);

    const detail = await as(owner)('detail', { projectId });
    expect(detail.data).toMatchObject({
      projectId: Number(projectId),
      teamId: Number(teamId),
      name: '支付接口',
      description: '支付中心的接口',
      privateType: 'members',
      docPrivateType: 'private',
      versionUpdateType: 'auto',
      isTemplate: false,
      myRole: 'owner',
      memberCount: 1,
      projectUser: { isStar: false },
      updateTimeLabel: expect.any(String),
    });

    expect((await as(owner)('starProject', { projectId })).code).toBe(200);
    const listed = await as(owner)('list');
    expect(listed.data.map((p: { projectId: number }) => String(p.projectId))).toEqual([projectId, other]);
    expect(listed.data[0].projectUser.isStar).toBe(true);
    expect((await as(owner)('list', { keyword: '用户' })).data).toEqual([
      expect.objectContaining({ name: '用户接口' }),
    ]);
    expect((await as(owner)('cancelStarProject', { projectId })).code).toBe(200);

    expect((await as(owner)('update', { projectId, name: '支付中心接口', docPrivateType: 'public' })).code).toBe(200);
    expect((await as(owner)('detail', { projectId })).data).toMatchObject({
      name: '支付中心接口',
      docPrivateType: 'public',
      description: '支付中心的接口',
    });
  });

  it('refuses bad input with a message, never a 500', async () => {
    for (const bad of ['0', '', 'abc', '-1', '1.5', '9007199254740993']) {
      const answer = await as(owner)('detail', { projectId: bad });
      expect(answer.code, bad).toBe(400);
      expect(answer.data).toBeNull();
    }
    expect((await as(owner)('create', { name: 'x'.repeat(51) })).code).toBe(400);
    expect((await as(owner)('create', { name: '项目', privateType: 'everyone' })).code).toBe(400);
    expect((await as(owner)('create', { name: '项目', poster: '9' })).code).toBe(400);
    expect((await as(owner)('create', {})).code).toBe(400);
    // Unknown and unseen ids answer alike.
    const unknown = await as(owner)('detail', { projectId: '999999999' });
    const unseen = await as(outsider)('detail', { projectId });
    expect(unknown).toMatchObject({ code: 400, data: null });
    expect(unseen).toEqual(unknown);
  });

  it('manages members: add, roles, the generic list, candidates, the caller, remove, leave', async () => {
    const members = JSON.stringify([Number(aliceId), Number(bobId)]);
    expect((await as(owner)('batchCreateProjectUser', { projectId, userIds: members, role: 'viewer' })).code).toBe(200);
    expect((await as(owner)('batchCreateProjectUser', { projectId, userIds: '[1,' })).msg).toBe('成员列表格式错误');
    expect((await as(owner)('updateProjectUser', { projectId, userId: aliceId, role: 'editor' })).code).toBe(200);
    expect((await as(owner)('updateProjectUser', { projectId, userId: aliceId, role: 'owner' })).code).toBe(400);

    const list = await as(owner)('projectUser', { projectId });
    const roles = Object.fromEntries(
      list.data.map((m: { userId: number; role: string }) => [String(m.userId), m.role]),
    );
    expect(roles).toEqual({ [await userIdOf(owner)]: 'owner', [aliceId]: 'editor', [bobId]: 'viewer' });

    const page = await as(owner)('projectUser/index', { projectId, page: '1', pageSize: '2' });
    expect(page.data).toMatchObject({ count: 3, pages: 2, lists: [expect.any(Object), expect.any(Object)] });
    expect(page.data.lists[0].id).toBe(page.data.lists[0].userId);

    const candidates = await as(owner)('projectUser/teamInfo', { projectId });
    expect(candidates.data).toHaveLength(3);
    expect(candidates.data.find((c: { userId: number }) => String(c.userId) === bobId).role).toBe('viewer');

    expect((await as(bob)('projectUser/projectUserInfo', { projectId })).data).toEqual({
      projectId: Number(projectId),
      role: 'viewer',
      isStar: false,
      canWrite: false,
      canManage: false,
    });
    expect((await as(alice)('projectUser/projectUserInfo', { projectId })).data).toMatchObject({
      role: 'editor',
      canWrite: true,
      canManage: false,
    });

    // A viewer and an editor manage no members.
    for (const token of [bob, alice])
      expect((await as(token)('projectUser/save', { projectId, userId: bobId, role: 'editor' })).code).toBe(400);
    expect((await as(owner)('projectUser/save', { projectId, userId: bobId, role: 'editor' })).code).toBe(200);
    expect((await as(owner)('projectUser/delete', { projectId, userId: bobId })).code).toBe(200);
    expect((await as(owner)('projectUser/saveBatch', { projectId, userIds: `[${bobId}]`, role: 'viewer' })).code).toBe(
      200,
    );
    expect((await as(owner)('deleteOtherProjectUser', { projectId, userId: bobId })).code).toBe(200);
    expect((await as(bob)('detail', { projectId })).code).toBe(400);

    // The owner cannot leave; a member can.
    expect((await as(owner)('deleteProjectUser', { projectId })).code).toBe(400);
    expect((await as(alice)('deleteProjectUser', { projectId })).code).toBe(200);
    expect((await as(alice)('detail', { projectId })).code).toBe(400);
    expect((await as(owner)('batchCreateProjectUser', { projectId, userIds: `[${aliceId}]` })).code).toBe(200);
    expect((await as(alice)('projectUser/projectUserInfo', { projectId })).data.role).toBe('editor');
  });

  it('keeps environments and response codes (owner and administrators)', async () => {
    const variables = JSON.stringify([{ name: 'token', value: 'abc', description: '令牌' }]);
    const added = await as(owner)('addProjectBaseUrl', {
      projectId,
      name: '测试环境',
      baseUrl: 'https://test.example.com/api',
      variables,
      headers: JSON.stringify([{ name: 'X-Trace', value: '1' }]),
    });
    expect(added).toMatchObject({ code: 200, data: { projectConfigId: expect.any(Number) } });
    const projectConfigId = String(added.data.projectConfigId);
    expect((await as(owner)('addProjectBaseUrl', { projectId, name: '坏', variables: '{' })).msg).toBe('变量格式错误');
    expect((await as(owner)('addProjectBaseUrl', { projectId, name: '坏', headers: '[{"x":1}]' })).msg).toBe(
      '请求头格式错误',
    );
    expect((await as(owner)('addProjectBaseUrl', { projectId, name: 'x'.repeat(31) })).code).toBe(400);
    expect((await as(alice)('addProjectBaseUrl', { projectId, name: '编辑的环境' })).code).toBe(400);
    const update = { projectId, projectConfigId, name: '测试', baseUrl: 'https://t.example.com', variables };
    expect((await as(owner)('updateProjectBaseUrl', update)).code).toBe(200);
    expect((await as(alice)('projectBaseUrl', { projectId })).data).toEqual([
      {
        projectConfigId: Number(projectConfigId),
        name: '测试',
        baseUrl: 'https://t.example.com',
        variables: [{ name: 'token', value: 'abc', description: '令牌', secret: false }],
        headers: [],
        sort: expect.any(Number),
      },
    ]);
    expect((await as(owner)('deleteBaseUrl', { projectId, projectConfigId })).code).toBe(200);
    expect((await as(owner)('projectBaseUrl', { projectId })).data).toEqual([]);

    const code = await as(owner)('newResponseCode', {
      projectId,
      code: '10001',
      meaning: '参数错误',
      solution: '检查参数',
    });
    const responseCodeId = String(code.data.responseCodeId);
    expect((await as(owner)('newResponseCode', { projectId, code: 'x'.repeat(21) })).code).toBe(400);
    const changed = { projectId, responseCodeId, code: '10001', meaning: '参数不合法', solution: '' };
    expect((await as(owner)('updateResponseCode', changed)).code).toBe(200);
    expect((await as(alice)('projectResponseCode', { projectId })).data).toEqual([
      { responseCodeId: Number(responseCodeId), code: '10001', meaning: '参数不合法', solution: '' },
    ]);
    expect((await as(alice)('deleteResponseCode', { projectId, responseCodeId })).code).toBe(400);
    expect((await as(owner)('deleteResponseCode', { projectId, responseCodeId })).code).toBe(200);

    const settings = await as(owner)('setting', { projectId });
    expect(settings.data).toMatchObject({
      project: { projectId: Number(projectId) },
      members: expect.arrayContaining([expect.objectContaining({ userId: Number(aliceId), role: 'editor' })]),
      environments: [],
      responseCodes: [],
      templates: [],
    });
  });

  it('stores scripts sent encrypted and answers them encrypted (SPEC §7)', async () => {
    const before = 'const sign = md5(pm.request.body);\npm.request.headers.add({ key: "sign", value: sign });';
    expect((await as(owner)('savePreScriptBefore', { projectId, content: encryptScript(before) })).code).toBe(200);
    expect((await as(owner)('savePreScriptAfter', { projectId, content: encryptScript('') })).code).toBe(200);
    const scripts = await as(alice)('projectPreScript', { projectId });
    expect(scripts.data.beforeScript).not.toContain('md5');
    expect(decryptScript(scripts.data.beforeScript)).toBe(before);
    expect(scripts.data.afterScript).toBe('');

    expect((await as(owner)('savePreScriptAfter', { projectId, content: before })).msg).toBe('脚本内容无法解密');
    const broken = await as(owner)('savePreScriptAfter', { projectId, content: encryptScript('if (') });
    expect(broken.code).toBe(400);
    expect(broken.msg).toMatch(/^脚本不是有效的JavaScript/);
    // A 100 KB script fits the body; an editor saves none.
    const long = `// ${'注'.repeat(30_000)}`;
    expect((await as(owner)('savePreScriptAfter', { projectId, content: encryptScript(long) })).code).toBe(200);
    expect((await as(alice)('savePreScriptAfter', { projectId, content: encryptScript('1') })).code).toBe(400);
  });

  it('makes template projects, offers them in the team guide, copies one, and a new team from them', async () => {
    const template = await as(owner)('create', { name: '接口规范模板', privateType: 'team', isTemplate: '1' });
    const templateProjectId = String(template.data.projectId);
    await as(owner)('addStructure', { projectId: templateProjectId, kind: 'page', name: '接口规范' });
    expect((await as(bob)('templates')).data).toEqual([
      expect.objectContaining({ projectId: Number(templateProjectId), isTemplate: true }),
    ]);
    const check = await h.call('userInfo/teamInitCheck', { teamId }, owner);
    expect(check.data.templateProjectList).toEqual([
      expect.objectContaining({ name: '接口规范模板', isTemplate: true }),
    ]);

    const copy = await as(bob)('createByTemplate', { templateProjectId, name: '我的规范' });
    expect(copy.code).toBe(200);
    const copied = await as(bob)('detail', { projectId: String(copy.data.projectId) });
    expect(copied.data).toMatchObject({ name: '我的规范', myRole: 'owner', isTemplate: false });
    const tree = await as(bob)('projectStructure', { projectId: String(copy.data.projectId) });
    expect(tree.data.nodes).toEqual([expect.objectContaining({ kind: 'page', name: '接口规范' })]);
    expect((await as(outsider)('createByTemplate', { templateProjectId })).code).toBe(400);

    const team = await h.call('team/create', { teamName: '新团队', sourceProject: `[${templateProjectId}]` }, owner);
    const newTeamId = String(team.data.teamId);
    const templates = await poll(
      () => h.call('project/templates', { teamId: newTeamId }, owner),
      (answer) => answer.data?.length === 1,
    );
    expect(templates.data).toEqual([
      expect.objectContaining({ name: '接口规范模板', teamId: Number(newTeamId), isTemplate: true }),
    ]);
  });

  it('deletes a project for its owner only', async () => {
    const { projectId: doomed } = (await as(owner)('create', { name: '废弃项目' })).data;
    await as(owner)('batchCreateProjectUser', {
      projectId: String(doomed),
      userIds: `[${aliceId}]`,
      role: 'administrator',
    });
    expect((await as(alice)('delete', { projectId: String(doomed) })).code).toBe(400);
    expect((await as(owner)('delete', { projectId: String(doomed) })).code).toBe(200);
    expect((await as(owner)('detail', { projectId: String(doomed) })).code).toBe(400);
  });
});

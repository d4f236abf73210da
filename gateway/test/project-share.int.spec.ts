import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

const GONE = '分享链接不存在或已失效';

/** Share links and the public reads through them (docs/api/publishing.md, "Share links"). */
describe('share links through the gateway', () => {
  let h: Harness;
  let owner: string;
  let admin: string;
  let editor: string;
  let viewer: string;
  let outsider: string;
  let otherTeam: string;
  let teamId: string;
  let projectId: string;
  let folderId: string;
  const inFolder: string[] = [];
  const everyNode: string[] = [];

  const as =
    (token: string | undefined, ip?: string) =>
    (path: string, body: Record<string, string> = {}) =>
      h.call(`project/${path}`, { teamId, projectId, ...body }, token, ip);
  /** Signed out, from an address of its own: nothing but the link's token. */
  const reader =
    (ip = '203.0.113.5') =>
    (path: string, body: Record<string, string>) =>
      h.call(`project/${path}`, body, undefined, ip);
  const userIdOf = async (token: string) => String((await h.call('userInfo/getUserInfo', {}, token)).data.userId);

  beforeAll(async () => {
    h = await startHarness();
    const tokens = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => h.register(`1373000000${n}`)));
    [owner, admin, editor, viewer, outsider, otherTeam] = tokens as [string, string, string, string, string, string];
    teamId = String((await h.call('team/create', { teamName: '开放组' }, owner)).data.teamId);
    await h.call('team/create', { teamName: '别的组' }, otherTeam);
    const { shareCode } = (await h.call('team/shareInfo', { teamId }, owner)).data;
    for (const member of [admin, editor, viewer])
      expect((await h.call('team/shareJoin', { shareCode }, member)).code).toBe(200);
    projectId = String((await as(owner)('create', { name: '开放接口', docPrivateType: 'public' })).data.projectId);
    for (const [token, role] of [
      [admin, 'administrator'],
      [editor, 'editor'],
      [viewer, 'viewer'],
    ] as const) {
      const userIds = `[${await userIdOf(token)}]`;
      expect((await as(owner)('batchCreateProjectUser', { userIds, role })).code).toBe(200);
    }
    const add = async (body: Record<string, string>, list?: string[]) => {
      const id = String((await as(editor)('addStructure', body)).data.projectStructureId);
      everyNode.push(id);
      list?.push(id);
      return id;
    };
    folderId = await add({ kind: 'folder', name: '对外' });
    await add({ kind: 'api', name: '创建订单', parentId: folderId, method: 'POST', path: '/orders' }, inFolder);
    await add({ kind: 'page', name: '对外说明', parentId: folderId }, inFolder);
    const inner = await add({ kind: 'folder', name: '内部' });
    await add({ kind: 'api', name: '订单对账', parentId: inner, method: 'GET', path: '/reconcile' });
    await add({ kind: 'schema', name: 'Order' });
  });
  afterAll(async () => {
    await h.close();
  });

  it('creates, lists, unlocks and reads a password link signed out, covering one folder only', async () => {
    const expiresAt = String(Date.now() + 3_600_000);
    const nodeIds = `[${folderId}]`;
    const created = await as(owner)('createShare', { name: '合作方', nodeIds, password: 'pass-1234', expiresAt });
    expect(created).toMatchObject({
      code: 200,
      data: { name: '合作方', nodeIds: [Number(folderId)], nodeNames: ['对外'], hasPassword: true, revoked: false },
    });
    const { token, shareId } = created.data;
    expect(JSON.stringify(created.data)).not.toContain('pass-1234');

    // an environment whose header holds a secret: the reader learns its name and address, never its headers
    const environment = await as(owner)('addProjectBaseUrl', {
      projectId,
      name: '生产环境',
      baseUrl: 'https://api.example.com/v2',
      variables: JSON.stringify([{ name: 'appSecret', value: 'do-not-leak', description: '' }]),
      headers: JSON.stringify([{ name: 'Authorization', value: 'Bearer do-not-leak' }]),
    });
    expect(environment.code, environment.msg).toBe(200);
    const open = reader();
    const info = (await open('shareInfo', { token })).data;
    expect(info).toMatchObject({
      projectName: '开放接口',
      name: '合作方',
      needsPassword: true,
      expiresAt: Number(expiresAt),
      servers: [{ name: '生产环境', baseUrl: 'https://api.example.com/v2' }],
    });
    expect(JSON.stringify(info)).not.toContain('do-not-leak');
    const doc = { token, projectStructureId: inFolder[0]! };
    expect((await open('publicDoc', doc)).msg).toBe('请输入访问密码');
    expect((await open('shareUnlock', { token, password: 'nope' })).msg).toBe('密码错误');
    const unlocked = await open('shareUnlock', { token, password: 'pass-1234' });
    expect(unlocked.code).toBe(200);
    const { access } = unlocked.data;

    const tree = await open('projectStructure', { isPublic: '1', token, access });
    expect(tree.data.nodes.map((n: { name: string }) => n.name)).toEqual(['对外', '创建订单', '对外说明']);
    const hits = await open('publicSearch', { token, access, keyword: '对' });
    expect(hits.data.list.map((hit: { name: string }) => hit.name)).toEqual(['对外说明']);

    // Every node id of the project: only the folder's documents answer, every other one as a dead link.
    const read: string[] = [];
    for (const id of [...everyNode, '1', '999999999']) {
      const answer = await open('publicDoc', { token, access, projectStructureId: id });
      if (answer.code === 200) read.push(String(answer.data.projectStructureId));
      else expect(answer.msg, id).toBe(GONE);
    }
    expect(read.sort()).toEqual([...inFolder].sort());
    expect((await open('publicDoc', { ...doc, access })).data).toMatchObject({ createdBy: 0, createdByName: '' });

    const listed = (await as(viewer)('shares')).data.list.find((l: { shareId: number }) => l.shareId === shareId);
    expect(listed).toMatchObject({ openCount: 1, hasPassword: true, createdByName: expect.any(String) });
    // The creator centre counts the reads of each document.
    const mine = (await h.call('project/myDocs', { teamId }, editor)).data.list;
    const api = mine.find((d: { projectStructureId: number }) => String(d.projectStructureId) === inFolder[0]);
    expect(api.viewCount).toBe(2);

    // The link expires: refused like any dead link.
    h.advanceClock(3_600_001);
    expect((await open('shareInfo', { token })).msg).toBe(GONE);
    expect((await open('publicDoc', { ...doc, access })).msg).toBe(GONE);
    h.advanceClock(-3_600_001);
  });

  it('limits wrong passwords per address, and refuses a revoked link', async () => {
    const { token, shareId } = (await as(admin)('createShare', { password: 'right-pw' })).data;
    const guesser = reader('198.51.100.20');
    for (let i = 0; i < 5; i += 1)
      expect((await guesser('shareUnlock', { token, password: `x${i}` })).msg).toBe('密码错误');
    expect((await guesser('shareUnlock', { token, password: 'right-pw' })).msg).toBe('尝试次数过多，请稍后再试');
    expect((await reader('198.51.100.21')('shareUnlock', { token, password: 'right-pw' })).code).toBe(200);

    expect((await as(admin)('revokeShare', { shareId: String(shareId) })).code).toBe(200);
    expect((await reader()('shareInfo', { token })).msg).toBe(GONE);
    expect((await reader()('projectStructure', { isPublic: '1', token })).msg).toBe(GONE);
    const listed = (await as(owner)('shares')).data.list.find((l: { shareId: number }) => l.shareId === shareId);
    expect(listed.revoked).toBe(true);
  });

  it('lets only managers create and revoke links, and only those who see the project list them', async () => {
    const manage = '只有项目所有者和管理员可以管理项目';
    const hidden = '项目不存在或无权访问';
    expect((await as(editor)('createShare')).msg).toBe(manage);
    expect((await as(viewer)('createShare')).msg).toBe(manage);
    expect((await as(outsider)('createShare')).msg).toBe(hidden);
    expect((await as(otherTeam)('createShare')).msg).toBe(hidden);
    expect((await as(outsider)('shares')).msg).toBe(hidden);
    expect((await as(undefined)('shares')).code).toBe(402);
    const { shareId } = (await as(owner)('createShare', { name: '一次性' })).data;
    expect((await as(viewer)('revokeShare', { shareId: String(shareId) })).msg).toBe(manage);
    expect((await as(otherTeam)('revokeShare', { shareId: String(shareId) })).msg).toBe(hidden);
    expect((await as(owner)('createShare', { nodeIds: 'x' })).code).toBe(400);
    expect((await as(owner)('createShare', { password: 'abc' })).msg).toBe('访问密码为 4–32 个字符');
    expect((await as(owner)('createShare', { expiresAt: '1000' })).msg).toBe('过期时间必须晚于现在');
  });
});

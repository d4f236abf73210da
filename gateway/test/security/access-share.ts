import type { Harness } from '../harness.js';
import type { Access, AccessContext, Body } from './access.js';
import type { Actors, World } from './world.js';

/**
 * Share links (docs/api/publishing.md): a project of T whose documents may be published, in which the ladder's
 * people hold the knowledge roles (teamMember a viewer, projectMember an editor, admin an administrator), with one
 * api node, a link to the whole project and a password link. Its names carry nothing of T, since anyone holding a
 * link reads them. Built once per world.
 */
interface Shared {
  projectId: string;
  apiId: string;
  token: string;
  passwordToken: string;
}

const PASSWORD = 'share-pw-1';

async function buildShared(h: Harness, w: World, a: Actors): Promise<Shared> {
  const as = async (path: string, body: Body) => {
    const answer = await h.call(path, { teamId: w.teamId, ...body }, a.owner.token);
    if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
    return answer.data;
  };
  const projectId = String(
    (await as('project/create', { name: '公开分享', privateType: 'members', docPrivateType: 'public' })).projectId,
  );
  for (const [account, role] of [
    [a.teamMember, 'viewer'],
    [a.projectMember, 'editor'],
    [a.admin, 'administrator'],
  ] as const)
    await as('project/batchCreateProjectUser', { projectId, userIds: `[${account.userId}]`, role });
  const api = await as('project/addStructure', { projectId, kind: 'api', name: '查询天气', method: 'GET', path: '/w' });
  const { token } = await as('project/createShare', { projectId });
  const { token: passwordToken } = await as('project/createShare', { projectId, password: PASSWORD });
  return { projectId, apiId: String(api.projectStructureId), token, passwordToken };
}

const built = new Map<string, Promise<Shared>>();
const sharedOf = ({ h, w, a }: AccessContext) => {
  let found = built.get(w.teamId);
  if (!found) {
    found = buildShared(h, w, a);
    built.set(w.teamId, found);
  }
  return found;
};
const onShared = (least: Access['least'], body: (s: Shared, c: AccessContext) => Body | Promise<Body>): Access => ({
  least,
  body: async (c) => body(await sharedOf(c), c),
});

export const shareAccess: Record<string, Access> = {
  'project/shares': onShared('teamMember', (s) => ({ projectId: s.projectId })),
  'project/createShare': onShared('admin', (s) => ({ projectId: s.projectId, name: '新链接' })),
  'project/revokeShare': onShared('admin', async (s, c) => {
    const made = await c.h.call('project/createShare', { teamId: c.w.teamId, projectId: s.projectId }, c.a.owner.token);
    return { projectId: s.projectId, shareId: String(made.data.shareId) };
  }),
  // Anyone holding a link: it shows what the link covers and nothing of the team.
  'project/shareInfo': onShared('public', (s) => ({ token: s.token })),
  'project/shareUnlock': onShared('public', (s) => ({ token: s.passwordToken, password: PASSWORD })),
  'project/publicDoc': onShared('public', (s) => ({ token: s.token, projectStructureId: s.apiId })),
  'project/publicSearch': onShared('public', (s) => ({ token: s.token, keyword: '天气' })),
};

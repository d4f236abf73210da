import type { Harness } from '../harness.js';
import type { Access, AccessContext, Body } from './access.js';
import type { Actors, World } from './world.js';

/**
 * The change history (docs/api/publishing.md): a members-only knowledge project of T in which the ladder's people
 * hold the knowledge roles (teamMember a viewer, projectMember an editor, admin an administrator), with one api node
 * whose creation is an entry of the history. A restore to that entry changes nothing after the first; a revert
 * undoes a folder added for that run alone.
 */
interface Historied {
  projectId: string;
  apiId: string;
  entryId: string;
}

async function buildHistoried(h: Harness, w: World, a: Actors): Promise<Historied> {
  const as = async (path: string, body: Body) => {
    const answer = await h.call(path, { teamId: w.teamId, ...body }, a.owner.token);
    if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
    return answer.data;
  };
  const projectId = String(
    (await as('project/create', { name: `${w.projectName}历史`, privateType: 'members' })).projectId,
  );
  for (const [account, role] of [
    [a.teamMember, 'viewer'],
    [a.projectMember, 'editor'],
    [a.admin, 'administrator'],
  ] as const)
    await as('project/batchCreateProjectUser', { projectId, userIds: `[${account.userId}]`, role });
  const api = await as('project/addStructure', {
    projectId,
    kind: 'api',
    name: '查询订单',
    method: 'GET',
    path: '/orders',
  });
  const apiId = String(api.projectStructureId);
  const history = await as('project/history', { projectId, projectStructureId: apiId });
  return { projectId, apiId, entryId: String(history.list[0].entryId) };
}

const built = new Map<string, Promise<Historied>>();
const historiedOf = ({ h, w, a }: AccessContext) => {
  let found = built.get(w.teamId);
  if (!found) {
    found = buildHistoried(h, w, a);
    built.set(w.teamId, found);
  }
  return found;
};
const onHistoried = (
  least: Access['least'],
  body: (v: Historied, c: AccessContext) => Body | Promise<Body>,
): Access => ({
  least,
  body: async (c) => body(await historiedOf(c), c),
});

export const historyAccess: Record<string, Access> = {
  'project/history': onHistoried('teamMember', (v) => ({ projectId: v.projectId })),
  'project/restoreDoc': onHistoried('projectMember', (v) => ({
    projectId: v.projectId,
    projectStructureId: v.apiId,
    entryId: v.entryId,
  })),
  'project/revertChange': onHistoried('projectMember', async (v, c) => {
    // The allowed run reverts a change of its own; a refused one names the api's creation (and must not revert it).
    if (!c.allowed) {
      const list = await c.h.call('project/history', { teamId: c.w.teamId, projectId: v.projectId }, c.a.owner.token);
      return { projectId: v.projectId, changeId: String(list.data.list.at(-1)?.changeId ?? 'none') };
    }
    const folder = await c.h.call(
      'project/addStructure',
      { teamId: c.w.teamId, projectId: v.projectId, kind: 'folder', name: '将撤销' },
      c.a.owner.token,
    );
    const history = await c.h.call(
      'project/history',
      { teamId: c.w.teamId, projectId: v.projectId, projectStructureId: String(folder.data.projectStructureId) },
      c.a.owner.token,
    );
    return { projectId: v.projectId, changeId: String(history.data.list[0].changeId) };
  }),
};

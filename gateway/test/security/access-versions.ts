import type { Harness } from '../harness.js';
import type { Access, AccessContext, Body } from './access.js';
import type { Actors, World } from './world.js';

/**
 * Versions (docs/api/publishing.md): a members-only knowledge project of T in which the ladder's people hold the
 * knowledge roles (teamMember a viewer, projectMember an editor, admin an administrator), with one api node and a
 * version saved by the owner. Built once per world. A restore of that one document changes nothing other rows
 * rely on; a delete removes a version of its own.
 */
interface Versioned {
  projectId: string;
  apiId: string;
  versionId: string;
}

async function buildVersioned(h: Harness, w: World, a: Actors): Promise<Versioned> {
  const as = async (path: string, body: Body) => {
    const answer = await h.call(path, { teamId: w.teamId, ...body }, a.owner.token);
    if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
    return answer.data;
  };
  const projectId = String(
    (await as('project/create', { name: `${w.projectName}版本`, privateType: 'members' })).projectId,
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
    name: '查询库存',
    method: 'GET',
    path: '/stock',
  });
  const { versionId } = await as('project/saveProjectVersion', { projectId, name: 'v1' });
  return { projectId, apiId: String(api.projectStructureId), versionId: String(versionId) };
}

const built = new Map<string, Promise<Versioned>>();
const versionedOf = ({ h, w, a }: AccessContext) => {
  let found = built.get(w.teamId);
  if (!found) {
    found = buildVersioned(h, w, a);
    built.set(w.teamId, found);
  }
  return found;
};
const onVersioned = (
  least: Access['least'],
  body: (v: Versioned, c: AccessContext) => Body | Promise<Body>,
): Access => ({
  least,
  body: async (c) => body(await versionedOf(c), c),
});
const at = (v: Versioned) => ({ projectId: v.projectId, versionId: v.versionId });

export const versionAccess: Record<string, Access> = {
  'project/projectVersions': onVersioned('teamMember', (v) => ({ projectId: v.projectId })),
  'project/saveProjectVersion': onVersioned('projectMember', (v) => ({ projectId: v.projectId, name: '再存一版' })),
  'project/deleteVersion': onVersioned('admin', async (v, c) => {
    const made = await c.h.call(
      'project/saveProjectVersion',
      { teamId: c.w.teamId, projectId: v.projectId, name: '将删除' },
      c.a.owner.token,
    );
    return { projectId: v.projectId, versionId: String(made.data.versionId) };
  }),
  'project/compareVersions': onVersioned('teamMember', (v) => ({ ...at(v), fromVersionId: v.versionId })),
  'project/versionStructure': onVersioned('teamMember', at),
  'project/versionDoc': onVersioned('teamMember', (v) => ({ ...at(v), projectStructureId: v.apiId })),
  'project/restoreVersion': onVersioned('projectMember', (v) => ({ ...at(v), projectStructureId: v.apiId })),
};

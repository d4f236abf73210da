import type { Harness } from '../harness.js';
import type { Access, AccessContext, Body } from './access.js';
import type { Actors, World } from './world.js';

/**
 * Field comparison (docs/api/mock-and-fields.md, "Comparing") on a members-only knowledge project of T in which
 * teamMember is a viewer and projectMember an editor: viewers compare, editors apply fixes. Built once per world.
 */
interface Compared {
  projectId: string;
  owner: (path: string, body: Body) => Promise<Record<string, unknown>>;
}

async function buildProject(h: Harness, w: World, a: Actors): Promise<Compared> {
  const owner = async (path: string, body: Body) => {
    const answer = await h.call(path, { teamId: w.teamId, ...body }, a.owner.token);
    if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
    return answer.data;
  };
  const created = await owner('project/create', { name: `${w.projectName}比对`, privateType: 'members' });
  const projectId = String(created.projectId);
  for (const [account, role] of [
    [a.teamMember, 'viewer'],
    [a.projectMember, 'editor'],
    [a.admin, 'administrator'],
  ] as const)
    await owner('project/batchCreateProjectUser', { projectId, userIds: `[${account.userId}]`, role });
  await owner('project/saveDataField', { projectId, scope: 'project', name: 'userId', type: 'integer' });
  await owner('project/addStructure', { projectId, kind: 'schema', name: 'User' });
  return { projectId, owner };
}

const built = new Map<string, Promise<Compared>>();
const onProject = (least: Access['least'], body: (c: Compared) => Body | Promise<Body>): Access => ({
  least,
  body: async ({ h, w, a }: AccessContext) => {
    let found = built.get(w.teamId);
    if (!found) {
      found = buildProject(h, w, a);
      built.set(w.teamId, found);
    }
    return body(await found);
  },
});

export const fieldCompareAccess: Record<string, Access> = {
  'project/fieldCompare': onProject('teamMember', (c) => ({ projectId: c.projectId })),
  // A fresh report each time; a fix of an issue the report does not have is skipped (nothing is written).
  'project/fieldCompareUpdate': onProject('projectMember', async (c) => {
    const report = await c.owner('project/fieldCompare', { projectId: c.projectId });
    const fixes = JSON.stringify([{ issueId: '0000000000000000', action: 'useLibrary' }]);
    return { projectId: c.projectId, reportHash: String(report.reportHash), fixes };
  }),
};

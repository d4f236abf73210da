import { randomUUID } from 'node:crypto';
import type { Harness } from '../harness.js';
import type { Access, AccessContext, Body } from './access.js';
import type { Actors, World } from './world.js';

/**
 * The field library calls (docs/api/mock-and-fields.md, "Field libraries") on a members-only knowledge project of T
 * in which teamMember is a viewer, projectMember an editor and admin an administrator. Built once per world.
 */
interface Library {
  projectId: string;
  owner: (path: string, body: Body) => Promise<{ dataFieldId?: number }>;
}

async function buildLibrary(h: Harness, w: World, a: Actors): Promise<Library> {
  const owner = async (path: string, body: Body) => {
    const answer = await h.call(path, { teamId: w.teamId, ...body }, a.owner.token);
    if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
    return answer.data;
  };
  const created = await owner('project/create', { name: `${w.projectName}字段`, privateType: 'members' });
  const projectId = String(created.projectId);
  for (const [account, role] of [
    [a.teamMember, 'viewer'],
    [a.projectMember, 'editor'],
    [a.admin, 'administrator'],
  ] as const)
    await owner('project/batchCreateProjectUser', { projectId, userIds: `[${account.userId}]`, role });
  await owner('project/saveDataField', { projectId, scope: 'project', name: 'userId', type: 'integer' });
  return { projectId, owner };
}

const built = new Map<string, Promise<Library>>();
const onLibrary = (least: Access['least'], body: (l: Library) => Body | Promise<Body>): Access => ({
  least,
  body: async ({ h, w, a }: AccessContext) => {
    let found = built.get(w.teamId);
    if (!found) {
      found = buildLibrary(h, w, a);
      built.set(w.teamId, found);
    }
    return body(await found);
  },
});

/** A field name no other run of the suite uses. */
const freshName = () => `f_${randomUUID().replaceAll('-', '')}`;

export const fieldAccess: Record<string, Access> = {
  'project/searchDataField': onLibrary('teamMember', (l) => ({ projectId: l.projectId, scope: 'project' })),
  'project/saveDataField': onLibrary('projectMember', (l) => ({
    projectId: l.projectId,
    scope: 'project',
    name: freshName(),
    type: 'string',
  })),
  'project/saveDataFields': onLibrary('projectMember', (l) => ({
    projectId: l.projectId,
    scope: 'project',
    fields: JSON.stringify([{ name: freshName(), type: 'string' }]),
  })),
  'project/deleteDataField': onLibrary('projectMember', async (l) => {
    const saved = await l.owner('project/saveDataField', {
      projectId: l.projectId,
      scope: 'project',
      name: freshName(),
      type: 'string',
    });
    return { projectId: l.projectId, scope: 'project', dataFieldId: String(saved.dataFieldId) };
  }),
  'project/parseFieldSource': onLibrary('teamMember', (l) => ({
    projectId: l.projectId,
    kind: 'sql',
    text: 'CREATE TABLE t (id bigint NOT NULL)',
  })),
};

import type { Harness } from '../harness.js';
import type { Access, AccessContext, Body } from './access.js';
import type { Actors, World } from './world.js';

/**
 * Mock settings and expectations (docs/api/mock-and-fields.md): a members-only knowledge project of T in which the
 * ladder's people hold the knowledge roles (teamMember a viewer, projectMember an editor, admin an administrator),
 * with one api node. Built once per world.
 */
interface Mocked {
  projectId: string;
  apiId: string;
}

async function buildMocked(h: Harness, w: World, a: Actors): Promise<Mocked> {
  const as = async (path: string, body: Body) => {
    const answer = await h.call(path, { teamId: w.teamId, ...body }, a.owner.token);
    if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
    return answer.data;
  };
  const projectId = String(
    (await as('project/create', { name: `${w.projectName}模拟`, privateType: 'members' })).projectId,
  );
  for (const [account, role] of [
    [a.teamMember, 'viewer'],
    [a.projectMember, 'editor'],
    [a.admin, 'administrator'],
  ] as const)
    await as('project/batchCreateProjectUser', { projectId, userIds: `[${account.userId}]`, role });
  const api = await as('project/addStructure', { projectId, kind: 'api', name: '查询', method: 'GET', path: '/q' });
  return { projectId, apiId: String(api.projectStructureId) };
}

const built = new Map<string, Promise<Mocked>>();
const onMocked = (least: Access['least'], body: (m: Mocked) => Body): Access => ({
  least,
  body: async ({ h, w, a }: AccessContext) => {
    let found = built.get(w.teamId);
    if (!found) {
      found = buildMocked(h, w, a);
      built.set(w.teamId, found);
    }
    return body(await found);
  },
});

const expectations = JSON.stringify([
  { name: '空', conditions: [], response: { status: 200, bodyType: 'example', body: {} } },
]);

export const mockAccess: Record<string, Access> = {
  'project/mockSettings': onMocked('teamMember', (m) => ({ projectId: m.projectId })),
  'project/saveMockSettings': onMocked('admin', (m) => ({ projectId: m.projectId, validateRequests: '1' })),
  'project/mockExpectations': onMocked('teamMember', (m) => ({ projectId: m.projectId, projectStructureId: m.apiId })),
  'project/saveMockExpectations': onMocked('projectMember', (m) => ({
    projectId: m.projectId,
    projectStructureId: m.apiId,
    expectations,
  })),
};

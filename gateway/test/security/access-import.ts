import type { Harness } from '../harness.js';
import type { Access, AccessContext, Body } from './access.js';
import type { Actors, World } from './world.js';

/**
 * Import and export (docs/api/publishing.md): a members-only knowledge project of T in which the ladder's people
 * hold the knowledge roles (teamMember a viewer, projectMember an editor, admin an administrator), with one api
 * node and one scheduled re-import. Built once per world; an import adds documents to it, which no row relies on.
 */
interface Importable {
  projectId: string;
  apiId: string;
}

export const importSpec = JSON.stringify({
  openapi: '3.1.0',
  info: { title: '导入权限', version: '1' },
  paths: { '/stock': { get: { summary: '查询库存', responses: { '200': { description: 'ok' } } } } },
});

async function buildImportable(h: Harness, w: World, a: Actors): Promise<Importable> {
  const as = async (path: string, body: Body) => {
    const answer = await h.call(path, { teamId: w.teamId, ...body }, a.owner.token);
    if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
    return answer.data;
  };
  const projectId = String(
    (await as('project/create', { name: `${w.projectName}导入`, privateType: 'members' })).projectId,
  );
  for (const [account, role] of [
    [a.teamMember, 'viewer'],
    [a.projectMember, 'editor'],
    [a.admin, 'administrator'],
  ] as const)
    await as('project/batchCreateProjectUser', { projectId, userIds: `[${account.userId}]`, role });
  const api = await as('project/addStructure', { projectId, kind: 'api', name: '查询库存', method: 'GET', path: '/x' });
  return { projectId, apiId: String(api.projectStructureId) };
}

const built = new Map<string, Promise<Importable>>();
const importableOf = ({ h, w, a }: AccessContext) => {
  let found = built.get(w.teamId);
  if (!found) {
    found = buildImportable(h, w, a);
    built.set(w.teamId, found);
  }
  return found;
};
const onImportable = (
  least: Access['least'],
  body: (v: Importable, c: AccessContext) => Body | Promise<Body>,
): Access => ({
  least,
  body: async (c) => body(await importableOf(c), c),
});
const schedule = {
  url: 'https://petstore.example.com/openapi.json',
  format: 'auto',
  intervalMinutes: '60',
  enabled: '1',
};

export const importAccess: Record<string, Access> = {
  'project/importPreview': onImportable('projectMember', (v) => ({ projectId: v.projectId, content: importSpec })),
  'project/import': onImportable('projectMember', (v) => ({ projectId: v.projectId, content: importSpec })),
  'project/importSchedules': onImportable('teamMember', (v) => ({ projectId: v.projectId })),
  'project/saveImportSchedule': onImportable('admin', (v) => ({ projectId: v.projectId, ...schedule })),
  'project/deleteImportSchedule': onImportable('admin', async (v, c) => {
    const made = await c.h.call(
      'project/saveImportSchedule',
      { teamId: c.w.teamId, projectId: v.projectId, ...schedule },
      c.a.owner.token,
    );
    if (made.code === 200) return { projectId: v.projectId, scheduleId: String(made.data.scheduleId) };
    // A project holds at most 20 schedules (the sweep saves many): delete one of those.
    const listed = await c.h.call(
      'project/importSchedules',
      { teamId: c.w.teamId, projectId: v.projectId },
      c.a.owner.token,
    );
    return { projectId: v.projectId, scheduleId: String(listed.data[0].scheduleId) };
  }),
  'project/export': onImportable('teamMember', (v) => ({
    projectId: v.projectId,
    format: 'openapi-json',
    nodeIds: `[${v.apiId}]`,
  })),
};

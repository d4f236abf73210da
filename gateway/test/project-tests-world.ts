import { expect } from 'vitest';
import type { Harness } from './harness.js';

/**
 * The people and project of the API test suites: a team (owner, editor, viewer, a team reader outside the project),
 * someone of another team, and a members-only knowledge project with one api document (`GET /pets/{petId}` with
 * a 200 example and a `Pet` model).
 */
export interface TestsWorld {
  owner: string;
  editor: string;
  viewer: string;
  teamReader: string;
  outsider: string;
  /** The outsider's own team. */
  outsiderTeamId: string;
  teamId: string;
  projectId: string;
  apiId: string;
  /** A call as that person in the project: `project/<path>` with teamId and projectId added. */
  as(token: string | undefined): (path: string, body?: Record<string, string>) => ReturnType<Harness['call']>;
  userIdOf(token: string): Promise<number>;
}

export const petSchema = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
};

export const petApi = {
  method: 'GET',
  path: '/pets/{petId}',
  parameters: [{ in: 'path', name: 'petId', required: true, schema: { type: 'integer' } }],
  responses: [
    {
      status: '200',
      name: '成功',
      mediaType: 'application/json',
      schema: { $ref: '#/components/schemas/Pet' },
      examples: [{ name: '旺财', value: { id: 1, name: '旺财' } }],
    },
  ],
};

let sequence = 0;

export async function buildTestsWorld(h: Harness, prefix: string): Promise<TestsWorld> {
  const phone = () => `${prefix}${String(++sequence).padStart(4, '0')}`;
  const [owner, editor, viewer, teamReader, outsider] = (await Promise.all(
    Array.from({ length: 5 }, () => h.register(phone())),
  )) as [string, string, string, string, string];
  const teamId = String((await h.call('team/create', { teamName: '测试组' }, owner)).data.teamId);
  const outsiderTeamId = String((await h.call('team/create', { teamName: '别的组' }, outsider)).data.teamId);
  const { shareCode } = (await h.call('team/shareInfo', { teamId }, owner)).data;
  for (const member of [editor, viewer, teamReader])
    expect((await h.call('team/shareJoin', { shareCode }, member)).code).toBe(200);
  let projectId = '';
  const as =
    (token: string | undefined) =>
    (path: string, body: Record<string, string> = {}) =>
      h.call(path.includes('/') ? path : `project/${path}`, { teamId, projectId, ...body }, token);
  const userIdOf = async (token: string) => Number((await h.call('userInfo/getUserInfo', {}, token)).data.userId);
  projectId = String((await as(owner)('create', { name: '宠物商店', privateType: 'members' })).data.projectId);
  for (const [token, role] of [
    [editor, 'editor'],
    [viewer, 'viewer'],
  ] as const)
    expect((await as(owner)('batchCreateProjectUser', { userIds: `[${await userIdOf(token)}]`, role })).code).toBe(200);

  const model = await as(editor)('addStructure', { kind: 'schema', name: 'Pet' });
  const saveDoc = async (projectStructureId: string, content: unknown) => {
    const { data } = await as(editor)('docDetail', { projectStructureId });
    const saved = await as(editor)('saveDoc', {
      projectStructureId,
      baseVersion: String(data.version),
      doc: JSON.stringify(content),
    });
    expect(saved.code, saved.msg).toBe(200);
  };
  await saveDoc(String(model.data.projectStructureId), { schema: petSchema, description: '' });
  const api = await as(editor)('addStructure', { kind: 'api', name: '查询宠物', method: 'GET', path: '/pets/{petId}' });
  const apiId = String(api.data.projectStructureId);
  await saveDoc(apiId, petApi);
  return { owner, editor, viewer, teamReader, outsider, outsiderTeamId, teamId, projectId, apiId, as, userIdOf };
}

import { callerMetadata, connectService } from '@pmbok/infra';
import { projectv1 } from '@pmbok/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../harness.js';

/** A GET document answering `value` as its example (every ApiDoc field, as the editor sends). */
const petDoc = (value: unknown) => ({
  method: 'GET',
  path: '/pets/{petId}',
  status: 'developing',
  tags: [],
  ownerId: 0,
  description: '',
  operationId: 'getPet',
  deprecated: false,
  parameters: [
    {
      in: 'path',
      name: 'petId',
      required: true,
      description: '',
      schema: { type: 'integer' },
      example: 1,
      deprecated: false,
      extra: {},
    },
  ],
  requestBody: {
    type: 'none',
    mediaType: '',
    required: false,
    description: '',
    schema: {},
    fields: [],
    raw: '',
    examples: [],
    extra: {},
  },
  responses: [
    {
      status: '200',
      name: '成功',
      description: '',
      mediaType: 'application/json',
      schema: { type: 'object', properties: { name: { type: 'string' } } },
      headers: [],
      examples: [{ name: '默认', summary: '', value }],
      extra: {},
    },
  ],
  extra: {},
});

/** The mock on the embedded stack: the project service's GetMockIndex and the gateway's write hook. */
describe('the mock server on the embedded services', () => {
  let h: Harness;
  let owner: string;
  let teamId: string;
  let projectId: string;
  let apiId: string;
  let token: string;
  const as = (path: string, body: Record<string, string> = {}) =>
    h.call(`project/${path}`, { teamId, projectId, ...body }, owner);
  const mock = (path: string, headers: Record<string, string> = { 'x-mock-token': token }) =>
    h.app.inject({ method: 'GET', url: `/mock/${projectId}${path}`, headers });
  const save = async (value: unknown) => {
    const { version } = (await as('docDetail', { projectStructureId: apiId })).data;
    const saved = await as('saveDoc', {
      projectStructureId: apiId,
      baseVersion: String(version),
      doc: JSON.stringify(petDoc(value)),
    });
    expect(saved.code).toBe(200);
  };

  beforeAll(async () => {
    h = await startHarness();
    owner = await h.register('13730000091');
    teamId = String((await h.call('team/create', { teamName: 'Mock 组' }, owner)).data.teamId);
    projectId = String((await as('create', { name: '宠物接口', privateType: 'members' })).data.projectId);
    const added = await as('addStructure', { kind: 'api', name: '查询宠物', method: 'get', path: '/pets/{petId}' });
    apiId = String(added.data.projectStructureId);
    // The token as the service holds it (the settings call is the console's; this reads what the gateway reads).
    const service = connectService(projectv1.ProjectServiceDefinition, h.addresses.project);
    const index = await service.client.getMockIndex(
      { projectId: Number(projectId), knownRevision: '' },
      { metadata: callerMetadata({ correlationId: 'mock-test' }) },
    );
    service.close();
    token = JSON.parse(index.indexJson).token;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers a saved document at once, and the next save changes the next answer', async () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    await save({ name: '旺财' });
    const first = await mock('/pets/1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ name: '旺财' });
    await save({ name: '咪咪' });
    expect((await mock('/pets/1')).json()).toEqual({ name: '咪咪' });
    const bad = await mock('/pets/abc');
    expect(bad.json()).toMatchObject({ code: 400, errors: [{ in: 'path', name: 'petId' }] });
  });

  it('answers an unknown project and a wrong token alike', async () => {
    const wrong = await mock('/pets/1', { 'x-mock-token': 'x'.repeat(32) });
    const unknown = await h.app.inject({
      method: 'GET',
      url: '/mock/999999/pets/1',
      headers: { 'x-mock-token': token },
    });
    expect(wrong.statusCode).toBe(404);
    expect(unknown.body).toBe(wrong.body);
  });
});

import { processRealtime } from '@pmbok/infra';
import type { MockIndex } from '@pmbok/project-service/mock-index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDEX_TOO_LARGE } from '../src/application/mockIndex.js';
import { EDITOR, type MockHarness, NodeKind, OWNER, refusal, startMockHarness } from './mockHarness.js';

describe('GetMockIndex: what the gateway mock server reads of a project', () => {
  let h: MockHarness;
  const read = async (knownRevision = '') => {
    const answer = await h.project.getMockIndex({ projectId: h.projectId, knownRevision });
    return { ...answer, index: answer.indexJson ? (JSON.parse(answer.indexJson) as MockIndex) : undefined };
  };

  beforeAll(async () => {
    h = await startMockHarness('mock-index');
  });
  afterAll(async () => h?.stop());

  it('answers the api documents, models and default settings; never API templates or pages', async () => {
    const { found, unchanged, revision, index } = await read();
    expect({ found, unchanged }).toEqual({ found: true, unchanged: false });
    expect(index!.revision).toBe(revision);
    expect(index).toMatchObject({ projectId: h.projectId, access: 'token', validateRequests: true, fields: [] });
    expect(index!.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(index!.apis.map((api) => [api.projectStructureId, api.method, api.path])).toEqual([
      [h.api, 'GET', '/pets/{petId}'],
    ]);
    const [api] = index!.apis;
    expect(api!.parameters).toEqual([
      { in: 'path', name: 'petId', required: true, schema: { type: 'integer' }, example: null },
    ]);
    expect(api!.responses[0]).toMatchObject({
      status: '200',
      mediaType: 'application/json',
      schema: { $ref: '#/components/schemas/Pet' },
      headers: [{ name: 'X-Rate-Limit', required: false, schema: { type: 'integer' } }],
      examples: [{ name: 'dog', value: { id: 1, name: '旺财' } }],
    });
    expect(api!.requestBody).toMatchObject({ type: 'none', fields: [] });
    expect(api!.expectations).toEqual([]);
    expect(Object.keys(index!.models)).toEqual(['Pet']);
    // The token is made once: a second read (after the cache) answers the same.
    expect((await read()).index!.token).toBe(index!.token);
  });

  it('answers unchanged for the revision held, and a new revision at once after a saved document', async () => {
    const first = await read();
    expect(await read(first.revision)).toEqual({
      found: true,
      unchanged: true,
      revision: first.revision,
      indexJson: '',
      index: undefined,
    });
    await h.save(h.api, { method: 'POST', path: '/pets', responses: [{ status: '201', name: '已创建' }] });
    const after = await read(first.revision);
    expect(after.unchanged).toBe(false);
    expect(after.revision).not.toBe(first.revision);
    expect(after.index!.apis[0]).toMatchObject({ method: 'POST', path: '/pets' });
    // A new api node and a changed model move it too.
    const added = await h.add(NodeKind.NODE_KIND_API, '删除宠物', 'DELETE', '/pets/{petId}');
    const third = await read(after.revision);
    expect(third.index!.apis.map((api) => api.projectStructureId)).toEqual([h.api, added.projectStructureId]);
    await h.save(h.model, { schema: { type: 'object', properties: { tag: { type: 'string' } } } });
    const fourth = await read(third.revision);
    expect(fourth.index!.models.Pet).toEqual({ type: 'object', properties: { tag: { type: 'string' } } });
    // Renames reach the index (an api's name, a model's name), and a removed document leaves it.
    const rename = (projectStructureId: number, name: string) =>
      h.project.renameStructure({ projectId: h.projectId, projectStructureId, name }, h.as(EDITOR));
    await rename(h.api, '新增宠物');
    await rename(h.model, 'Animal');
    await h.project.deleteStructure(
      { projectId: h.projectId, projectStructureId: added.projectStructureId },
      h.as(EDITOR),
    );
    const fifth = await read(fourth.revision);
    expect(fifth.index!.apis.map((api) => [api.projectStructureId, api.name])).toEqual([[h.api, '新增宠物']]);
    expect(Object.keys(fifth.index!.models)).toEqual(['Animal']);
    await rename(h.model, 'Pet');
  });

  it('saved expectations and settings change the revision and show in the index', async () => {
    const before = await read();
    const expectations = [
      {
        name: 'id 为 0 时 404',
        conditions: [{ source: 'path', name: 'petId', operator: 'equals', value: '0' }],
        response: { status: 404, bodyType: 'example', body: { code: 404 } },
      },
    ];
    await h.project.saveMockExpectations(
      { projectId: h.projectId, projectStructureId: h.api, expectationsJson: JSON.stringify(expectations) },
      h.as(EDITOR),
    );
    const after = await read(before.revision);
    expect(after.unchanged).toBe(false);
    expect(after.index!.apis[0]!.expectations).toMatchObject([
      { name: 'id 为 0 时 404', enabled: true, response: { status: 404, body: { code: 404 }, delayMs: 0 } },
    ]);
  });

  it('carries the effective field library: project fields over team fields; a team field change moves the revision', async () => {
    const field = (scope: string, values: Record<string, unknown>, projectId = h.projectId, dataFieldId = 0) =>
      h.project.saveDataField(
        { projectId: scope === 'team' ? 0 : projectId, scope, dataFieldId, fieldJson: JSON.stringify(values) },
        h.as(OWNER),
      );
    const phone = { name: 'phone', aliases: ['mobile'], type: 'string', description: '手机号', mockRule: '@phone' };
    const { dataFieldId: teamPhone } = await field('team', phone);
    await field('team', { name: 'status', type: 'integer', enum: [0, 1] });
    await field('project', { name: 'status', type: 'string', enum: ['on', 'off'], example: 'on' });
    const first = await read();
    expect(first.index!.fields).toEqual([
      { name: 'phone', aliases: ['mobile'], type: 'string', format: '', enum: [], example: null, mockRule: '@phone' },
      { name: 'status', aliases: [], type: 'string', format: '', enum: ['on', 'off'], example: 'on', mockRule: '' },
    ]);
    // A team field belongs to every project of the team: its change moves the revision and tells the gateways.
    const realtime = processRealtime();
    const notice = new Promise<unknown>((resolve) => {
      const stop = realtime.subscribe({ topic: 'mock' }, (payload) => {
        void stop.then((end) => end());
        resolve(payload);
      });
    });
    await field('team', { ...phone, mockRule: '@mobile' }, 0, teamPhone);
    expect(await notice).toEqual({ projectId: h.projectId });
    const second = await read(first.revision);
    expect(second.unchanged).toBe(false);
    expect(second.index!.fields[0]!.mockRule).toBe('@mobile');
  });

  it('an index over what one gRPC answer carries is refused with the reason', async () => {
    const { projectId } = await h.project.createProject({ name: '大文档' }, h.as(OWNER));
    const example = 'x'.repeat(4 * 1024 * 1024);
    const slow = () => ({ ...h.as(OWNER), signal: AbortSignal.timeout(60_000) });
    for (const path of ['/a', '/b']) {
      const added = await h.project.addStructure(
        { projectId, parentId: 0, kind: NodeKind.NODE_KIND_API, name: path, templateId: 0, method: 'GET', path },
        h.as(OWNER),
      );
      const content = {
        method: 'GET',
        path,
        responses: [{ status: '200', examples: [{ name: 'big', value: example }] }],
      };
      const request = { projectId, projectStructureId: added.projectStructureId, baseVersion: 1 };
      // Megabytes through gRPC on a busy machine: longer than a call's default deadline.
      await h.project.saveDoc({ ...request, contentJson: JSON.stringify(content) }, slow());
    }
    expect(await refusal(h.project.getMockIndex({ projectId, knownRevision: '' }, slow()))).toBe(INDEX_TOO_LARGE);
  });

  it('a project that does not exist is not found', async () => {
    expect(await h.project.getMockIndex({ projectId: 987_654_321, knownRevision: '' })).toMatchObject({
      found: false,
      indexJson: '',
    });
    expect(await h.project.getMockIndex({ projectId: 0, knownRevision: 'x' })).toMatchObject({ found: false });
  });
});

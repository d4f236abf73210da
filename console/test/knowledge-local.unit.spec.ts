import 'fake-indexeddb/auto';
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import Ajv from 'ajv';
import { beforeEach, describe, expect, it } from 'vitest';
import * as wire from '../../gateway/src/schemas/project';
import { ApiError } from '../src/api/request';
import { createLocalHandler } from '../src/knowledge/local/handler';
import { openLocalProject } from '../src/knowledge/local/sample';
import { openLocalStore } from '../src/knowledge/local/store';
import type { KnowledgeHandler } from '../src/knowledge/transport';

// The sample remembers the open project in local storage; the unit tier has none.
const storage = new Map<string, string>();
globalThis.localStorage = {
  getItem: (key: string) => storage.get(key) ?? null,
  setItem: (key: string, value: string) => void storage.set(key, value),
  removeItem: (key: string) => void storage.delete(key),
} as Storage;

let call: KnowledgeHandler;
let dbCount = 0;
let now = Date.UTC(2026, 0, 1);

beforeEach(async () => {
  storage.clear();
  const db = await openLocalStore(`local-knowledge-${++dbCount}`);
  call = createLocalHandler({ db, now: () => now++ });
});

const ajv = new Ajv({ strict: false, allErrors: true });

/** The schema with no properties beyond those it names, so an answer with a field too many fails too. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, closed(value)]));
  return 'properties' in copy ? { ...copy, additionalProperties: false } : copy;
}

/** Answers must be exactly what the gateway's response schemas describe. */
function shaped<S extends TSchema>(schema: S, value: unknown): Static<S> {
  const validate = ajv.compile(closed(schema) as object);
  validate(value);
  expect(validate.errors ?? []).toEqual([]);
  return value as Static<S>;
}

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const project = async () => (await call<{ projectId: number }>('project/create', { name: '本地' })).projectId;
const add = (projectId: number, body: Record<string, string | number>) =>
  call<{ projectStructureId: number; projectDocId: number }>('project/addStructure', { projectId, ...body });
const tree = async (projectId: number) =>
  shaped(
    wire.StructureTree,
    await call<{ nodes: { projectStructureId: number; parentId: number; name: string; kind: string }[] }>(
      'project/projectStructure',
      { projectId },
    ),
  ).nodes;

describe('the first visit', () => {
  it('creates one sample project with a folder, an API document and a page, and opens it again later', async () => {
    const projectId = await openLocalProject(call);
    expect(await openLocalProject(call)).toBe(projectId);
    const list = shaped(Type.Array(wire.KnowledgeProject), await call('project/list', {}));
    expect(list).toHaveLength(1);
    const nodes = await tree(projectId);
    expect(nodes.map((n) => n.kind).sort()).toEqual(['api', 'folder', 'page']);
    const detail = shaped(wire.KnowledgeProject, await call('project/detail', { projectId }));
    expect(detail).toMatchObject({ docCount: 2, myRole: 'owner', updateTimeLabel: '刚刚' });
    shaped(wire.ProjectSettings, await call('project/setting', { projectId }));
    shaped(wire.ProjectUserInfo, await call('projectUser/projectUserInfo', { projectId }));
  });
});

describe('the tree', () => {
  it('nests under folders only and refuses a parent that is a document', async () => {
    const projectId = await project();
    const folder = await add(projectId, { parentId: 0, kind: 'folder', name: 'A' });
    const api = await add(projectId, {
      parentId: folder.projectStructureId,
      kind: 'api',
      name: 'x',
      method: 'post',
      path: '/x',
    });
    shaped(wire.StructureCreated, api);
    const refused = await refusal(add(projectId, { parentId: api.projectStructureId, kind: 'page', name: 'p' }));
    expect(refused).toMatchObject({ code: 400, message: '只能放在目录下' });
    const detail = shaped(
      wire.DocDetail,
      await call('project/docDetail', { projectId, projectStructureId: api.projectStructureId }),
    );
    expect(detail).toMatchObject({ kind: 'api', version: 1, api: { method: 'POST', path: '/x' } });
  });

  it('refuses a folder dropped into its own child, and a two-node cycle, moving nothing', async () => {
    const projectId = await project();
    const a = (await add(projectId, { parentId: 0, kind: 'folder', name: 'A' })).projectStructureId;
    const b = (await add(projectId, { parentId: a, kind: 'folder', name: 'B' })).projectStructureId;
    const c = (await add(projectId, { parentId: 0, kind: 'folder', name: 'C' })).projectStructureId;
    const before = await tree(projectId);
    const drop = (moves: object[]) =>
      call('project/structureDropUpdate', { projectId, dropResult: JSON.stringify(moves) });

    expect((await refusal(drop([{ projectStructureId: a, parentId: b, sort: 0 }]))).message).toBe(
      '不能把目录移动到它自己或它的子目录下',
    );
    const cycle = [
      { projectStructureId: a, parentId: c, sort: 0 },
      { projectStructureId: c, parentId: b, sort: 0 },
    ];
    expect((await refusal(drop(cycle))).message).toBe('不能把目录移动到它自己或它的子目录下');
    const twice = [
      { projectStructureId: c, parentId: 0, sort: 5 },
      { projectStructureId: c, parentId: a, sort: 0 },
    ];
    expect((await refusal(drop(twice))).message).toBe('同一个节点在一次拖动中出现了两次');
    expect((await refusal(drop([{ projectStructureId: a, parentId: a, sort: 0 }]))).code).toBe(400);
    expect((await refusal(drop([{ projectStructureId: 999, parentId: 0, sort: 0 }]))).message).toBe(
      '节点不存在或已被删除',
    );
    expect((await refusal(drop('not json' as never))).message).toBe('拖拽结果格式错误');
    expect(await tree(projectId)).toEqual(before);

    await drop([
      { projectStructureId: b, parentId: 0, sort: 0 },
      { projectStructureId: a, parentId: b, sort: 0 },
    ]);
    const after = new Map((await tree(projectId)).map((n) => [n.projectStructureId, n.parentId]));
    expect(after.get(b)).toBe(0);
    expect(after.get(a)).toBe(b);
  });

  it('copies a subtree with its documents and deletes one with them', async () => {
    const projectId = await project();
    const folder = (await add(projectId, { parentId: 0, kind: 'folder', name: 'A' })).projectStructureId;
    const page = await add(projectId, { parentId: folder, kind: 'page', name: 'P' });
    await call('project/saveDoc', {
      projectId,
      projectStructureId: page.projectStructureId,
      baseVersion: 1,
      doc: '{"markdown":"hi"}',
    });
    const copy = await call<{ projectStructureId: number }>('project/copyStructure', {
      projectId,
      projectStructureId: folder,
    });
    const nodes = await tree(projectId);
    expect(nodes.map((n) => n.name).sort()).toEqual(['A', 'A - 副本', 'P', 'P']);
    const copiedPage = nodes.find((n) => n.parentId === copy.projectStructureId);
    const copied = await call<{ page: { markdown: string } }>('project/docDetail', {
      projectId,
      projectStructureId: copiedPage?.projectStructureId,
    });
    expect(copied.page.markdown).toBe('hi');

    await call('project/deleteStructure', { projectId, projectStructureId: folder });
    expect((await tree(projectId)).map((n) => n.name).sort()).toEqual(['A - 副本', 'P']);
    const gone = await refusal(call('project/docDetail', { projectId, projectStructureId: page.projectStructureId }));
    expect(gone.message).toBe('节点不存在或已被删除');
  });
});

describe('saving a document', () => {
  it('refuses a save on an old version with 409, naming who and when, with the newer document', async () => {
    const projectId = await project();
    const { projectStructureId } = await add(projectId, { parentId: 0, kind: 'page', name: 'P' });
    const save = (baseVersion: number, markdown: string) =>
      call('project/saveDoc', { projectId, projectStructureId, baseVersion, doc: JSON.stringify({ markdown }) });
    expect(shaped(wire.DocSaved, await save(1, 'mine'))).toMatchObject({ version: 2 });
    const conflict = await refusal(save(1, 'theirs'));
    expect(conflict.code).toBe(409);
    expect(conflict.message).toMatch(/^文档已被本地用户于.+保存，请对比后合并$/);
    const data = shaped(wire.SaveConflict, conflict.data);
    expect(data.current).toMatchObject({ version: 2, page: { markdown: 'mine' } });
  });

  it('lets exactly one of two tabs racing on the same version win', async () => {
    const projectId = await project();
    const { projectStructureId } = await add(projectId, { parentId: 0, kind: 'page', name: 'P' });
    const save = (markdown: string) =>
      call('project/saveDoc', { projectId, projectStructureId, baseVersion: 1, doc: JSON.stringify({ markdown }) });
    const results = await Promise.allSettled([save('tab one'), save('tab two')]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((lost.reason as ApiError).code).toBe(409);
    const saved = await call<{ version: number }>('project/docDetail', { projectId, projectStructureId });
    expect(saved.version).toBe(2);
  });

  it('refuses a method, a path, a JSON Schema or a size that the server refuses, writing nothing', async () => {
    const projectId = await project();
    const { projectStructureId } = await add(projectId, { parentId: 0, kind: 'api', name: 'A' });
    const save = (doc: string) => call('project/saveDoc', { projectId, projectStructureId, baseVersion: 1, doc });
    const api = (fields: object) => JSON.stringify({ method: 'GET', path: '/a', ...fields });
    expect((await refusal(save(api({ method: 'FETCH' })))).message).toMatch(/^接口文档：请求方法只能是/);
    expect((await refusal(save(api({ path: '/users list' })))).message).toBe(
      '接口路径不正确：不能有空格，路径参数写成 {name}，名称由字母、数字和下划线组成',
    );
    const badSchema = {
      requestBody: { type: 'json', schema: { type: 'object', properties: { a: { type: 'strin' } } } },
    };
    expect((await refusal(save(api(badSchema)))).message).toMatch(/^请求体的 JSON Schema 不正确：/);
    const big = api({ description: 'x'.repeat(5 * 1024 * 1024) });
    expect((await refusal(save(big))).message).toBe('文档内容不能超过5MB');
    expect((await refusal(save('{'))).message).toBe('文档内容不是有效的JSON');
    const detail = await call<{ version: number }>('project/docDetail', { projectId, projectStructureId });
    expect(detail.version).toBe(1);
    await save(
      api({ requestBody: { type: 'json', schema: { type: 'object', properties: { 用户名: { type: 'string' } } } } }),
    );
    const hits = shaped(wire.SearchHits, await call('project/searchDoc', { projectId, keyword: '用户' }));
    expect(hits.list).toMatchObject([{ projectStructureId, matchedIn: 'field' }]);
  });
});

describe('bad input', () => {
  it('refuses missing, zero, empty and non-numeric ids, unknown projects, and names over their limits', async () => {
    const projectId = await project();
    for (const bad of [0, '0', '', 'abc', '1.5', -1]) {
      expect(await refusal(call('project/detail', { projectId: bad }))).toMatchObject({
        code: 400,
        message: '参数格式错误：projectId',
      });
    }
    expect((await refusal(call('project/detail', {}))).message).toBe('缺少参数：projectId');
    expect((await refusal(call('project/detail', { projectId: projectId + 1 }))).message).toBe('项目不存在或无权访问');
    expect((await refusal(call('project/create', { name: ' ' }))).message).toBe('请输入项目名称');
    expect((await refusal(call('project/create', { name: '名'.repeat(51) }))).message).toBe('项目名称最多50个字符');
    expect((await refusal(add(projectId, { parentId: 0, kind: 'folder', name: 'n'.repeat(101) }))).message).toBe(
      '名称最多100个字符',
    );
    expect((await refusal(add(projectId, { parentId: 0, kind: 'file', name: 'n' }))).code).toBe(400);
    expect(
      (await refusal(call('project/addProjectBaseUrl', { projectId, name: 'dev', baseUrl: 'ftp://x' }))).code,
    ).toBe(400);
    expect(await tree(projectId)).toEqual([]);
  });

  it('keeps scripts as they arrive and answers members with the local owner', async () => {
    const projectId = await project();
    await call('project/savePreScriptBefore', { projectId, content: 'ENCRYPTED==' });
    expect(shaped(wire.PreScripts, await call('project/projectPreScript', { projectId }))).toEqual({
      beforeScript: 'ENCRYPTED==',
      afterScript: '',
    });
    const members = await call<unknown[]>('project/projectUser', { projectId });
    expect(members).toMatchObject([{ userId: 0, role: 'owner' }]);
    expect((await refusal(call('project/batchCreateProjectUser', { projectId, userIds: '[2]' }))).code).toBe(400);
  });
});

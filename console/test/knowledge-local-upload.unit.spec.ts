import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { localKnowledge } from '../src/knowledge/local/handler';
import { uploadToTeam } from '../src/knowledge/local/uploadToTeam';

const storage = new Map<string, string>([
  ['teamId', '7'],
  ['authorize_token', 'signed-in'],
]);
globalThis.localStorage = {
  getItem: (key: string) => storage.get(key) ?? null,
  setItem: (key: string, value: string) => void storage.set(key, value),
  removeItem: (key: string) => void storage.delete(key),
} as Storage;

/** The server as the upload sees it: every call recorded, ids handed out, one call made to fail on demand. */
let calls: { call: string; body: Record<string, string> }[] = [];
let failing = '';
let nextId = 1000;
globalThis.fetch = (async (input: string | URL, init?: RequestInit) => {
  const call = String(input).replace('/pmbok/api/', '');
  const body = Object.fromEntries(new URLSearchParams(String(init?.body)));
  calls.push({ call, body });
  const data =
    call === 'project/create'
      ? { projectId: 500 }
      : call === 'project/addStructure'
        ? { projectStructureId: ++nextId, projectDocId: nextId }
        : call === 'project/saveDoc'
          ? { version: 2, updatedAt: 1 }
          : null;
  const answer = call === failing ? { code: 400, msg: '文档内容格式错误', data: null } : { code: 200, msg: '', data };
  return new Response(JSON.stringify(answer), { status: 200 });
}) as typeof fetch;

const local = <T>(call: string, body: Record<string, string | number>) => localKnowledge<T>(`project/${call}`, body);

async function localProject() {
  const { projectId } = await local<{ projectId: number }>('create', { name: '上传' });
  const add = (parentId: number, kind: string, name: string, extra = {}) =>
    local<{ projectStructureId: number }>('addStructure', { projectId, parentId, kind, name, ...extra });
  const outer = (await add(0, 'folder', 'A')).projectStructureId;
  const inner = (await add(outer, 'folder', 'B')).projectStructureId;
  const api = (await add(inner, 'api', 'X', { method: 'POST', path: '/x/{id}' })).projectStructureId;
  const doc = { method: 'POST', path: '/x/{id}', description: '深处的接口' };
  await local('saveDoc', { projectId, projectStructureId: api, baseVersion: 1, doc: JSON.stringify(doc) });
  await local('newResponseCode', { projectId, code: 'E1', meaning: '错误' });
  return projectId;
}

beforeEach(() => {
  calls = [];
  failing = '';
});

describe('uploading a local project to the team', () => {
  it('creates the project in the current team and replays the tree parents first with the ids mapped', async () => {
    const projectId = await localProject();
    const progress: number[] = [];
    expect(await uploadToTeam(projectId, ({ done }) => progress.push(done))).toBe(500);

    expect(calls[0]).toMatchObject({ call: 'project/create', body: { name: '上传', teamId: '7' } });
    const added = calls.filter((c) => c.call === 'project/addStructure').map((c) => c.body);
    expect(added.map((b) => [b.name, b.kind])).toEqual([
      ['A', 'folder'],
      ['B', 'folder'],
      ['X', 'api'],
    ]);
    // each node lands under the id the server gave its parent
    expect(added.map((b) => b.parentId)).toEqual(['0', String(nextId - 2), String(nextId - 1)]);
    expect(added[2]).toMatchObject({ projectId: '500', method: 'POST', path: '/x/{id}' });
    const saved = calls.find((c) => c.call === 'project/saveDoc')?.body;
    expect(saved).toMatchObject({ projectId: '500', projectStructureId: String(nextId), baseVersion: '1' });
    expect(JSON.parse(saved?.doc ?? '{}')).toMatchObject({ method: 'POST', description: '深处的接口' });
    expect(calls.find((c) => c.call === 'project/newResponseCode')?.body).toMatchObject({ code: 'E1' });
    expect(progress.at(-1)).toBe(1 + 3 + 1);
  });

  it('removes the half-made team project when a step is refused', async () => {
    const projectId = await localProject();
    failing = 'project/saveDoc';
    await expect(uploadToTeam(projectId)).rejects.toThrow('文档内容格式错误');
    expect(calls.at(-1)).toMatchObject({ call: 'project/delete', body: { projectId: '500' } });
  });
});

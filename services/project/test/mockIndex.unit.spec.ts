import { createMemoryReadStore } from '@pmbok/infra';
import { describe, expect, it } from 'vitest';
import { createMockIndex } from '../src/application/mockIndex.js';
import type { MockIndex } from '../src/mockIndex.js';
import { projectDocs } from '../src/projections/docs/index.js';
import { mockDocPositions, mockSettings } from '../src/projections/mockConfig/index.js';
import type { ProjectDoc } from '../src/projections/projects/index.js';
import { type StructureNodeDoc, structureNodes, treeHeads } from '../src/projections/tree/index.js';

const PROJECT = 1;
const NODE = 5;
const DOC = 100;

/** The read models GetMockIndex reads, written by hand: what the projections would hold at some moment. */
async function world() {
  const store = createMemoryReadStore();
  const index = createMockIndex(store, {
    serviceName: 'project',
    findProject: async (projectId) => (projectId === PROJECT ? ({ projectId, teamId: 9 } as ProjectDoc) : null),
    issueToken: async () => {},
  });
  const node = { _id: String(NODE), projectId: PROJECT, projectStructureId: NODE, parentId: 0, kind: 'api', name: 'a' };
  await structureNodes(store).put({ ...node, sort: 0, projectDocId: DOC, isTemplate: false } as StructureNodeDoc);
  await mockSettings(store).put({
    _id: String(PROJECT),
    projectId: PROJECT,
    access: 'public',
    validateRequests: true,
    token: '',
    position: 1,
  });
  /** The project's tree and document at `position`, and how far the projections have got. */
  const at = async (position: number, path: string, applied = position) => {
    await treeHeads(store).put({ _id: String(PROJECT), projectId: PROJECT, position });
    await projectDocs(store).put({
      _id: String(DOC),
      docId: DOC,
      projectId: PROJECT,
      content: { method: 'GET', path },
    } as never);
    await mockDocPositions(store).put({ _id: String(DOC), projectId: PROJECT, position: applied });
    for (const name of ['projectDocs', 'mockConfig'])
      await store.checkpoints.store(`projection:project:${name}`, applied);
  };
  const read = async (known = '') => {
    const answer = await index.get(PROJECT, known);
    return { ...answer, index: answer.indexJson ? (JSON.parse(answer.indexJson) as MockIndex) : undefined };
  };
  return { store, index, at, read };
}

describe('GetMockIndex builds', () => {
  it('reuse a document’s part while its position stands, and read it again when it moves', async () => {
    const { store, at, read } = await world();
    await at(10, '/a');
    const first = await read();
    expect(first.index!.apis[0]).toMatchObject({ projectStructureId: NODE, name: 'a', path: '/a', expectations: [] });
    // Content changed under the same position (nothing a projection does): the part is not read again.
    await projectDocs(store).updateOne({ _id: String(DOC) }, { $set: { content: { method: 'GET', path: '/x' } } });
    await treeHeads(store).put({ _id: String(PROJECT), projectId: PROJECT, position: 11 });
    for (const name of ['projectDocs', 'mockConfig']) await store.checkpoints.store(`projection:project:${name}`, 11);
    expect((await read(first.revision)).index!.apis[0]!.path).toBe('/a');
    await at(12, '/b');
    expect((await read()).index!.apis[0]!.path).toBe('/b');
  });

  it('answer under a revision no one can hold while the documents lag the tree, and never keep that build', async () => {
    const { at, read } = await world();
    await at(10, '/a');
    const first = await read();
    expect(first.revision).not.toMatch(/~$/);
    await at(12, '/b', 10);
    const lagging = await read(first.revision);
    expect(lagging.revision).toMatch(/~$/);
    expect((await read(lagging.revision)).unchanged).toBe(false);
    await at(12, '/b');
    const caught = await read(lagging.revision);
    expect(caught.revision).toBe(lagging.revision.slice(0, -1));
    expect(caught.index!.apis[0]!.path).toBe('/b');
    expect(await read(caught.revision)).toMatchObject({ unchanged: true });
  });

  it('a project that is not there is not found', async () => {
    const { index } = await world();
    expect(await index.get(PROJECT + 1, '')).toEqual({ found: false, unchanged: false, revision: '', indexJson: '' });
  });
});

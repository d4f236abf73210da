import { createMemoryReadStore } from '@pmbok/infra';
import { describe, expect, it } from 'vitest';
import { createTreeReads } from '../src/application/treeReads.js';
import type { NodeKind } from '../src/domain/tree/tree.js';
import { type StructureNodeDoc, structureNodes } from '../src/projections/tree/index.js';

const node = (id: number, projectId: number, kind: NodeKind, name: string, isTemplate = false): StructureNodeDoc => ({
  _id: String(id),
  projectId,
  projectStructureId: id,
  parentId: 0,
  kind,
  name,
  sort: id,
  projectDocId: id + 100_000,
  method: '',
  path: '',
  status: '',
  isTemplate,
  updatedAt: 1,
  createdBy: 1,
  updatedBy: 1,
});

describe("a project's model names (read on every save)", () => {
  it('walks the models of the project alone, not its other nodes or other projects', async () => {
    const store = createMemoryReadStore();
    const nodes = structureNodes(store);
    for (let i = 1; i <= 2_000; i += 1) await nodes.put(node(i, i % 2 === 0 ? 7 : 8, 'api', `接口 ${i}`));
    await nodes.put(node(3_001, 7, 'schema', 'User'));
    await nodes.put(node(3_002, 7, 'schema', 'Order'));
    await nodes.put(node(3_003, 7, 'schema', 'Draft', true));
    await nodes.put(node(3_004, 8, 'schema', 'Elsewhere'));
    const before = store.docsExamined();
    const names = await createTreeReads(store).modelNames(7);
    expect([...names].sort()).toEqual(['Order', 'User']);
    // The two models and the template beside them; a scan of the project would look at over a thousand.
    expect(store.docsExamined() - before).toBeLessThanOrEqual(3);
  });
});

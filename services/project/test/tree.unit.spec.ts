import { DomainError, fold } from '@pmbok/infra';
import { deciderSpec } from '@pmbok/infra/testing';
import { describe, expect, it } from 'vitest';
import { treeDecider, treeNodes } from '../src/domain/tree/businessLogic.js';
import { treeMessages } from '../src/domain/tree/rules.js';
import type { NewNode, TreeEvent } from '../src/domain/tree/tree.js';

const spec = deciderSpec(treeDecider);
const node = (nodeId: number, parentId: number, kind: NewNode['kind'], sort = 0, docId = 0): TreeEvent => ({
  type: 'StructureNodeAdded',
  data: { nodeId, parentId, kind, name: `n${nodeId}`, sort, docId, isTemplate: false, sourceNodeId: 0, sourceDocId: 0 },
});
// root: folder 1 { folder 2 { api 3 }, page 4 }, folder 5
const tree: TreeEvent[] = [
  node(1, 0, 'folder', 0),
  node(2, 1, 'folder', 0),
  node(3, 2, 'api', 0, 30),
  node(4, 1, 'page', 1, 40),
  node(5, 0, 'folder', 1),
];
const move = (nodeId: number, parentId: number, sort = 0) => ({ nodeId, parentId, sort });
const counter = (start: number) => {
  let next = start;
  return () => next++;
};

describe('the document tree', () => {
  it('adds a node after its siblings, with a trimmed name', () => {
    spec
      .given(tree)
      .when({ type: 'AddNode', data: { nodeId: 6, parentId: 1, kind: 'api', name: '  登录 ', docId: 60 } })
      .then([
        {
          type: 'StructureNodeAdded',
          data: {
            nodeId: 6,
            parentId: 1,
            kind: 'api',
            name: '登录',
            sort: 2,
            docId: 60,
            isTemplate: false,
            sourceNodeId: 0,
            sourceDocId: 0,
          },
        },
      ]);
  });

  it.each([
    [{ parentId: 3, name: 'x', kind: 'api' }, treeMessages.parentNotFolder],
    [{ parentId: 99, name: 'x', kind: 'api' }, treeMessages.parentNotFound],
    [{ parentId: 0, name: '   ', kind: 'api' }, treeMessages.nameRequired],
    [{ parentId: 0, name: '名'.repeat(101), kind: 'api' }, treeMessages.nameTooLong],
    [{ parentId: 0, name: 'x', kind: 'file' }, treeMessages.kindInvalid],
  ])('refuses a node %o', (data, message) => {
    spec
      .given(tree)
      .when({ type: 'AddNode', data: { nodeId: 6, docId: 60, ...data } })
      .thenThrows(DomainError, message);
  });

  it('accepts a name of exactly 100 Chinese characters', () => {
    const events = treeDecider.decide(
      { type: 'AddNode', data: { nodeId: 6, parentId: 0, kind: 'page', name: '名'.repeat(100), docId: 60 } },
      fold(treeDecider, tree),
    );
    expect(events).toHaveLength(1);
  });

  it('renames, naming the change', () => {
    spec
      .given(tree)
      .when({ type: 'RenameNode', data: { nodeId: 3, name: '用户列表' } })
      .then([
        {
          type: 'StructureNodeRenamed',
          data: {
            nodeId: 3,
            docId: 30,
            name: '用户列表',
            changes: [{ field: 'name', before: 'n3', after: '用户列表' }],
          },
        },
      ]);
  });

  it('moves a batch of nodes from a drop result, naming what changed', () => {
    spec
      .given(tree)
      .when({ type: 'MoveNodes', data: { moves: [move(3, 5, 0), move(4, 1, 1), move(2, 0, 2)] } })
      .then([
        {
          type: 'StructureNodesMoved',
          data: {
            moves: [
              { ...move(3, 5, 0), changes: [{ field: 'parentId', before: 2, after: 5 }] },
              {
                ...move(2, 0, 2),
                changes: [
                  { field: 'parentId', before: 1, after: 0 },
                  { field: 'sort', before: 0, after: 2 },
                ],
              },
            ],
          },
        },
      ]);
  });

  it.each([
    ['a folder under its own child', [move(1, 2)], treeMessages.moveIntoItself],
    ['a folder under itself', [move(2, 2)], treeMessages.moveIntoItself],
    ['two folders under each other', [move(1, 5), move(5, 1)], treeMessages.moveIntoItself],
    ['a node under an api', [move(4, 3)], treeMessages.parentNotFolder],
    ['a node under a page', [move(3, 4)], treeMessages.parentNotFolder],
    ['an unknown node', [move(3, 5), move(77, 0)], treeMessages.nodeNotFound],
    ['under an unknown parent', [move(3, 77)], treeMessages.parentNotFound],
    ['a node twice', [move(3, 5), move(3, 1)], treeMessages.moveTwice],
    ['a negative sort', [move(3, 5, -1)], treeMessages.sortInvalid],
    ['nothing', [], treeMessages.movesRequired],
  ])('refuses a drop of %s, moving nothing', (_what, moves, message) => {
    spec.given(tree).when({ type: 'MoveNodes', data: { moves } }).thenThrows(DomainError, message);
  });

  it('removes a subtree with its documents', () => {
    spec
      .given(tree)
      .when({ type: 'RemoveNode', data: { nodeId: 1 } })
      .then([
        {
          type: 'StructureNodesRemoved',
          data: {
            nodeId: 1,
            removed: [
              { nodeId: 1, docId: 0, kind: 'folder' },
              { nodeId: 2, docId: 0, kind: 'folder' },
              { nodeId: 3, docId: 30, kind: 'api' },
              { nodeId: 4, docId: 40, kind: 'page' },
            ],
          },
        },
      ]);
    const after = fold(treeDecider, [
      ...tree,
      ...treeDecider.decide({ type: 'RemoveNode', data: { nodeId: 1 } }, fold(treeDecider, tree)),
    ]);
    expect(treeNodes(after).map((n) => n.nodeId)).toEqual([5]);
  });

  it('copies a subtree under new ids, the copy named as one and placed last', () => {
    const [event] = treeDecider.decide(
      { type: 'CopyNode', data: { nodeId: 1, newId: counter(100) } },
      fold(treeDecider, tree),
    );
    expect(event).toMatchObject({ type: 'StructureNodesCopied', data: { sourceNodeId: 1 } });
    const nodes = event!.type === 'StructureNodesCopied' ? event!.data.nodes : [];
    expect(nodes.map((n) => [n.nodeId, n.parentId, n.docId, n.sourceDocId, n.name])).toEqual([
      [100, 0, 0, 0, 'n1 - 副本'],
      [101, 100, 0, 0, 'n2'],
      [102, 101, 103, 30, 'n3'],
      [104, 100, 105, 40, 'n4'],
    ]);
    expect(nodes[0]!.sort).toBe(2);
  });

  it('keeps API templates out of the tree and tree calls out of templates', () => {
    const state = fold(treeDecider, tree);
    const [saved] = treeDecider.decide(
      { type: 'CopyNode', data: { nodeId: 3, asTemplate: true, newId: counter(200) } },
      state,
    );
    const withTemplate = fold(treeDecider, [...tree, saved!]);
    expect(treeNodes(withTemplate, true).map((n) => [n.nodeId, n.name, n.isTemplate])).toEqual([[200, 'n3', true]]);
    expect(treeNodes(withTemplate)).toHaveLength(5);
    spec
      .given([...tree, saved!])
      .when({ type: 'RemoveNode', data: { nodeId: 200 } })
      .thenThrows(DomainError, treeMessages.nodeNotFound);
    spec
      .given([...tree, saved!])
      .when({ type: 'MoveNodes', data: { moves: [move(200, 1)] } })
      .thenThrows(DomainError, treeMessages.nodeNotFound);
    spec
      .given(tree)
      .when({ type: 'CopyNode', data: { nodeId: 4, asTemplate: true, newId: counter(1) } })
      .thenThrows(DomainError, treeMessages.templateNotApi);
  });

  it('imports a whole tree into an empty project, parents first', () => {
    const source = treeNodes(fold(treeDecider, tree)).reverse();
    const [event] = treeDecider.decide(
      { type: 'ImportTree', data: { sourceProjectId: 7, nodes: source, newId: counter(1000) } },
      fold(treeDecider, []),
    );
    const copied = fold(treeDecider, [event!]);
    const byName = new Map(treeNodes(copied).map((n) => [n.name, n]));
    expect(byName.get('n3')!.parentId).toBe(byName.get('n2')!.nodeId);
    expect(byName.get('n2')!.parentId).toBe(byName.get('n1')!.nodeId);
    const data = event!.type === 'StructureNodesCopied' ? event!.data : undefined;
    const seen = new Set<number>([0]);
    for (const n of data!.nodes) {
      expect(seen.has(n.parentId)).toBe(true);
      seen.add(n.nodeId);
    }
  });

  it('stays fast on a 10,000-node tree: folding the stream and deciding on it', () => {
    const events: TreeEvent[] = [];
    for (let f = 1; f <= 200; f += 1) events.push(node(f, 0, 'folder', f));
    for (let i = 0; i < 9_800; i += 1) events.push(node(1_000 + i, 1 + (i % 200), 'api', i, 100_000 + i));
    const foldStart = performance.now();
    const state = fold(treeDecider, events);
    const foldMs = performance.now() - foldStart;
    expect(state.nodes.size).toBe(10_000);
    const decideStart = performance.now();
    treeDecider.decide(
      { type: 'AddNode', data: { nodeId: 99_999, parentId: 7, kind: 'api', name: 'x', docId: 1 } },
      state,
    );
    treeDecider.decide({ type: 'MoveNodes', data: { moves: [move(1_006, 9, 0), move(9, 8, 0)] } }, state);
    treeDecider.decide({ type: 'RemoveNode', data: { nodeId: 3 } }, state);
    const decideMs = performance.now() - decideStart;
    console.info(
      `10,000-node tree: fold ${foldMs.toFixed(1)} ms, add + move + remove decided in ${decideMs.toFixed(1)} ms`,
    );
    // Generous bounds for a shared CI core: a quadratic fold takes seconds.
    expect(foldMs).toBeLessThan(1_500);
    expect(decideMs).toBeLessThan(300);
  });
});

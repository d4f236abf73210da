import { conflict, type Decider, invalid } from '@pmbok/infra';
import { type AddImportedNodes, addImportedNodes } from './importNodes.js';
import { getNode, nodesOf } from './nodeMap.js';
import {
  assertNoCycle,
  checkKind,
  checkName,
  checkParent,
  existingNode,
  NAME_MAX,
  nextSort,
  SORT_MAX,
  subtreeOf,
  TREE_MAX,
  treeMessages,
} from './rules.js';
import {
  evolveTree,
  type FieldChange,
  initialTree,
  type NewNode,
  type Tree,
  type TreeEvent,
  type TreeNode,
} from './tree.js';

/** Fresh ids for copied nodes and documents, drawn while deciding (a retried decision draws new ones). */
type NewId = () => number;

export type AddNode = {
  type: 'AddNode';
  data: {
    nodeId: number;
    parentId: number;
    kind: string;
    name: string;
    docId: number;
    sourceNodeId?: number;
    sourceDocId?: number;
  };
};
export type RenameNode = { type: 'RenameNode'; data: { nodeId: number; name: string } };
export type MoveNodes = { type: 'MoveNodes'; data: { moves: { nodeId: number; parentId: number; sort: number }[] } };
export type RemoveNode = { type: 'RemoveNode'; data: { nodeId: number; template?: boolean } };
/** A node's subtree copied under `parentId` (next to it when absent), or an api node saved as a template. */
export type CopyNode = {
  type: 'CopyNode';
  data: { nodeId: number; parentId?: number; asTemplate?: boolean; name?: string; newId: NewId };
};
/** Another project's whole tree (templates included) copied into this empty one: createByTemplate, team templates. */
export type ImportTree = {
  type: 'ImportTree';
  data: { sourceProjectId: number; nodes: TreeNode[]; newId: NewId };
};

export type TreeCommand = AddNode | RenameNode | MoveNodes | RemoveNode | CopyNode | ImportTree | AddImportedNodes;

const COPY_SUFFIX = ' - 副本';
const copyName = (name: string) => [...name].slice(0, NAME_MAX - COPY_SUFFIX.length).join('') + COPY_SUFFIX;

function assertRoom(tree: Tree, adding: number) {
  if (tree.nodes.size + adding > TREE_MAX) throw conflict(treeMessages.tooManyNodes);
}

function addNode({ data }: AddNode, tree: Tree): TreeEvent[] {
  const kind = checkKind(data.kind);
  const name = checkName(data.name);
  checkParent(tree.nodes, data.parentId);
  assertRoom(tree, 1);
  if (getNode(tree.nodes, data.nodeId)) return [];
  const node: NewNode = {
    nodeId: data.nodeId,
    parentId: data.parentId,
    kind,
    name,
    sort: nextSort(tree.nodes, data.parentId),
    docId: kind === 'folder' ? 0 : data.docId,
    isTemplate: false,
    sourceNodeId: data.sourceNodeId ?? 0,
    sourceDocId: data.sourceDocId ?? 0,
  };
  return [{ type: 'StructureNodeAdded', data: node }];
}

function moveNodes({ data }: MoveNodes, tree: Tree): TreeEvent[] {
  const moves = Array.isArray(data.moves) ? data.moves : [];
  if (moves.length === 0) throw invalid(treeMessages.movesRequired);
  if (moves.length > TREE_MAX) throw invalid(treeMessages.movesTooMany);
  const newParents = new Map<number, number>();
  for (const move of moves) {
    existingNode(tree, move.nodeId);
    if (newParents.has(move.nodeId)) throw invalid(treeMessages.moveTwice);
    if (!Number.isInteger(move.sort) || move.sort < 0 || move.sort > SORT_MAX) throw invalid(treeMessages.sortInvalid);
    if (move.parentId === move.nodeId) throw invalid(treeMessages.moveIntoItself);
    checkParent(tree.nodes, move.parentId);
    newParents.set(move.nodeId, move.parentId);
  }
  assertNoCycle(tree.nodes, newParents);
  const changed = moves.flatMap(({ nodeId, parentId, sort }) => {
    const node = getNode(tree.nodes, nodeId)!;
    const changes: FieldChange[] = [];
    if (node.parentId !== parentId) changes.push({ field: 'parentId', before: node.parentId, after: parentId });
    if (node.sort !== sort) changes.push({ field: 'sort', before: node.sort, after: sort });
    return changes.length > 0 ? [{ nodeId, parentId, sort, changes }] : [];
  });
  return changed.length > 0 ? [{ type: 'StructureNodesMoved', data: { moves: changed } }] : [];
}

/** New ids for a subtree, parents before children, re-parented under `parentId`. */
function copies(subtree: TreeNode[], parentId: number, sort: number, newId: NewId, asTemplate: boolean): NewNode[] {
  const ids = new Map<number, number>();
  return subtree.map((node, index) => {
    const nodeId = newId();
    ids.set(node.nodeId, nodeId);
    const root = index === 0;
    return {
      ...node,
      nodeId,
      parentId: root ? parentId : (ids.get(node.parentId) ?? 0),
      sort: root ? sort : node.sort,
      docId: node.docId ? newId() : 0,
      isTemplate: asTemplate,
      sourceNodeId: node.nodeId,
      sourceDocId: node.docId,
    };
  });
}

function copyNode({ data }: CopyNode, tree: Tree): TreeEvent[] {
  const source = existingNode(tree, data.nodeId);
  if (data.asTemplate && source.kind !== 'api') throw invalid(treeMessages.templateNotApi);
  const parentId = data.asTemplate ? 0 : (data.parentId ?? source.parentId);
  if (!data.asTemplate) checkParent(tree.nodes, parentId);
  const subtree = data.asTemplate ? [source] : subtreeOf(tree.nodes, source);
  assertRoom(tree, subtree.length);
  const sort = data.asTemplate ? 0 : nextSort(tree.nodes, parentId);
  const nodes = copies(subtree, parentId, sort, data.newId, data.asTemplate ?? false);
  nodes[0]!.name = data.name ? checkName(data.name) : data.asTemplate ? source.name : copyName(source.name);
  return [{ type: 'StructureNodesCopied', data: { sourceProjectId: 0, sourceNodeId: source.nodeId, nodes } }];
}

function importTree({ data }: ImportTree, tree: Tree): TreeEvent[] {
  if (tree.nodes.size > 0 || data.nodes.length === 0) return [];
  assertRoom(tree, data.nodes.length);
  const ids = new Map(data.nodes.map((node) => [node.nodeId, data.newId()]));
  const nodes: NewNode[] = data.nodes.map((node) => ({
    ...node,
    nodeId: ids.get(node.nodeId)!,
    parentId: node.parentId ? (ids.get(node.parentId) ?? 0) : 0,
    docId: node.docId ? data.newId() : 0,
    sourceNodeId: node.nodeId,
    sourceDocId: node.docId,
  }));
  // Parents before children, as consumers of the event apply it in order.
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const depth = new Map<number, number>();
  const depthOf = (node: NewNode): number => {
    if (!node.parentId) return 0;
    const known = depth.get(node.nodeId);
    if (known !== undefined) return known;
    const parent = byId.get(node.parentId);
    const value = parent ? depthOf(parent) + 1 : 0;
    depth.set(node.nodeId, value);
    return value;
  };
  nodes.sort((a, b) => depthOf(a) - depthOf(b));
  return [{ type: 'StructureNodesCopied', data: { sourceProjectId: data.sourceProjectId, sourceNodeId: 0, nodes } }];
}

export function decideTree(command: TreeCommand, tree: Tree): TreeEvent[] {
  switch (command.type) {
    case 'AddNode':
      return addNode(command, tree);
    case 'RenameNode': {
      const node = existingNode(tree, command.data.nodeId);
      const name = checkName(command.data.name);
      if (name === node.name) return [];
      const changes = [{ field: 'name', before: node.name, after: name }];
      return [{ type: 'StructureNodeRenamed', data: { nodeId: node.nodeId, docId: node.docId, name, changes } }];
    }
    case 'MoveNodes':
      return moveNodes(command, tree);
    case 'RemoveNode': {
      const node = existingNode(tree, command.data.nodeId, command.data.template ?? false);
      const removed = subtreeOf(tree.nodes, node).map(({ nodeId, docId, kind }) => ({ nodeId, docId, kind }));
      return [{ type: 'StructureNodesRemoved', data: { nodeId: node.nodeId, removed } }];
    }
    case 'CopyNode':
      return copyNode(command, tree);
    case 'ImportTree':
      return importTree(command, tree);
    case 'AddImportedNodes':
      return addImportedNodes(command, tree);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${(unknown as { type: string }).type}`);
    }
  }
}

/** The visible nodes (templates apart), for callers that read the folded tree. */
export const treeNodes = (tree: Tree, templates = false): TreeNode[] =>
  [...nodesOf(tree.nodes)].filter((node) => node.isTemplate === templates);

export const treeDecider: Decider<Tree, TreeCommand, TreeEvent> = {
  decide: decideTree,
  evolve: evolveTree,
  initialState: initialTree,
};

import { type DomainEvent, type PublishedEvent, streamId } from '@pmbok/infra';
import type { ProjectEvents, PublishedNode } from '@pmbok/project-service/events';
import { changeNodes, emptyNodeMap, getNode, type NodeMap } from './nodeMap.js';

export type NodeKind = 'folder' | 'api' | 'page' | 'schema';

/** A field a change touched, with its value before and after (history and versions read these). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface TreeNode {
  nodeId: number;
  /** 0 for the root. */
  parentId: number;
  kind: NodeKind;
  name: string;
  sort: number;
  /** The document of an api, page or schema node; 0 for a folder. */
  docId: number;
  /** An API template: kept in the tree's stream, never shown in the tree (listed by projectTemplateApi). */
  isTemplate: boolean;
}

/** A node as it was created or copied, with the node and document it was copied from (0 when new). */
export type NewNode = TreeNode & { sourceNodeId: number; sourceDocId: number };

// What other services read is declared in the published contract (src/published.d.ts); the rest stays inside.
type Published<K extends keyof ProjectEvents> = PublishedEvent<ProjectEvents, K>;
export type StructureNodeAdded = Published<'StructureNodeAdded'> & { data: NewNode };
export type StructureNodeRenamed = Published<'StructureNodeRenamed'>;
/** A drop: every node's new place, with what changed; applied together or not at all. */
export type StructureNodesMoved = DomainEvent<
  'StructureNodesMoved',
  { moves: { nodeId: number; parentId: number; sort: number; changes: FieldChange[] }[] }
>;
/** A node and its subtree removed; the documents of those nodes are deleted with them. */
export type StructureNodesRemoved = Published<'StructureNodesRemoved'> & {
  data: { removed: { nodeId: number; docId: number; kind: NodeKind }[] };
};
/**
 * A subtree copied (a node's copy, a template saved from a node, or a whole project's tree copied from another
 * project: `sourceProjectId`), parents before children. The documents are copied in their own streams.
 */
export type StructureNodesCopied = DomainEvent<
  'StructureNodesCopied',
  Omit<Published<'StructureNodesCopied'>['data'], 'nodes'> & {
    sourceNodeId: number;
    nodes: (NewNode & PublishedNode)[];
  }
>;

export type TreeEvent =
  | StructureNodeAdded
  | StructureNodeRenamed
  | StructureNodesMoved
  | StructureNodesRemoved
  | StructureNodesCopied;

export interface Tree {
  nodes: NodeMap<TreeNode>;
}

export const initialTree = (): Tree => ({ nodes: emptyNodeMap() });
/** One stream per project tree: `projectTree-<projectId>`. */
export const treeStreamId = (projectId: number) => streamId('projectTree', projectId);

const plain = ({ sourceNodeId: _n, sourceDocId: _d, ...node }: NewNode): TreeNode => node;

export function evolveTree(state: Tree, event: TreeEvent): Tree {
  switch (event.type) {
    case 'StructureNodeAdded':
      return { nodes: changeNodes(state.nodes, [[event.data.nodeId, plain(event.data)]]) };
    case 'StructureNodesCopied':
      return {
        nodes: changeNodes(
          state.nodes,
          event.data.nodes.map((node) => [node.nodeId, plain(node)]),
        ),
      };
    case 'StructureNodeRenamed': {
      const node = getNode(state.nodes, event.data.nodeId);
      return node ? { nodes: changeNodes(state.nodes, [[node.nodeId, { ...node, name: event.data.name }]]) } : state;
    }
    case 'StructureNodesMoved': {
      const moved: [number, TreeNode][] = [];
      for (const { nodeId, parentId, sort } of event.data.moves) {
        const node = getNode(state.nodes, nodeId);
        if (node) moved.push([nodeId, { ...node, parentId, sort }]);
      }
      return { nodes: changeNodes(state.nodes, moved) };
    }
    case 'StructureNodesRemoved':
      return {
        nodes: changeNodes(
          state.nodes,
          [],
          event.data.removed.map((node) => node.nodeId),
        ),
      };
  }
}

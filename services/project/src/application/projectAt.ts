import type { EventStore, ReadStore, RecordedEvent } from '@pmbok/infra';
import type { Content } from '../domain/doc/content.js';
import { type DocEvent, docStreamId, type ExistingDoc, evolveDoc, initialDoc } from '../domain/doc/doc.js';
import { nodesOf } from '../domain/tree/nodeMap.js';
import {
  evolveTree,
  initialTree,
  type Tree,
  type TreeEvent,
  type TreeNode,
  treeStreamId,
} from '../domain/tree/tree.js';
import { projectDocs } from '../projections/docs/index.js';
import { docsSavedBetween } from '../projections/versions/index.js';
import { createTreeReads, type NodeView } from './treeReads.js';

/** The project as it is now, for a point that is not a version's: every event of the log so far. */
export const NOW = Number.POSITIVE_INFINITY;

/** A node of the tree at a point, with its document's content then (folders and missing documents have none). */
export interface NodeAt extends TreeNode {
  content?: Content;
  doc?: ExistingDoc;
}

/** A fold of a project's tree stream: every tree event up to `upTo` (a log position) applied. */
interface Snapshot {
  upTo: number;
  /** The stream version of the last event applied (0: none). */
  version: number;
  /** Position of the last event applied, so a later point folds on from here. */
  lastPosition: number;
  tree: Tree;
}

/** Per project, snapshots kept (a version's point, the stream's end); trees share their untouched buckets. */
const SNAPSHOTS_PER_PROJECT = 8;
const PROJECTS_KEPT = 64;
/** Documents at past points remembered (the oldest read go first). */
const DOCS_KEPT = 200;

/**
 * The tree and documents of a project as they were at a point of the log (a version's position), for versions,
 * comparisons, exports of a version and share links fixed to one. A version is immutable, so a tree folded for
 * it is remembered; the stream's end is remembered too and only the events appended since are read next time.
 */
export function createProjectAt(runtime: { eventStore: EventStore; readStore: ReadStore }) {
  const { eventStore, readStore } = runtime;
  const reads = createTreeReads(readStore);
  const snapshots = new Map<number, Snapshot[]>();

  function remember(projectId: number, snapshot: Snapshot) {
    const kept = (snapshots.get(projectId) ?? []).filter((s) => s.upTo !== snapshot.upTo);
    kept.push(snapshot);
    kept.sort((a, b) => a.upTo - b.upTo);
    // The stream's end (upTo NOW) sorts last and stays; the oldest version points go first.
    while (kept.length > SNAPSHOTS_PER_PROJECT) kept.splice(0, 1);
    snapshots.delete(projectId);
    snapshots.set(projectId, kept);
    if (snapshots.size > PROJECTS_KEPT) snapshots.delete(snapshots.keys().next().value as number);
  }

  /** The tree at `position` (NOW: the stream's end); templates included, as the stream holds them. */
  async function treeAt(projectId: number, position: number): Promise<Tree> {
    const kept = snapshots.get(projectId) ?? [];
    const exact = kept.find((s) => s.upTo === position && position !== NOW);
    if (exact) return exact.tree;
    // A snapshot holds every tree event up to its last one, so one whose last event is not after `position` is
    // a base to fold on from; the furthest such.
    const base = kept
      .filter((s) => s.lastPosition <= position)
      .reduce<Snapshot | undefined>((best, s) => (!best || s.version > best.version ? s : best), undefined);
    const start: Snapshot = base ?? { upTo: 0, version: 0, lastPosition: 0, tree: initialTree() };
    const events = await eventStore.readStream(treeStreamId(projectId), start.version + 1);
    let { tree, version, lastPosition } = start;
    let atPosition: Snapshot | undefined;
    for (const event of events) {
      if (!atPosition && event.metadata.globalPosition > position) {
        atPosition = { upTo: position, version, lastPosition, tree };
      }
      tree = evolveTree(tree, event as unknown as TreeEvent);
      version = event.metadata.version;
      lastPosition = event.metadata.globalPosition;
    }
    const end: Snapshot = { upTo: NOW, version, lastPosition, tree };
    atPosition ??= { ...end, upTo: position };
    remember(projectId, end);
    if (position !== NOW) remember(projectId, atPosition);
    return atPosition.tree;
  }

  /** Documents at a past point, which never change: share links fixed to a version read the same ones again. */
  const docsThen = new Map<string, ExistingDoc | null>();

  /** A document as it was at `position`, or null when it did not exist then (or was deleted). */
  async function docAt(docId: number, position: number): Promise<ExistingDoc | null> {
    if (!(Number.isSafeInteger(docId) && docId > 0)) return null;
    const key = `${docId}@${position}`;
    const known = docsThen.get(key);
    if (known !== undefined) return known;
    // Only a point the log has passed is settled: nothing can be appended at or before it any more.
    const settled = position !== NOW && position <= (await eventStore.head());
    const events: RecordedEvent[] = await eventStore.readStream(docStreamId(docId));
    let doc = initialDoc();
    for (const event of events) {
      if (event.metadata.globalPosition > position) break;
      doc = evolveDoc(doc, event as unknown as DocEvent);
    }
    const found = doc.status === 'active' ? doc : null;
    if (settled) {
      docsThen.set(key, found);
      if (docsThen.size > DOCS_KEPT) docsThen.delete(docsThen.keys().next().value as string);
    }
    return found;
  }

  /**
   * Documents of a project at `position`: one not saved since and still there is read from the read model (its
   * content is the same), the others from their streams, so a recent version reads few streams.
   */
  async function docsAt(projectId: number, position: number, docIds: Iterable<number>) {
    const savedSince =
      position === NOW ? new Set<number>() : await docsSavedBetween(readStore, projectId, position, NOW);
    const found = new Map<number, ExistingDoc>();
    for (const docId of docIds) {
      if (!docId) continue;
      const current = savedSince.has(docId) ? null : await projectDocs(readStore).findOne({ _id: String(docId) });
      const doc = current ? stripped(current) : await docAt(docId, position);
      if (doc) found.set(docId, doc);
    }
    return found;
  }

  /** The visible tree (templates apart) at `position`, each document with its content then. */
  async function projectAt(projectId: number, position: number): Promise<NodeAt[]> {
    const nodes = visibleNodes(await treeAt(projectId, position));
    const docs = await docsAt(
      projectId,
      position,
      nodes.map((node) => node.docId),
    );
    return nodes.map((node) => {
      const doc = docs.get(node.docId);
      return doc ? { ...node, content: doc.content, doc } : node;
    });
  }

  /**
   * The tree at `position` as the tree call answers it. An api node shows its document's method, path and status:
   * from the live tree when its document was not saved since (it is the same), else from the document then.
   */
  async function structureAt(projectId: number, position: number): Promise<NodeView[]> {
    const nodes = visibleNodes(await treeAt(projectId, position));
    const [savedSince, live] = await Promise.all([
      docsSavedBetween(readStore, projectId, position, NOW),
      reads.treeOf(projectId),
    ]);
    const liveNodes = new Map(live.nodes.map((node) => [node.projectStructureId, node]));
    const same = (node: TreeNode) => {
      const now = liveNodes.get(node.nodeId);
      return now && now.projectDocId === node.docId && !savedSince.has(node.docId) ? now : undefined;
    };
    const older = await docsAt(
      projectId,
      position,
      nodes.filter((node) => node.kind !== 'folder' && !same(node)).map((node) => node.docId),
    );
    return nodes.map((node) => {
      const now = same(node);
      const doc = older.get(node.docId);
      const api = node.kind === 'api' ? doc?.content : undefined;
      return {
        projectStructureId: node.nodeId,
        parentId: node.parentId,
        kind: node.kind,
        name: node.name,
        sort: node.sort,
        projectDocId: node.docId,
        method: now ? now.method : String(api?.method ?? ''),
        path: now ? now.path : String(api?.path ?? ''),
        status: now ? now.status : String(api?.status ?? ''),
        isTemplate: false,
        updatedAt: now ? now.updatedAt : (doc?.updatedAt ?? 0),
      };
    });
  }

  return { treeAt, docAt, docsAt, projectAt, structureAt };
}

export type ProjectAt = ReturnType<typeof createProjectAt>;

/** The read model's document as the aggregate's state (without the read store's own fields). */
function stripped(doc: ExistingDoc & { _id?: string; _position?: number }): ExistingDoc {
  const { _id, _position, ...state } = doc;
  return state;
}

/** What readers of a tree at a point need, worked out once per tree (a version's tree never changes). */
export interface TreeIndex {
  /** The nodes a reader sees: templates apart, siblings by sort. */
  nodes: readonly TreeNode[];
  byId: ReadonlyMap<number, TreeNode>;
  /** Folder names from the root down to a node's parent. */
  folderPath(nodeId: number): string[];
  /** The same as one string, to compare two trees' paths without joining them each time. */
  folderKey(nodeId: number): string;
}

const indexes = new WeakMap<Tree, TreeIndex>();

export function treeIndex(tree: Tree): TreeIndex {
  const known = indexes.get(tree);
  if (known) return known;
  const nodes = [...nodesOf(tree.nodes)].filter((node) => !node.isTemplate);
  nodes.sort((a, b) => a.sort - b.sort || a.nodeId - b.nodeId);
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  // Each folder's own path (its ancestors' names and its name), worked out once and shared by what is under it.
  const paths = new Map<number, string[]>([[0, []]]);
  const pathTo = (folderId: number): string[] => {
    const known = paths.get(folderId);
    if (known) return known;
    const chain: TreeNode[] = [];
    let at = byId.get(folderId);
    while (at && !paths.has(at.nodeId) && chain.length <= byId.size) {
      chain.push(at);
      at = byId.get(at.parentId);
    }
    let path = at ? (paths.get(at.nodeId) ?? []) : [];
    for (const folder of chain.reverse()) {
      path = [...path, folder.name];
      paths.set(folder.nodeId, path);
    }
    return paths.get(folderId) ?? [];
  };
  const keys = new Map<number, string>();
  const folderPath = (nodeId: number) => {
    const node = byId.get(nodeId);
    return node ? pathTo(node.parentId) : [];
  };
  const index: TreeIndex = {
    nodes,
    byId,
    folderPath,
    folderKey: (nodeId) => {
      const parentId = byId.get(nodeId)?.parentId ?? 0;
      let key = keys.get(parentId);
      if (key === undefined) {
        key = folderPath(nodeId).join('\u0000');
        keys.set(parentId, key);
      }
      return key;
    },
  };
  indexes.set(tree, index);
  return index;
}

/** The nodes of a tree a reader sees: templates apart, siblings by sort. */
export const visibleNodes = (tree: Tree): TreeNode[] => [...treeIndex(tree).nodes];

/** One instance per store, shared by the calls, the reactions and the other publishing use cases. */
const shared = new WeakMap<EventStore, ProjectAt>();
export function projectAtOf(runtime: { eventStore: EventStore; readStore: ReadStore }): ProjectAt {
  let found = shared.get(runtime.eventStore);
  if (!found) {
    found = createProjectAt(runtime);
    shared.set(runtime.eventStore, found);
  }
  return found;
}

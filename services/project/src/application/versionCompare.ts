import type { Caller, ReadStore } from '@pmbok/infra';
import { diffDocs, type FieldDiff } from '../domain/diff/index.js';
import type { Content } from '../domain/doc/content.js';
import type { NodeKind, TreeNode } from '../domain/tree/tree.js';
import { docsSavedBetween } from '../projections/versions/index.js';
import type { ProjectContext } from './context.js';
import { NOW, type ProjectAt, type TreeIndex, treeIndex } from './projectAt.js';
import type { VersionUseCases } from './versions.js';

type DocKind = Exclude<NodeKind, 'folder'>;

/** One document that differs between two points (`DocDiff` of gateway/src/schemas/publishing.ts). */
export interface DocDiffView {
  projectStructureId: number;
  projectDocId: number;
  kind: DocKind;
  name: string;
  folderPath: string[];
  method: string;
  path: string;
  change: 'added' | 'removed' | 'changed';
  breaking: boolean;
  fields: FieldDiff[];
}

export interface VersionDiffView {
  summary: { added: number; removed: number; changed: number; breaking: number };
  docs: DocDiffView[];
}

const CHANGE_ORDER = { removed: 0, changed: 1, added: 2 } as const;

/** The tree's own changes of a document's node: its name and its folder. */
function nodeFields(before: TreeNode, after: TreeNode, trees: [TreeIndex, TreeIndex]): FieldDiff[] {
  const fields: FieldDiff[] = [];
  if (before.name !== after.name) {
    const message = `名称由 ${before.name} 改为 ${after.name}`;
    fields.push({ path: 'name', change: 'changed', before: before.name, after: after.name, breaking: false, message });
  }
  if (trees[0].folderKey(before.nodeId) !== trees[1].folderKey(after.nodeId)) {
    const [from, to] = [trees[0].folderPath(before.nodeId), trees[1].folderPath(after.nodeId)];
    const message = `从目录 ${from.join('/') || '根目录'} 移到 ${to.join('/') || '根目录'}`;
    fields.push({ path: 'folder', change: 'changed', before: from, after: to, breaking: false, message });
  }
  return fields;
}

/**
 * Two points of a project's log compared document by document. Only documents whose node is new, gone, renamed,
 * moved, re-created or saved between the points are read (the save log names the saved ones), so comparing a
 * 5,000-document project with a few changes reads a few documents.
 */
export async function comparePoints(
  at: ProjectAt,
  readStore: ReadStore,
  projectId: number,
  from: number,
  to: number,
): Promise<VersionDiffView> {
  const [beforeTree, afterTree] = await Promise.all([at.treeAt(projectId, from), at.treeAt(projectId, to)]);
  const beforeIndex = treeIndex(beforeTree);
  const afterIndex = treeIndex(afterTree);
  const before = beforeIndex.byId;
  const after = afterIndex.byId;
  const saved = await docsSavedBetween(readStore, projectId, Math.min(from, to), Math.max(from, to));

  const found: { node: TreeNode; change: DocDiffView['change']; old?: TreeNode; nodeFields: FieldDiff[] }[] = [];
  for (const node of after.values()) {
    if (node.kind === 'folder') continue;
    const old = before.get(node.nodeId);
    if (!old || old.kind !== node.kind) {
      found.push({ node, change: 'added', nodeFields: [] });
      continue;
    }
    const fields = nodeFields(old, node, [beforeIndex, afterIndex]);
    if (old.docId !== node.docId || saved.has(node.docId) || fields.length > 0) {
      found.push({ node, old, change: 'changed', nodeFields: fields });
    }
  }
  for (const node of before.values()) {
    const now = after.get(node.nodeId);
    if (node.kind !== 'folder' && (!now || now.kind !== node.kind))
      found.push({ node, change: 'removed', nodeFields: [] });
  }

  const beforeIds = found.flatMap((f) => (f.change === 'added' ? [] : [(f.old ?? f.node).docId]));
  const afterIds = found.flatMap((f) => (f.change === 'removed' ? [] : [f.node.docId]));
  const [beforeDocs, afterDocs] = await Promise.all([
    at.docsAt(projectId, from, beforeIds),
    at.docsAt(projectId, to, afterIds),
  ]);

  const docs: DocDiffView[] = [];
  for (const { node, old, change, nodeFields: treeFields } of found) {
    const kind = node.kind as DocKind;
    const beforeContent: Content | undefined =
      change === 'added' ? undefined : beforeDocs.get((old ?? node).docId)?.content;
    const afterContent: Content | undefined = change === 'removed' ? undefined : afterDocs.get(node.docId)?.content;
    const fields = [...treeFields, ...diffDocs(kind, beforeContent, afterContent)];
    if (change === 'changed' && fields.length === 0) continue;
    const shown = afterContent ?? beforeContent;
    docs.push({
      projectStructureId: node.nodeId,
      projectDocId: node.docId,
      kind,
      name: node.name,
      folderPath: (change === 'removed' ? beforeIndex : afterIndex).folderPath(node.nodeId),
      method: kind === 'api' ? String(shown?.method ?? '') : '',
      path: kind === 'api' ? String(shown?.path ?? '') : '',
      change,
      // An api that goes away breaks its clients as surely as a field that does.
      breaking: (change === 'removed' && kind === 'api') || fields.some((field) => field.breaking),
      fields,
    });
  }
  docs.sort(
    (a, b) =>
      CHANGE_ORDER[a.change] - CHANGE_ORDER[b.change] ||
      a.folderPath.join('/').localeCompare(b.folderPath.join('/')) ||
      a.name.localeCompare(b.name),
  );
  const count = (change: DocDiffView['change']) => docs.filter((doc) => doc.change === change).length;
  return {
    summary: {
      added: count('added'),
      removed: count('removed'),
      changed: count('changed'),
      breaking: docs.filter((doc) => doc.breaking).length,
    },
    docs,
  };
}

/** `project/compareVersions`: a version with another, or with now (`toVersionId` 0). */
export function createCompare(context: ProjectContext, versions: VersionUseCases, at: ProjectAt) {
  return async (projectId: number, fromVersionId: number, toVersionId: number, caller: Pick<Caller, 'userId'>) => {
    await context.readable(projectId, caller);
    const from = await versions.versionOf(projectId, fromVersionId);
    const to = toVersionId ? (await versions.versionOf(projectId, toVersionId)).position : NOW;
    return comparePoints(at, context.readStore, projectId, from.position, to);
  };
}

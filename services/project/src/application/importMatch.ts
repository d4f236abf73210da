import { createHash } from 'node:crypto';
import { type Content, changesOf, checkContent, type Json } from '../domain/doc/content.js';
import type { NodeKind } from '../domain/tree/tree.js';
import type { ImportPlan, InterchangeProblem, PlannedNode } from '../interchange/model.js';

/** A node of the target project as the match reads it, with its document (content and version) when it has one. */
export interface ExistingNode {
  nodeId: number;
  parentId: number;
  kind: NodeKind;
  name: string;
  docId: number;
  method: string;
  path: string;
  content?: Content;
  version?: number;
}

export type ImportAction = 'add' | 'change' | 'keep';

/** One row of the preview (`ImportItem` of gateway/src/schemas/publishing.ts). */
export interface MatchedItem {
  kind: NodeKind;
  name: string;
  folderPath: string[];
  method: string;
  path: string;
  action: ImportAction;
  projectStructureId: number;
  changedFields: string[];
}

/** What an apply writes: folders and documents to add (parents by folder key), documents to save. */
export interface ImportWrites {
  folders: { key: string; parentKey: string; name: string }[];
  docs: { kind: Exclude<NodeKind, 'folder'>; name: string; parentKey: string; content: Content }[];
  saves: { nodeId: number; docId: number; baseVersion: number; content: Content; name: string }[];
}

export interface ImportMatch {
  items: MatchedItem[];
  counts: Record<ImportAction, number>;
  problems: InterchangeProblem[];
  writes: ImportWrites;
}

/** The key of a folder path ('' is the root); the separator cannot occur in a name. */
export const folderKey = (path: readonly string[]) => path.join('\u0000');
const normalPath = (path: string) => path.replace(/\{[^}]*\}/g, '{}').replace(/(.)\/+$/, '$1');
/** An api's identity: its method and path (path parameters named anyhow: /pets/{id} is /pets/{petId}). */
export const apiKey = (method: string, path: string) => `${method.toUpperCase()} ${normalPath(path)}`;

/** Hash of a plan: `project/import` refuses a source that parses differently from what was previewed. */
export const planHashOf = (plan: ImportPlan) => createHash('sha256').update(JSON.stringify(plan)).digest('hex');

const label = (node: Pick<PlannedNode, 'folderPath' | 'name'>) => [...node.folderPath, node.name].join('/');

/**
 * The content a change writes: the source's, keeping what a source does not carry when it leaves it out (the
 * api's owner and status, `extra` keys it does not name), so re-importing a description does not wipe them.
 */
function merged(kind: NodeKind, existing: Content, planned: Content, raw: Record<string, unknown>): Content {
  if (kind !== 'api') return planned;
  const result: Content = { ...planned };
  if (!raw.ownerId) result.ownerId = existing.ownerId ?? 0;
  if (raw.status === undefined) result.status = existing.status ?? planned.status ?? 'designing';
  const extra = (value: Json | undefined) => (value && typeof value === 'object' && !Array.isArray(value) ? value : {});
  result.extra = { ...extra(existing.extra), ...extra(planned.extra) };
  return result;
}

/**
 * Matches a plan against a project (docs/api/publishing.md): an api by method and path, a schema by name, a page
 * and a folder by folder path and name. Documents that fail the content check are left out with a problem each;
 * nothing is ever deleted. Pure: the caller reads the project and writes `writes`.
 */
export function matchImport(plan: ImportPlan, existing: readonly ExistingNode[]): ImportMatch {
  const problems: InterchangeProblem[] = [...plan.problems];
  const byId = new Map(existing.map((node) => [node.nodeId, node]));
  const pathOf = (node: ExistingNode) => {
    const path: string[] = [];
    const seen = new Set<number>();
    for (let p = byId.get(node.parentId); p && !seen.has(p.nodeId); p = byId.get(p.parentId)) {
      seen.add(p.nodeId);
      path.unshift(p.name);
    }
    return path;
  };
  const folders = new Map<string, number>();
  const apis = new Map<string, ExistingNode[]>();
  const schemas = new Map<string, ExistingNode>();
  const pages = new Map<string, ExistingNode>();
  for (const node of existing) {
    const key = folderKey([...pathOf(node), node.name]);
    if (node.kind === 'folder' && !folders.has(key)) folders.set(key, node.nodeId);
    else if (node.kind === 'api') {
      const list = apis.get(apiKey(node.method, node.path));
      if (list) list.push(node);
      else apis.set(apiKey(node.method, node.path), [node]);
    } else if (node.kind === 'schema' && !schemas.has(node.name)) schemas.set(node.name, node);
    else if (node.kind === 'page' && !pages.has(key)) pages.set(key, node);
  }
  const models = new Set([
    ...schemas.keys(),
    ...plan.nodes.filter((node) => node.kind === 'schema').map((node) => node.name),
  ]);
  const scripts = new Map(plan.scripts.map((s) => [folderKey([...s.folderPath, s.name]), s]));

  const items: MatchedItem[] = [];
  const writes: ImportWrites = { folders: [], docs: [], saves: [] };
  const listed = new Set<string>();
  const item = (node: Pick<PlannedNode, 'kind' | 'name' | 'folderPath'>, rest: Partial<MatchedItem>) =>
    items.push({
      kind: node.kind,
      name: node.name,
      folderPath: node.folderPath,
      method: '',
      path: '',
      action: 'add',
      projectStructureId: 0,
      changedFields: [],
      ...rest,
    });

  /**
   * Every folder of a path, listed once each: kept when it exists, else created (or, for a document matched
   * elsewhere in the tree, `existingOnly`, not created: nothing would go in it).
   */
  function ensureFolders(path: readonly string[], existingOnly = false) {
    for (let depth = 1; depth <= path.length; depth++) {
      const key = folderKey(path.slice(0, depth));
      const found = folders.get(key);
      if (listed.has(key) || (existingOnly && !found)) continue;
      listed.add(key);
      const node = { kind: 'folder' as const, name: path[depth - 1]!, folderPath: path.slice(0, depth - 1) };
      if (found) item(node, { action: 'keep', projectStructureId: found });
      else {
        item(node, { action: 'add' });
        writes.folders.push({ key, parentKey: folderKey(node.folderPath), name: node.name });
      }
    }
  }

  const seen = new Set<string>();
  const taken = new Set<number>();
  for (const node of plan.nodes) {
    if (node.kind === 'folder') {
      ensureFolders([...node.folderPath, node.name]);
      continue;
    }
    const raw = (node.content ?? {}) as Record<string, unknown>;
    let content: Content;
    try {
      content = checkContent(node.kind, raw, models);
    } catch (error) {
      problems.push({ where: label(node), message: `未导入：${(error as Error).message}` });
      continue;
    }
    if (node.kind === 'api') {
      const script = scripts.get(folderKey([...node.folderPath, node.name]));
      if (script) {
        const extra = (content.extra ?? {}) as Record<string, Json>;
        content.extra = { ...extra, postmanScripts: { prerequest: script.prerequest, test: script.test } };
      }
    }
    const method = node.kind === 'api' ? String(content.method) : '';
    const path = node.kind === 'api' ? String(content.path) : '';
    // A source may hold several requests of one api (a collection's scenarios): each takes an existing node of
    // that method and path not taken yet, the one of its own folder and name first, else it is added.
    const identity =
      node.kind === 'schema' ? `schema ${node.name}` : `page ${folderKey([...node.folderPath, node.name])}`;
    if (node.kind !== 'api' && seen.has(identity)) {
      problems.push({ where: label(node), message: '与前面的数据模型或同一目录下的同名文档重复，只导入第一个' });
      continue;
    }
    seen.add(identity);
    const own = folderKey([...node.folderPath, node.name]);
    const free = (apis.get(apiKey(method, path)) ?? []).filter((candidate) => !taken.has(candidate.nodeId));
    const match =
      node.kind === 'api'
        ? (free.find((candidate) => folderKey([...pathOf(candidate), candidate.name]) === own) ?? free[0])
        : node.kind === 'schema'
          ? schemas.get(node.name)
          : pages.get(own);
    if (match) taken.add(match.nodeId);
    if (!match?.content) {
      ensureFolders(node.folderPath);
      item(node, { method, path, action: 'add' });
      writes.docs.push({ kind: node.kind, name: node.name, parentKey: folderKey(node.folderPath), content });
      continue;
    }
    ensureFolders(node.folderPath, true);
    const next = merged(node.kind, match.content, content, raw);
    const changedFields = changesOf(match.content, next).map((change) => change.field);
    const action: ImportAction = changedFields.length > 0 ? 'change' : 'keep';
    item(
      { kind: node.kind, name: match.name, folderPath: pathOf(match) },
      { method, path, action, projectStructureId: match.nodeId, changedFields },
    );
    if (action === 'change') {
      writes.saves.push({
        nodeId: match.nodeId,
        docId: match.docId,
        baseVersion: match.version ?? 1,
        content: next,
        name: match.name,
      });
    }
  }
  const counts = { add: 0, change: 0, keep: 0 };
  for (const row of items) counts[row.action]++;
  return { items, counts, problems, writes };
}

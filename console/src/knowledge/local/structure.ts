import type {
  DocDetail,
  DocSaved,
  SaveConflict,
  SearchHits,
  StructureCreated,
  StructureNode,
  StructureTree,
} from '@pmbok/api-types';
import type { Body } from '../../api/request';
import { ApiError } from '../../api/request';
import { parseContent } from './content';
import { type DocContent, docDetail, LOCAL_USER, newContent, searchHit } from './docs';
import * as rules from './rules';
import type { LocalDoc, LocalNode } from './store';
import { type LocalContext, nodesIn, projectIn, type Tx, touch, transact } from './transact';
import { applyDrop, nextSort, requireParent, structureNode, subtree } from './tree';

/** The tree and document calls of docs/api/knowledge.md, answered from the local store. */

const COPY_SUFFIX = ' - 副本';

type NewNode = Omit<LocalNode, 'projectStructureId' | 'projectDocId'>;

/** Adds a node and its document (folders have none); ids come from the stores' key generators. */
async function addNode(tx: Tx, node: NewNode, content: DocContent | null, now: number): Promise<LocalNode> {
  const nodes = tx.objectStore('nodes');
  const projectStructureId = await nodes.add({ ...node, projectDocId: 0 } as LocalNode);
  let projectDocId = 0;
  if (content) {
    const doc = { projectId: node.projectId, projectStructureId, kind: node.kind, version: 1, ...content };
    projectDocId = await tx.objectStore('docs').add({ ...doc, createdAt: now, updatedAt: now } as LocalDoc);
  }
  const saved = { ...node, projectStructureId, projectDocId };
  await nodes.put(saved);
  return saved;
}

const contentOf = (doc: LocalDoc | undefined): DocContent | null =>
  doc ? structuredClone({ api: doc.api, page: doc.page, schema: doc.schema }) : null;

function nodeIn(nodes: Map<number, LocalNode>, projectStructureId: number, template = false): LocalNode {
  const node = nodes.get(projectStructureId);
  if (!node || node.isTemplate !== template) return rules.refuse(template ? '该接口模板不存在' : rules.NODE_NOT_FOUND);
  return node;
}

const limitNodes = (nodes: Map<number, LocalNode>, adding: number) => {
  if (nodes.size + adding > rules.MAX_NODES) rules.refuse(`一个项目最多 ${rules.MAX_NODES} 个节点`);
};

const nodeName = (value: string) => rules.name(value, '名称', 100);

/** Copies nodes (parents first) under `parentId`, the first one renamed; answers the new root. */
async function copyNodes(tx: Tx, source: LocalNode[], parentId: number, sort: number, name: string, now: number) {
  const docs = tx.objectStore('docs');
  const ids = new Map<number, number>();
  let root: LocalNode | undefined;
  for (const [index, node] of source.entries()) {
    const { projectStructureId: oldId, projectDocId: _doc, ...rest } = node;
    const place = index === 0 ? { parentId, sort, name } : { parentId: ids.get(node.parentId) ?? parentId };
    const content = node.projectDocId ? contentOf(await docs.get(node.projectDocId)) : null;
    const copy = await addNode(tx, { ...rest, ...place, isTemplate: false, updatedAt: now }, content, now);
    ids.set(oldId, copy.projectStructureId);
    root ??= copy;
  }
  return root as LocalNode;
}

const created = (node: LocalNode): StructureCreated => ({
  projectStructureId: node.projectStructureId,
  projectDocId: node.projectDocId,
});

export const structureCalls = {
  projectStructure: (ctx: LocalContext, body: Body) =>
    transact(ctx, async (tx): Promise<StructureTree> => {
      const projectId = rules.id(body, 'projectId');
      await projectIn(tx, projectId);
      const nodes = [...(await nodesIn(tx, projectId)).values()].filter((node) => !node.isTemplate);
      const docs = new Map(
        (await tx.objectStore('docs').index('byProject').getAll(projectId)).map((d) => [d.projectDocId, d]),
      );
      return { nodes: nodes.map((node) => structureNode(node, docs.get(node.projectDocId))) };
    }),

  addStructure: (ctx: LocalContext, body: Body) =>
    transact(ctx, async (tx): Promise<StructureCreated> => {
      const projectId = rules.id(body, 'projectId');
      const parentId = rules.optionalId(body, 'parentId');
      const kind = rules.oneOf(rules.text(body, 'kind'), rules.NODE_KINDS, '节点类型只能是目录、接口、文档或数据模型');
      const name = nodeName(rules.text(body, 'name'));
      const templateId = rules.optionalId(body, 'templateId');
      const project = await projectIn(tx, projectId);
      const nodes = await nodesIn(tx, projectId);
      requireParent(nodes, parentId);
      limitNodes(nodes, 1);
      let content = kind === 'folder' ? null : newContent(kind, rules.text(body, 'method'), rules.text(body, 'path'));
      if (templateId) {
        const template = nodeIn(nodes, templateId, true);
        if (kind !== 'api') rules.refuse('只有接口可以使用接口模板');
        content = contentOf(await tx.objectStore('docs').get(template.projectDocId));
      }
      const now = ctx.now();
      const node = { projectId, parentId, kind, name, sort: nextSort(nodes.values(), parentId), isTemplate: false };
      const saved = await addNode(tx, { ...node, updatedAt: now }, content, now);
      await touch(tx, project, now);
      return created(saved);
    }),

  updateStructure: (ctx: LocalContext, body: Body) =>
    transact(ctx, async (tx): Promise<null> => {
      const projectId = rules.id(body, 'projectId');
      const projectStructureId = rules.id(body, 'projectStructureId');
      const name = nodeName(rules.text(body, 'name'));
      const project = await projectIn(tx, projectId);
      const node = nodeIn(await nodesIn(tx, projectId), projectStructureId);
      const now = ctx.now();
      await tx.objectStore('nodes').put({ ...node, name, updatedAt: now });
      await touch(tx, project, now);
      return null;
    }),

  copyStructure: (ctx: LocalContext, body: Body) =>
    transact(ctx, async (tx): Promise<StructureCreated> => {
      const projectId = rules.id(body, 'projectId');
      const projectStructureId = rules.id(body, 'projectStructureId');
      const target = rules.optionalId(body, 'parentId');
      const project = await projectIn(tx, projectId);
      const nodes = await nodesIn(tx, projectId);
      const source = nodeIn(nodes, projectStructureId);
      const parentId = target || source.parentId;
      requireParent(nodes, parentId);
      const copied = subtree(nodes, projectStructureId);
      limitNodes(nodes, copied.length);
      const now = ctx.now();
      let sort = nextSort(nodes.values(), parentId);
      if (!target) {
        // next to the original: the later siblings make room
        sort = source.sort + 1;
        for (const sibling of nodes.values()) {
          if (sibling.parentId === parentId && !sibling.isTemplate && sibling.sort >= sort) {
            await tx.objectStore('nodes').put({ ...sibling, sort: sibling.sort + 1 });
          }
        }
      }
      const name = `${[...source.name].slice(0, 100 - COPY_SUFFIX.length).join('')}${COPY_SUFFIX}`;
      const root = await copyNodes(tx, copied, parentId, sort, name, now);
      await touch(tx, project, now);
      return created(root);
    }),

  deleteStructure: (ctx: LocalContext, body: Body) =>
    transact(ctx, async (tx): Promise<null> => {
      const projectId = rules.id(body, 'projectId');
      const projectStructureId = rules.id(body, 'projectStructureId');
      const project = await projectIn(tx, projectId);
      const nodes = await nodesIn(tx, projectId);
      nodeIn(nodes, projectStructureId);
      for (const node of subtree(nodes, projectStructureId)) {
        await tx.objectStore('nodes').delete(node.projectStructureId);
        if (node.projectDocId) await tx.objectStore('docs').delete(node.projectDocId);
      }
      await touch(tx, project, ctx.now());
      return null;
    }),

  structureDropUpdate: (ctx: LocalContext, body: Body) =>
    transact(ctx, async (tx): Promise<null> => {
      const projectId = rules.id(body, 'projectId');
      const project = await projectIn(tx, projectId);
      const now = ctx.now();
      const moved = applyDrop(await nodesIn(tx, projectId), rules.text(body, 'dropResult'), now);
      for (const node of moved) await tx.objectStore('nodes').put(node);
      await touch(tx, project, now);
      return null;
    }),

  docDetail: (ctx: LocalContext, body: Body) =>
    transact(ctx, async (tx): Promise<DocDetail> => {
      const { node, doc } = await documentOf(tx, body);
      return docDetail(node, doc);
    }),

  saveDoc: (ctx: LocalContext, body: Body) =>
    transact(ctx, async (tx): Promise<DocSaved> => {
      const baseVersion = Number(rules.text(body, 'baseVersion'));
      if (!rules.has(body, 'baseVersion') || !Number.isSafeInteger(baseVersion) || baseVersion < 0) {
        rules.refuse('缺少文档的版本号，请刷新后再保存');
      }
      const rename = rules.text(body, 'name').trim() ? nodeName(rules.text(body, 'name')) : null;
      const { project, node, doc } = await documentOf(tx, body);
      const content = parseContent(node.kind, rules.text(body, 'doc'));
      if (doc.version !== baseVersion) {
        const message = `文档已被${LOCAL_USER.name}于${rules.clockTime(doc.updatedAt)}保存，请对比后合并`;
        throw new ApiError(message, 409, { current: docDetail(node, doc) } satisfies SaveConflict);
      }
      const now = ctx.now();
      const saved = { ...doc, ...content, version: doc.version + 1, updatedAt: now };
      await tx.objectStore('docs').put(saved);
      await tx.objectStore('nodes').put({ ...node, name: rename ?? node.name, updatedAt: now });
      await touch(tx, project, now);
      return { version: saved.version, updatedAt: now };
    }),

  searchDoc: (ctx: LocalContext, body: Body) =>
    transact(ctx, async (tx): Promise<SearchHits> => {
      const projectId = rules.id(body, 'projectId');
      const keyword = rules.text(body, 'keyword').trim();
      if (!keyword) rules.refuse('缺少参数：keyword');
      if ([...keyword].length > 100) rules.refuse('搜索关键字最多100个字符');
      await projectIn(tx, projectId);
      const nodes = [...(await nodesIn(tx, projectId)).values()].filter((n) => !n.isTemplate && n.kind !== 'folder');
      const docs = new Map(
        (await tx.objectStore('docs').index('byProject').getAll(projectId)).map((d) => [d.projectDocId, d]),
      );
      const list = nodes.flatMap((node) => searchHit(node, docs.get(node.projectDocId), keyword) ?? []);
      return { list: list.slice(0, 100) };
    }),

  projectTemplateApi: (ctx: LocalContext, body: Body) =>
    transact(ctx, async (tx): Promise<StructureNode[]> => {
      const projectId = rules.id(body, 'projectId');
      await projectIn(tx, projectId);
      const templates = [...(await nodesIn(tx, projectId)).values()].filter((node) => node.isTemplate);
      const docs = tx.objectStore('docs');
      return Promise.all(templates.map(async (node) => structureNode(node, await docs.get(node.projectDocId))));
    }),

  saveTemplateApi: (ctx: LocalContext, body: Body) =>
    transact(ctx, async (tx): Promise<StructureCreated> => {
      const projectId = rules.id(body, 'projectId');
      const projectStructureId = rules.id(body, 'projectStructureId');
      await projectIn(tx, projectId);
      const nodes = await nodesIn(tx, projectId);
      const source = nodeIn(nodes, projectStructureId);
      if (source.kind !== 'api') rules.refuse('只有接口可以保存为模板');
      const name = rules.text(body, 'name').trim() ? nodeName(rules.text(body, 'name')) : source.name;
      const content = contentOf(await tx.objectStore('docs').get(source.projectDocId));
      const now = ctx.now();
      const node = { projectId, parentId: 0, kind: source.kind, name, sort: 0, isTemplate: true, updatedAt: now };
      return created(await addNode(tx, node, content, now));
    }),

  deleteProjectTemplateApi: (ctx: LocalContext, body: Body) =>
    transact(ctx, async (tx): Promise<null> => {
      const projectId = rules.id(body, 'projectId');
      const projectStructureId = rules.id(body, 'projectStructureId');
      await projectIn(tx, projectId);
      const template = nodeIn(await nodesIn(tx, projectId), projectStructureId, true);
      await tx.objectStore('nodes').delete(template.projectStructureId);
      await tx.objectStore('docs').delete(template.projectDocId);
      return null;
    }),
};

async function documentOf(tx: Tx, body: Body) {
  const projectId = rules.id(body, 'projectId');
  const projectStructureId = rules.id(body, 'projectStructureId');
  const project = await projectIn(tx, projectId);
  const node = await tx.objectStore('nodes').get(projectStructureId);
  if (!node || node.projectId !== projectId) return rules.refuse(rules.NODE_NOT_FOUND);
  const doc = node.projectDocId ? await tx.objectStore('docs').get(node.projectDocId) : undefined;
  if (!doc) return rules.refuse('目录没有文档');
  return { project, node, doc };
}

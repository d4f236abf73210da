import type { projectv1 } from '@pmbok/proto';
import { type Static, Type } from '@sinclair/typebox';
import { ApiAnswer, ApiError, serializeAnswer } from '../../plugins/api.js';
import { id, integer, optionalId, optionalText, text } from '../../schemas/fields.js';
import * as answers from '../../schemas/project.js';
import { Nothing } from '../../schemas/wire.js';
import { nameOf } from './enums.js';
import {
  flag,
  flagOf,
  inProject,
  jsonField,
  knowledgeCall,
  nodeKinds,
  nodeView,
  ok,
  onNode,
  projectId,
} from './project-common.js';
import { publicDocView, publicTreeOf, shareFields, shareOf } from './project-share.js';
import { perApp, VersionedAnswers } from './versionedAnswers.js';

/** The whole tree's answer per project, kept by its version (a 5,000-document tree takes ~20 ms to serialize). */
const keptTrees = perApp(() => new VersionedAnswers());

/** docs/api/knowledge.md: a document is at most 5 MB of JSON text. */
const MAX_DOC_BYTES = 5 * 1024 * 1024;
/** A 5 MB document percent-encoded in a form body takes up to three times as much; JSON bodies less. */
const SAVE_BODY = 16 * 1024 * 1024;
/** A drop result of a 10,000-node tree (every node moved) is some 700 KB of JSON. */
const DROP_BODY = 4 * 1024 * 1024;
const MAX_MOVES = 20_000;

const node = { ...projectId, projectStructureId: id };
const savedAt = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

type DocContent = Pick<Static<typeof answers.DocDetail>, 'api' | 'page' | 'schema'>;

/** A document as the answers carry it: its content, JSON text in the service, under the key its kind names. */
export function docView(doc: projectv1.DocDetail) {
  const { contentJson, ...fields } = doc;
  const kind = nameOf(nodeKinds, doc.kind, 'NodeKind');
  // The service checked the content against its kind's schema when it was saved.
  const content: DocContent = kind === 'folder' || !contentJson ? {} : { [kind]: JSON.parse(contentJson) };
  return { ...fields, kind, ...content };
}

/** `dropResult`: JSON text of a list of `{projectStructureId, parentId, sort}`. */
function movesOf(value: string): projectv1.StructureMove[] {
  const refused = () => new ApiError(400, '拖拽结果格式错误');
  const parsed = jsonField(value, '拖拽结果格式错误');
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.length > MAX_MOVES) throw refused();
  const count = (v: unknown, least: number, most: number) =>
    (typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v))) &&
    Number.isSafeInteger(Number(v)) &&
    Number(v) >= least &&
    Number(v) <= most;
  return parsed.map((move: unknown) => {
    const { projectStructureId, parentId, sort } = (move ?? {}) as Record<string, unknown>;
    if (
      typeof move !== 'object' ||
      !count(projectStructureId, 1, Number.MAX_SAFE_INTEGER) ||
      !count(parentId, 0, Number.MAX_SAFE_INTEGER) ||
      !count(sort, 0, 2 ** 31 - 1)
    )
      throw refused();
    return { projectStructureId: Number(projectStructureId), parentId: Number(parentId), sort: Number(sort) };
  });
}

/** HTTP methods as the schema names them, in either case. */
const methods = ((answers.HttpMethod as unknown as { enum: string[] }).enum ?? []).flatMap((m) => [m, m.toLowerCase()]);

/** The document tree, the documents, search and task links. */
export function projectDocCalls() {
  const call = knowledgeCall('project');
  const taskLink = { ...node, taskProjectId: id, taskId: id };
  const linkOf = (b: { projectId: string; projectStructureId: string; taskProjectId: string; taskId: string }) => ({
    ...onNode(b),
    taskProjectId: Number(b.taskProjectId),
    taskId: Number(b.taskId),
  });
  return [
    call(
      'projectStructure',
      { projectId: optionalId, isPublic: flag, token: optionalText(100), access: optionalText(300) },
      answers.StructureTree,
      async (b, { services, metadata, caller, reply }) => {
        const isPublic = flagOf(b.isPublic) ?? false;
        // Without an account only through a share link: the part of the tree it covers (project-share.ts).
        if (isPublic) {
          if (!b.token) throw new ApiError(400, '分享链接不存在或已失效');
          return publicTreeOf(
            await services.project.getShareStructure(shareOf({ ...b, token: b.token }), { metadata }),
          );
        }
        if (!caller.userId) throw new ApiError(402, '请先登录');
        if (!b.projectId) throw new ApiError(400, '请选择项目');
        const projectId = Number(b.projectId);
        const trees = keptTrees(services);
        const request = { projectId, isPublic: false, knownVersion: trees.knownVersion(projectId) };
        const { nodes, version, unchanged } = await services.project.getStructure(request, { metadata });
        const kept = unchanged ? trees.answerAt(projectId, version) : undefined;
        if (kept) return kept;
        if (unchanged) {
          // Dropped here since the question (by a busier project): ask again for the nodes.
          const again = await services.project.getStructure({ ...request, knownVersion: 0 }, { metadata });
          return trees.keep(projectId, again.version, serializeAnswer(reply, { nodes: again.nodes.map(nodeView) }));
        }
        return trees.keep(projectId, version, serializeAnswer(reply, { nodes: nodes.map(nodeView) }));
      },
      { access: 'optional' },
    ),
    call(
      'addStructure',
      {
        ...projectId,
        parentId: optionalId,
        kind: Type.String({ pattern: `^(${nodeKinds.names.join('|')})$` }),
        name: text(100),
        templateId: optionalId,
        method: Type.Optional(Type.String({ pattern: `^(${methods.join('|')})?$` })),
        path: optionalText(1000),
      },
      answers.StructureCreated,
      (b, { services, metadata }) => {
        const request = {
          ...inProject(b),
          parentId: Number(b.parentId || 0),
          kind: nodeKinds.toProto(b.kind as (typeof nodeKinds.names)[number]),
          name: b.name,
          templateId: Number(b.templateId || 0),
          method: (b.method ?? '').toUpperCase(),
          path: b.path ?? '',
        };
        return services.project.addStructure(request, { metadata });
      },
    ),
    call('updateStructure', { ...node, name: text(100) }, Nothing, (b, { services, metadata }) => {
      return ok(services.project.renameStructure({ ...onNode(b), name: b.name }, { metadata }));
    }),
    call('copyStructure', { ...node, parentId: optionalId }, answers.StructureCreated, (b, { services, metadata }) => {
      // Absent or empty: next to the node; 0: at the root.
      const parentId = b.parentId ? Number(b.parentId) : undefined;
      return services.project.copyStructure({ ...onNode(b), parentId }, { metadata });
    }),
    call('deleteStructure', node, Nothing, (b, { services, metadata }) => {
      return ok(services.project.deleteStructure(onNode(b), { metadata }));
    }),
    call(
      'structureDropUpdate',
      { ...projectId, dropResult: Type.String({ maxLength: DROP_BODY }) },
      Nothing,
      (b, { services, metadata }) => {
        return ok(services.project.moveStructure({ ...inProject(b), moves: movesOf(b.dropResult) }, { metadata }));
      },
      { bodyLimit: DROP_BODY },
    ),
    call(
      'saveDoc',
      { ...node, baseVersion: integer(0, Number.MAX_SAFE_INTEGER), doc: Type.String(), name: optionalText(100) },
      Type.Union([answers.DocSaved, answers.SaveConflict]),
      async (b, { services, metadata }) => {
        if (Buffer.byteLength(b.doc, 'utf8') > MAX_DOC_BYTES) throw new ApiError(400, '文档内容不能超过5MB');
        const content = jsonField(b.doc, '文档内容不是有效的JSON');
        if (typeof content !== 'object' || content === null || Array.isArray(content))
          throw new ApiError(400, '文档内容格式错误');
        const request = onNode(b, { baseVersion: b.baseVersion, contentJson: b.doc, name: b.name });
        const saved = await services.project.saveDoc(request, { metadata });
        const { conflict } = saved;
        if (conflict?.current) {
          const message = `文档已被${conflict.saverName}于${savedAt.format(conflict.savedAt)}保存，请对比后合并`;
          return new ApiAnswer(409, message, { current: docView(conflict.current) });
        }
        return { version: saved.version, updatedAt: saved.updatedAt };
      },
      { bodyLimit: SAVE_BODY },
    ),
    call('docDetail', node, answers.DocDetail, async (b, { services, metadata }) => {
      const { doc } = await services.project.getDoc(onNode(b), { metadata });
      return doc && docView(doc);
    }),
    call(
      'publicDoc',
      { ...shareFields, projectStructureId: id },
      answers.DocDetail,
      async (b, { services, metadata }) => {
        // Only a document the link covers; the service strips the team's people and tasks.
        const request = { ...shareOf(b), projectStructureId: Number(b.projectStructureId) };
        const { docJson } = await services.project.getShareDoc(request, { metadata });
        return publicDocView(docJson) as Static<typeof answers.DocDetail>;
      },
      { access: 'public' },
    ),
    call(
      'searchDoc',
      { ...projectId, keyword: Type.String({ minLength: 1, maxLength: 100 }) },
      answers.SearchHits,
      async (b, { services, metadata }) => {
        const { hits } = await services.project.searchDocs({ ...inProject(b), keyword: b.keyword }, { metadata });
        return { list: hits.map((hit) => ({ ...hit, kind: nameOf(nodeKinds, hit.kind, 'NodeKind') })) };
      },
    ),
    call('linkTask', taskLink, Nothing, (b, { services, metadata }) => {
      return ok(services.project.linkTask(linkOf(b), { metadata }));
    }),
    call('unlinkTask', taskLink, Nothing, (b, { services, metadata }) => {
      return ok(services.project.unlinkTask(linkOf(b), { metadata }));
    }),
  ];
}

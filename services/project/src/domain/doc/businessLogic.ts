import { type Decider, DomainError, invalid, notFound } from '@pmbok/infra';
import type { NodeKind } from '../tree/tree.js';
import { type Content, changesOf, checkContent } from './content.js';
import { type Doc, type DocEvent, type ExistingDoc, evolveDoc, hasLink, initialDoc, type TaskLink } from './doc.js';

export const docMessages = {
  notFound: '文档不存在或已被删除',
  conflict: '文档已被他人保存，请对比后合并',
  baseVersionInvalid: '缺少文档的版本号，请刷新后再保存',
  linkExists: '该任务已经关联',
  tooManyLinks: '一个文档最多关联 200 个任务',
} as const;

/**
 * A save based on an older version than the document's: nothing is saved. It carries the document as it is now
 * (who saved it and when), which the caller answers with for the editor's compare-and-merge.
 */
export class SaveConflictError extends DomainError {
  constructor(readonly current: ExistingDoc) {
    super('conflict', docMessages.conflict, { version: String(current.version) });
    this.name = 'SaveConflictError';
  }
}

type Meta = { metadata: { actorId: number; now: number } };
export type CreateDoc = {
  type: 'CreateDoc';
  data: { docId: number; projectId: number; nodeId: number; kind: NodeKind; content: unknown; sourceDocId?: number };
} & Meta;
/** `models`: the names of the project's schema nodes, which model `$ref`s must name. */
export type SaveDoc = {
  type: 'SaveDoc';
  data: { baseVersion: number; content: unknown; models?: ReadonlySet<string> };
} & Meta;
export type DeleteDoc = { type: 'DeleteDoc' } & Meta;
export type LinkTask = { type: 'LinkTask'; data: TaskLink } & Meta;
export type UnlinkTask = { type: 'UnlinkTask'; data: TaskLink } & Meta;
export type DocCommand = CreateDoc | SaveDoc | DeleteDoc | LinkTask | UnlinkTask;

export const LINKS_MAX = 200;

const activeDoc = (state: Doc): ExistingDoc => {
  if (state.status !== 'active') throw notFound(docMessages.notFound);
  return state;
};

function saveDoc({ data, metadata }: SaveDoc, state: Doc): DocEvent[] {
  const doc = activeDoc(state);
  if (!Number.isSafeInteger(data.baseVersion) || data.baseVersion < 1) throw invalid(docMessages.baseVersionInvalid);
  const content: Content = checkContent(doc.kind, data.content, data.models);
  const changes = changesOf(doc.content, content);
  // Saving what is already there changes nothing, whichever version it was based on.
  if (changes.length === 0) return [];
  if (data.baseVersion !== doc.version) throw new SaveConflictError(doc);
  const { actorId: savedBy, now: savedAt } = metadata;
  return [
    {
      type: 'DocSaved',
      data: { version: doc.version + 1, baseVersion: data.baseVersion, changes, content, savedBy, savedAt },
    },
  ];
}

export function decideDoc(command: DocCommand, state: Doc): DocEvent[] {
  const { actorId, now } = command.metadata;
  switch (command.type) {
    case 'CreateDoc': {
      if (state.status !== 'none') return [];
      const { kind, sourceDocId = 0, ...data } = command.data;
      if (kind === 'folder') throw invalid('目录没有文档');
      const content = checkContent(kind, data.content);
      return [
        { type: 'DocCreated', data: { ...data, kind, content, sourceDocId, createdBy: actorId, createdAt: now } },
      ];
    }
    case 'SaveDoc':
      return saveDoc(command, state);
    case 'DeleteDoc':
      return state.status === 'active' ? [{ type: 'DocDeleted', data: { deletedBy: actorId, deletedAt: now } }] : [];
    case 'LinkTask': {
      const doc = activeDoc(state);
      if (hasLink(doc, command.data)) return [];
      if (doc.links.length >= LINKS_MAX) throw invalid(docMessages.tooManyLinks);
      return [{ type: 'DocTaskLinked', data: { ...command.data, linkedBy: actorId } }];
    }
    case 'UnlinkTask': {
      const doc = activeDoc(state);
      if (!hasLink(doc, command.data)) return [];
      return [{ type: 'DocTaskUnlinked', data: { ...command.data, unlinkedBy: actorId } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${(unknown as { type: string }).type}`);
    }
  }
}

export const docDecider: Decider<Doc, DocCommand, DocEvent> = {
  decide: decideDoc,
  evolve: evolveDoc,
  initialState: initialDoc,
};

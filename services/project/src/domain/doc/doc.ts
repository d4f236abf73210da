import { type PublishedEvent, streamId } from '@pmbok/infra';
import type { ProjectEvents } from '@pmbok/project-service/events';
import type { FieldChange, NodeKind } from '../tree/tree.js';
import type { Content } from './content.js';

type Published<K extends keyof ProjectEvents> = PublishedEvent<ProjectEvents, K>;

export interface TaskLink {
  taskProjectId: number;
  taskId: number;
}

// What other services read is declared in the published contract (src/published.d.ts); the rest stays inside.
export type DocCreated = Published<'DocCreated'> & {
  data: {
    kind: Exclude<NodeKind, 'folder'>;
    content: Content;
    /** The document it was copied from (a copied node, a template, another project's tree); 0 when new. */
    sourceDocId: number;
    createdBy: number;
    createdAt: number;
  };
};
/** A save: the new version, the top-level fields it changed (before and after) and the whole new content. */
export type DocSaved = Published<'DocSaved'> & {
  data: { baseVersion: number; changes: FieldChange[]; content: Content; savedBy: number; savedAt: number };
};
/** The node was removed from the tree; the document goes with it. */
export type DocDeleted = Published<'DocDeleted'> & { data: { deletedAt: number } };
export type DocTaskLinked = Published<'DocTaskLinked'> & { data: { linkedBy: number } };
export type DocTaskUnlinked = Published<'DocTaskUnlinked'> & { data: { unlinkedBy: number } };

export type DocEvent = DocCreated | DocSaved | DocDeleted | DocTaskLinked | DocTaskUnlinked;

export interface ExistingDoc {
  status: 'active' | 'deleted';
  docId: number;
  projectId: number;
  nodeId: number;
  kind: Exclude<NodeKind, 'folder'>;
  /** Counts saves: 1 when created. A save must be based on it. */
  version: number;
  content: Content;
  createdBy: number;
  createdAt: number;
  updatedBy: number;
  updatedAt: number;
  links: TaskLink[];
}
export type Doc = { status: 'none' } | ExistingDoc;

export const initialDoc = (): Doc => ({ status: 'none' });
/** One stream per document: `projectDoc-<docId>`. */
export const docStreamId = (docId: number) => streamId('projectDoc', docId);

const sameLink = (a: TaskLink) => (b: TaskLink) => a.taskProjectId === b.taskProjectId && a.taskId === b.taskId;
export const hasLink = (doc: ExistingDoc, link: TaskLink) => doc.links.some(sameLink(link));

export function evolveDoc(state: Doc, event: DocEvent): Doc {
  if (event.type === 'DocCreated') {
    const { sourceDocId: _source, createdBy, createdAt, ...data } = event.data;
    return {
      ...data,
      status: 'active',
      version: 1,
      createdBy,
      createdAt,
      updatedBy: createdBy,
      updatedAt: createdAt,
      links: [],
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'DocSaved': {
      const { version, content, savedBy, savedAt } = event.data;
      return { ...state, version, content, updatedBy: savedBy, updatedAt: savedAt };
    }
    case 'DocDeleted':
      return { ...state, status: 'deleted' };
    case 'DocTaskLinked':
      return {
        ...state,
        links: [...state.links, { taskProjectId: event.data.taskProjectId, taskId: event.data.taskId }],
      };
    case 'DocTaskUnlinked':
      return { ...state, links: state.links.filter((link) => !sameLink(event.data)(link)) };
  }
}

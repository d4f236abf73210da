import {
  type Doc,
  documentProjection,
  parseStreamId,
  projection,
  publishedBy,
  type ReadStore,
  readModel,
} from '@pmbok/infra';
import type {
  NodeKind,
  PrivateType,
  ProjectEvents,
  PublishedContent,
  PublishedNode,
  PublishedTaskLink,
} from '@pmbok/project-service/events';

/**
 * A knowledge project's document as the project service last told (its tree node and its document arrive on
 * different streams, in either order), with the tasks it links to. A removed one stays as a tombstone, so that an
 * event delivered again cannot bring it back.
 */
export interface LinkedDocDoc extends Doc {
  docId: number;
  projectId: number;
  /** The tree node (`projectStructureId`). */
  nodeId: number;
  kind: Exclude<NodeKind, 'folder'>;
  name: string;
  /** An api's request line; empty for pages and schemas. */
  method: string;
  path: string;
  isTemplate: boolean;
  links: PublishedTaskLink[];
  removed: boolean;
  /** The global positions last applied from the project's tree stream and from the document's own stream. */
  treePosition: number;
  docPosition: number;
}

/** Who may see a knowledge project's documents: its members, or its whole team (privateType team, templates). */
export interface KnowledgeProjectDoc extends Doc {
  projectId: number;
  teamId: number;
  name: string;
  privateType: PrivateType;
  isTemplate: boolean;
  memberIds: number[];
  deleted: boolean;
}

export const linkedDocs = readModel<LinkedDocDoc>('linkedDocs', [{ fields: { 'links.taskId': 1 } }]);
export const knowledgeProjects = readModel<KnowledgeProjectDoc>('knowledgeProjects');

const source = publishedBy<ProjectEvents>('project');

type Stream = 'treePosition' | 'docPosition';
const blank = (docId: number): LinkedDocDoc => ({
  _id: String(docId),
  docId,
  projectId: 0,
  nodeId: 0,
  kind: 'api',
  name: '',
  method: '',
  path: '',
  isTemplate: false,
  links: [],
  removed: false,
  treePosition: 0,
  docPosition: 0,
});

/**
 * Applies one stream's event to a document: each document hears from two streams, so each keeps its own position
 * (a stream's events come in order; two streams may interleave either way), and an event already applied is skipped.
 */
async function change(
  store: ReadStore,
  docId: number,
  event: { metadata: { globalPosition: number } },
  stream: Stream,
  next: (doc: LinkedDocDoc) => Partial<LinkedDocDoc>,
) {
  if (!docId) return;
  const position = event.metadata.globalPosition;
  const collection = linkedDocs(store);
  const doc = (await collection.findOne({ _id: String(docId) })) ?? blank(docId);
  if (doc[stream] >= position) return;
  await collection.put({ ...doc, ...next(doc), [stream]: position });
}

const ofNode = (projectId: number, node: PublishedNode) => (doc: LinkedDocDoc) => ({
  projectId,
  nodeId: node.nodeId,
  kind: node.kind === 'folder' ? doc.kind : node.kind,
  name: node.name,
  isTemplate: node.isTemplate,
});
const requestLine = (content: PublishedContent) => ({
  method: typeof content.method === 'string' ? content.method : '',
  path: typeof content.path === 'string' ? content.path : '',
});
const sameLink = (a: PublishedTaskLink) => (b: PublishedTaskLink) =>
  a.taskId === b.taskId && a.taskProjectId === b.taskProjectId;
const treeOf = (event: { metadata: { streamId: string } }) => parseStreamId(event.metadata.streamId, 'projectTree');
const docOf = (event: { metadata: { streamId: string } }) => parseStreamId(event.metadata.streamId, 'projectDoc');

export const linkedDocsProjection = projection({
  name: 'linkedDocs',
  source,
  on: {
    StructureNodeAdded: (event, store) =>
      change(store, event.data.docId, event, 'treePosition', ofNode(treeOf(event), event.data)),
    StructureNodesCopied: async (event, store) => {
      for (const node of event.data.nodes) {
        await change(store, node.docId, event, 'treePosition', ofNode(treeOf(event), node));
      }
    },
    StructureNodeRenamed: (event, store) =>
      change(store, event.data.docId, event, 'treePosition', () => ({ name: event.data.name })),
    StructureNodesRemoved: async (event, store) => {
      for (const node of event.data.removed) {
        await change(store, node.docId, event, 'treePosition', () => ({ removed: true }));
      }
    },
    DocCreated: (event, store) =>
      change(store, docOf(event), event, 'docPosition', () => ({
        projectId: event.data.projectId,
        nodeId: event.data.nodeId,
        kind: event.data.kind,
        ...requestLine(event.data.content),
      })),
    DocSaved: (event, store) =>
      change(store, docOf(event), event, 'docPosition', () => requestLine(event.data.content)),
    DocDeleted: (event, store) => change(store, docOf(event), event, 'docPosition', () => ({ removed: true })),
    DocTaskLinked: (event, store) =>
      change(store, docOf(event), event, 'docPosition', (doc) => ({
        links: [...doc.links.filter((link) => !sameLink(event.data)(link)), event.data],
      })),
    DocTaskUnlinked: (event, store) =>
      change(store, docOf(event), event, 'docPosition', (doc) => ({
        links: doc.links.filter((link) => !sameLink(event.data)(link)),
      })),
  },
});

const setMember = (userId: number, doc: KnowledgeProjectDoc | null, add: boolean) =>
  doc && { ...doc, memberIds: [...doc.memberIds.filter((id) => id !== userId), ...(add ? [userId] : [])] };

/** The knowledge projects' names and who may see them; a deleted one stays, marked, so nothing brings it back. */
export const knowledgeProjectsProjection = documentProjection({
  source,
  collection: knowledgeProjects,
  stream: 'project',
  on: {
    ProjectCreated: ({ data }) => ({
      projectId: data.projectId,
      teamId: data.teamId,
      name: data.name,
      privateType: data.privateType,
      isTemplate: data.isTemplate,
      memberIds: [],
      deleted: false,
    }),
    ProjectUpdated: ({ data }, doc) => {
      if (!doc) return null;
      const changed = <K extends 'name' | 'privateType' | 'isTemplate'>(field: K): KnowledgeProjectDoc[K] => {
        const found = data.changes.find((c) => c.field === field);
        return found ? (found.after as KnowledgeProjectDoc[K]) : doc[field];
      };
      return { ...doc, name: changed('name'), privateType: changed('privateType'), isTemplate: changed('isTemplate') };
    },
    ProjectDeleted: (_event, doc) => doc && { ...doc, deleted: true },
    ProjectMemberAdded: ({ data }, doc) => setMember(data.userId, doc, true),
    ProjectMemberRemoved: ({ data }, doc) => setMember(data.userId, doc, false),
  },
});

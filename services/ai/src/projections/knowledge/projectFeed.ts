import { parseStreamId, projection, publishedBy, type ReadStore } from '@pmbok/infra';
import type { ProjectEvents, PublishedNode } from '@pmbok/project-service/events';
import { evolveDoc, teamOf } from './evolve.js';
import {
  type KnowledgeProjectDoc,
  knowledgeDocs,
  knowledgeFields,
  knowledgeNodes,
  knowledgeProjects,
} from './models.js';
import { docText, fieldText } from './text.js';

type Meta = { metadata: { streamId: string; globalPosition: number } };

const idOf = (event: Meta, stream: string) => parseStreamId(event.metadata.streamId, stream);
const at = (event: Meta) => event.metadata.globalPosition;

const project = (store: ReadStore, event: Meta, evolve: (doc: KnowledgeProjectDoc) => KnowledgeProjectDoc) =>
  evolveDoc(store, knowledgeProjects, idOf(event, 'project'), at(event), (doc) => doc && evolve(doc));

/** The project fields a `ProjectUpdated` may change that decide who sees what, or how it is named. */
const UPDATABLE = ['name', 'privateType', 'isTemplate'] as const;

async function putNodes(store: ReadStore, event: Meta, nodes: PublishedNode[]) {
  const projectId = idOf(event, 'projectTree');
  const teamId = await teamOf(store, knowledgeProjects, projectId);
  for (const node of nodes) {
    if (node.docId <= 0) continue;
    await evolveDoc(store, knowledgeNodes, node.docId, at(event), () => ({
      docId: node.docId,
      nodeId: node.nodeId,
      projectId,
      teamId,
      name: node.name,
      isTemplate: node.isTemplate,
      deleted: false,
    }));
  }
}

/**
 * The project topic's part of what the assistant knows: projects (who sees them), the tree's names of documents,
 * documents' texts and field standards. One projection (one subscription, in the log's order), so a document finds
 * its project's team already recorded: a project's stream starts before its tree's and documents' do.
 */
export const knowledgeProjection = projection({
  name: 'aiKnowledge',
  source: publishedBy<ProjectEvents>('project'),
  on: {
    ProjectCreated: async (event, store) => {
      const { data } = event;
      await evolveDoc(store, knowledgeProjects, data.projectId, at(event), () => ({
        projectId: data.projectId,
        teamId: data.teamId,
        name: data.name,
        privateType: data.privateType,
        isTemplate: data.isTemplate,
        memberIds: [],
        deleted: false,
      }));
    },
    ProjectUpdated: (event, store) =>
      project(store, event, (doc) => {
        const next = { ...doc };
        for (const { field, after } of event.data.changes) {
          if ((UPDATABLE as readonly string[]).includes(field)) Object.assign(next, { [field]: after });
        }
        return next;
      }),
    ProjectDeleted: (event, store) => project(store, event, (doc) => ({ ...doc, deleted: true })),
    ProjectMemberAdded: (event, store) =>
      project(store, event, (doc) => ({
        ...doc,
        memberIds: [...doc.memberIds.filter((id) => id !== event.data.userId), event.data.userId],
      })),
    ProjectMemberRemoved: (event, store) =>
      project(store, event, (doc) => ({ ...doc, memberIds: doc.memberIds.filter((id) => id !== event.data.userId) })),

    StructureNodeAdded: (event, store) => putNodes(store, event, [event.data]),
    StructureNodesCopied: (event, store) => putNodes(store, event, event.data.nodes),
    StructureNodeRenamed: async (event, store) => {
      const { docId, name } = event.data;
      if (docId > 0) await evolveDoc(store, knowledgeNodes, docId, at(event), (doc) => doc && { ...doc, name });
    },
    StructureNodesRemoved: async (event, store) => {
      for (const { docId } of event.data.removed) {
        if (docId > 0)
          await evolveDoc(store, knowledgeNodes, docId, at(event), (doc) => doc && { ...doc, deleted: true });
      }
    },

    DocCreated: async (event, store) => {
      const { docId, projectId, nodeId, kind, content } = event.data;
      const teamId = await teamOf(store, knowledgeProjects, projectId);
      await evolveDoc(store, knowledgeDocs, docId, at(event), () => ({
        docId,
        projectId,
        nodeId,
        teamId,
        kind,
        text: docText(kind, content),
        deleted: false,
      }));
    },
    DocSaved: (event, store) =>
      evolveDoc(
        store,
        knowledgeDocs,
        idOf(event, 'projectDoc'),
        at(event),
        (doc) => doc && { ...doc, text: docText(doc.kind, event.data.content) },
      ),
    DocDeleted: (event, store) =>
      evolveDoc(store, knowledgeDocs, idOf(event, 'projectDoc'), at(event), (doc) => doc && { ...doc, deleted: true }),

    DataFieldCreated: (event, store) => putField(store, event),
    DataFieldUpdated: (event, store) => putField(store, event),
    DataFieldDeleted: (event, store) =>
      evolveDoc(store, knowledgeFields, event.data.dataFieldId, at(event), (doc) => doc && { ...doc, deleted: true }),
  },
});

type FieldEvent = Meta & { data: ProjectEvents['DataFieldCreated']['data'] };

function putField(store: ReadStore, event: FieldEvent) {
  const { data } = event;
  return evolveDoc(store, knowledgeFields, data.dataFieldId, at(event), () => ({
    dataFieldId: data.dataFieldId,
    scope: data.scope,
    projectId: data.scope === 'team' ? 0 : data.projectId,
    teamId: data.teamId,
    name: data.name,
    text: fieldText(data),
    deleted: false,
  }));
}

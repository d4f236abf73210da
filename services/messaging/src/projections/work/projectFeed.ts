import { parseStreamId, projection, publishedBy, type ReadStore } from '@pmbok/infra';
import type { ProjectEvents, PublishedNode } from '@pmbok/project-service/events';
import { changedParts, contentParts, NAME_PART } from './docParts.js';
import { at, evolveDoc, type Meta } from './evolve.js';
import {
  type WorkDocDoc,
  type WorkProjectDoc,
  workDocs,
  workNodes,
  workProjects,
  workTestRuns,
  workTestScenarios,
} from './models.js';

const RECENT = 20;

const idOf = (event: Meta, stream: string) => parseStreamId(event.metadata.streamId, stream);
const teamOf = async (store: ReadStore, projectId: number) =>
  (await workProjects(store).findOne({ _id: String(projectId) }))?.teamId ?? 0;

const project = (store: ReadStore, event: Meta, evolve: (doc: WorkProjectDoc) => WorkProjectDoc) =>
  evolveDoc(store, workProjects, idOf(event, 'project'), at(event), (doc) => doc && evolve(doc));

const withRecent = (doc: WorkDocDoc, position: number, changes: string[]) => [
  ...doc.recent.slice(-(RECENT - 1)),
  { position, changes },
];

async function putNodes(store: ReadStore, event: Meta, nodes: PublishedNode[]) {
  const projectId = idOf(event, 'projectTree');
  const teamId = await teamOf(store, projectId);
  for (const node of nodes) {
    await evolveDoc(store, workNodes, node.nodeId, at(event), () => ({
      nodeId: node.nodeId,
      parentId: node.parentId ?? 0,
      projectId,
      teamId,
      kind: node.kind,
      name: node.name,
      docId: node.docId,
      isTemplate: node.isTemplate,
      deleted: false,
    }));
  }
}

/**
 * The project topic as the messaging service needs it: projects (who sees them, who manages them), the tree (names,
 * folders, for follows of a folder's subtree) and documents (request line, and which parts each save changed). One
 * projection, in the log's order, so a document finds its project already recorded.
 */
export const workProjectProjection = projection({
  name: 'msgWorkProject',
  source: publishedBy<ProjectEvents>('project'),
  on: {
    ProjectCreated: (event, store) => {
      const { data } = event;
      return evolveDoc(store, workProjects, data.projectId, at(event), () => ({
        projectId: data.projectId,
        teamId: data.teamId,
        name: data.name,
        privateType: data.privateType,
        isTemplate: data.isTemplate,
        members: [],
        deleted: false,
      }));
    },
    ProjectUpdated: (event, store) =>
      project(store, event, (doc) => {
        const next = { ...doc };
        for (const { field, after } of event.data.changes) {
          if (field === 'name' || field === 'privateType' || field === 'isTemplate')
            Object.assign(next, { [field]: after });
        }
        return next;
      }),
    ProjectDeleted: (event, store) => project(store, event, (doc) => ({ ...doc, deleted: true })),
    ProjectMemberAdded: (event, store) => project(store, event, (doc) => withMember(doc, event.data)),
    ProjectMemberRoleChanged: (event, store) => project(store, event, (doc) => withMember(doc, event.data)),
    ProjectMemberRemoved: (event, store) =>
      project(store, event, (doc) => ({ ...doc, members: doc.members.filter((m) => m.userId !== event.data.userId) })),

    StructureNodeAdded: (event, store) => putNodes(store, event, [event.data]),
    StructureNodesCopied: (event, store) => putNodes(store, event, event.data.nodes),
    StructureNodeRenamed: async (event, store) => {
      const { nodeId, docId, name } = event.data;
      await evolveDoc(store, workNodes, nodeId, at(event), (doc) => doc && { ...doc, name });
      if (docId > 0) {
        await evolveDoc(
          store,
          workDocs,
          docId,
          at(event),
          (doc) => doc && { ...doc, recent: withRecent(doc, at(event), [NAME_PART]) },
        );
      }
    },
    StructureNodesMoved: async (event, store) => {
      for (const { nodeId, parentId } of event.data.moves) {
        await evolveDoc(store, workNodes, nodeId, at(event), (doc) => doc && { ...doc, parentId });
      }
    },
    StructureNodesRemoved: async (event, store) => {
      for (const { nodeId } of event.data.removed) {
        await evolveDoc(store, workNodes, nodeId, at(event), (doc) => doc && { ...doc, deleted: true });
      }
    },

    DocCreated: async (event, store) => {
      const { docId, projectId, nodeId, kind, content } = event.data;
      const teamId = await teamOf(store, projectId);
      await evolveDoc(store, workDocs, docId, at(event), () => ({
        docId,
        nodeId,
        projectId,
        teamId,
        kind,
        method: content.method ?? '',
        path: content.path ?? '',
        parts: contentParts(content),
        recent: [],
        deleted: false,
      }));
    },
    DocSaved: (event, store) =>
      evolveDoc(store, workDocs, idOf(event, 'projectDoc'), at(event), (doc) => {
        if (!doc) return null;
        const { content } = event.data;
        const parts = contentParts(content);
        const changes = changedParts(doc.parts, parts);
        const request = { method: content.method ?? '', path: content.path ?? '' };
        return { ...doc, ...request, parts, recent: withRecent(doc, at(event), changes) };
      }),
    TestScenarioCreated: ({ data, metadata }, store) =>
      evolveDoc(store, workTestScenarios, data.testScenarioId, metadata.globalPosition, () => ({
        testScenarioId: data.testScenarioId,
        projectId: data.projectId,
        name: data.name,
        createdBy: data.createdBy,
      })),
    TestRunStarted: ({ data, metadata }, store) =>
      evolveDoc(store, workTestRuns, data.testRunId, metadata.globalPosition, () => ({
        testRunId: data.testRunId,
        projectId: data.projectId,
        name: data.name,
        testScenarioId: data.testScenarioId,
        userId: data.userId,
      })),
    DocDeleted: (event, store) =>
      evolveDoc(store, workDocs, idOf(event, 'projectDoc'), at(event), (doc) => doc && { ...doc, deleted: true }),
  },
});

function withMember(doc: WorkProjectDoc, member: { userId: number; role: WorkProjectDoc['members'][number]['role'] }) {
  const members = [
    ...doc.members.filter((m) => m.userId !== member.userId),
    { userId: member.userId, role: member.role },
  ];
  return { ...doc, members };
}

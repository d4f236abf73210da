import {
  createMemoryReadStore,
  type Projection,
  type ReadStore,
  type RecordedEvent,
  teamMembersProjection,
} from '@pmbok/infra';
import {
  knowledgeProjection,
  peopleProjection,
  taskKnowledgeProjection,
} from '../../src/projections/knowledge/index.js';
import { createRetriever } from '../../src/retrieval/retriever.js';

const TOPICS: Record<string, Projection> = {
  team: teamMembersProjection,
  auth: peopleProjection,
  project: knowledgeProjection,
  task: taskKnowledgeProjection,
};

/**
 * The knowledge read models in a memory store, fed by hand with events as the team, auth, project and task topics
 * carry them (data as the producers write it, more than their contracts publish), and a retriever over them.
 */
export function knowledgeLog(options: { now?: () => number; maxSources?: number } = {}) {
  const store: ReadStore = createMemoryReadStore();
  let position = 0;
  const ids = { next: 100 };
  const id = () => ++ids.next;

  async function emit(topic: keyof typeof TOPICS, streamId: string, type: string, data: object) {
    const event: RecordedEvent = {
      type,
      data,
      metadata: { eventId: `e${++position}`, streamId, version: 1, globalPosition: position, at: position },
    };
    const projection = TOPICS[topic]!;
    if (projection.canHandle.includes(type)) await projection.handle(event, store);
    return event;
  }

  const retriever = createRetriever({ readStore: store, now: options.now, maxSources: options.maxSources });

  const api = {
    store,
    retriever,
    emit,
    /** Delivers an event again, as at-least-once delivery may. */
    redeliver: async (topic: keyof typeof TOPICS, event: RecordedEvent) => TOPICS[topic]!.handle(event, store),

    async team(ownerId: number, memberIds: number[] = []) {
      const teamId = id();
      const stream = `team-${teamId}`;
      await emit('team', stream, 'TeamCreated', { teamId, name: `团队${teamId}`, ownerId, poster: 0, shareCode: 'x' });
      await emit('team', stream, 'MemberJoined', { userId: ownerId, role: 'owner', via: 'created', inviterId: 0 });
      for (const userId of memberIds) await api.join(teamId, userId);
      return teamId;
    },
    join: (teamId: number, userId: number) =>
      emit('team', `team-${teamId}`, 'MemberJoined', { userId, role: 'member', via: 'shareCode', inviterId: 0 }),
    leave: (teamId: number, userId: number) => emit('team', `team-${teamId}`, 'MemberLeft', { userId }),
    person: (userId: number, nickname: string) =>
      emit('auth', `user-${userId}`, 'UserRegistered', {
        userId,
        telephone: '13800000000',
        nickname,
        shareCode: 'x',
        inviterShareCode: '',
      }),

    async project(
      teamId: number,
      name: string,
      options: { privateType?: 'team' | 'members'; memberIds?: number[]; isTemplate?: boolean } = {},
    ) {
      const projectId = id();
      await emit('project', `project-${projectId}`, 'ProjectCreated', {
        projectId,
        teamId,
        ownerId: options.memberIds?.[0] ?? 0,
        sourceProjectId: 0,
        name,
        description: '',
        logo: '',
        poster: 0,
        privateType: options.privateType ?? 'team',
        docPrivateType: 'private',
        versionUpdateType: 'manual',
        isTemplate: options.isTemplate ?? false,
      });
      for (const userId of options.memberIds ?? []) await api.addMember(projectId, userId);
      return projectId;
    },
    addMember: (projectId: number, userId: number) =>
      emit('project', `project-${projectId}`, 'ProjectMemberAdded', { userId, role: 'editor' }),
    removeMember: (projectId: number, userId: number) =>
      emit('project', `project-${projectId}`, 'ProjectMemberRemoved', { userId, role: 'editor', reason: 'removed' }),
    updateProject: (projectId: number, field: string, before: unknown, after: unknown) =>
      emit('project', `project-${projectId}`, 'ProjectUpdated', { changes: [{ field, before, after }] }),
    deleteProject: (projectId: number) => emit('project', `project-${projectId}`, 'ProjectDeleted', { name: '' }),

    /** A node with its document, as adding a node does (the tree's event, then the document's). */
    async doc(projectId: number, kind: 'api' | 'page' | 'schema', name: string, content: object) {
      const nodeId = id();
      const docId = id();
      const node = {
        nodeId,
        parentId: 0,
        kind,
        name,
        sort: 0,
        docId,
        isTemplate: false,
        sourceNodeId: 0,
        sourceDocId: 0,
      };
      await emit('project', `projectTree-${projectId}`, 'StructureNodeAdded', node);
      await emit('project', `projectDoc-${docId}`, 'DocCreated', {
        docId,
        projectId,
        nodeId,
        kind,
        content,
        sourceDocId: 0,
        createdBy: 1,
        createdAt: 0,
      });
      return { nodeId, docId };
    },
    rename: (projectId: number, node: { nodeId: number; docId: number }, name: string) =>
      emit('project', `projectTree-${projectId}`, 'StructureNodeRenamed', { ...node, name, changes: [] }),
    save: (docId: number, content: object) =>
      emit('project', `projectDoc-${docId}`, 'DocSaved', {
        version: 2,
        content,
        baseVersion: 1,
        changes: [],
        savedBy: 1,
        savedAt: 0,
      }),
    async remove(projectId: number, node: { nodeId: number; docId: number }) {
      await emit('project', `projectTree-${projectId}`, 'StructureNodesRemoved', {
        nodeId: node.nodeId,
        removed: [{ ...node, kind: 'page' }],
      });
      await emit('project', `projectDoc-${node.docId}`, 'DocDeleted', { deletedBy: 1, deletedAt: 0 });
    },
    async field(library: { teamId: number; projectId?: number }, name: string, description: string) {
      const dataFieldId = id();
      await emit('project', `dataField-${dataFieldId}`, 'DataFieldCreated', {
        scope: library.projectId ? 'project' : 'team',
        projectId: library.projectId ?? 0,
        teamId: library.teamId,
        dataFieldId,
        name,
        aliases: [],
        type: 'string',
        format: '',
        description,
        example: null,
        enum: [],
        mockRule: '',
        createdBy: 1,
        createdAt: 0,
      });
      return dataFieldId;
    },

    async taskProject(teamId: number, name: string, memberIds: number[]) {
      const taskProjectId = id();
      const stream = `taskProject-${taskProjectId}`;
      await emit('task', stream, 'TaskProjectCreated', {
        taskProjectId,
        teamId,
        name,
        ownerId: memberIds[0] ?? 0,
        sourceTaskProjectId: 0,
        description: '',
        logo: '',
        poster: 0,
        beginTime: 0,
        endTime: 0,
        isTemplate: false,
        flows: [
          { flowId: 1, name: '待处理', sort: 0 },
          { flowId: 2, name: '进行中', sort: 1 },
        ],
      });
      for (const userId of memberIds) await emit('task', stream, 'ProjectMemberAdded', { userId, role: 'member' });
      return taskProjectId;
    },
    async task(
      taskProjectId: number,
      name: string,
      options: { content?: string; assigneeId?: number; endTime?: number } = {},
    ) {
      const taskId = id();
      await emit('task', `task-${taskId}`, 'TaskCreated', {
        taskId,
        projectId: taskProjectId,
        name,
        flowId: 1,
        flowName: '待处理',
        assigneeId: options.assigneeId ?? 0,
        creatorId: 1,
        workHour: 0,
        urgentLevel: 0,
        startTime: 0,
        endTime: options.endTime ?? 0,
        content: options.content ?? '',
      });
      return taskId;
    },
    finish: (taskId: number) =>
      emit('task', `task-${taskId}`, 'TaskFinished', { content: '', from: 'todo', workedMs: 0 }),
  };
  return api;
}

export type KnowledgeLog = ReturnType<typeof knowledgeLog>;

import {
  createMemoryReadStore,
  type Projection,
  type ReadStore,
  type RecordedEvent,
  teamMembersProjection,
} from '@pmbok/infra';
import { usersProjection } from '../src/projections/users/index.js';
import { workDirectory } from '../src/projections/work/directory.js';
import { workProjectProjection } from '../src/projections/work/projectFeed.js';
import { workTaskProjection } from '../src/projections/work/taskFeed.js';
import { workTeamProjection } from '../src/projections/work/teamFeed.js';

const TOPICS: Record<string, Projection[]> = {
  team: [teamMembersProjection, workTeamProjection],
  auth: [usersProjection],
  project: [workProjectProjection],
  task: [workTaskProjection],
};
export type Topic = 'team' | 'auth' | 'project' | 'task';

/**
 * The work read models in a memory store, fed by hand with events as the team, auth, project and task topics carry
 * them (data as the producers write it), and the WorkDirectory over them.
 */
export function workLog(store: ReadStore = createMemoryReadStore()) {
  let position = 0;
  let nextId = 500;
  const id = () => ++nextId;

  async function emit(topic: Topic, streamId: string, type: string, data: object, actor = 0): Promise<RecordedEvent> {
    position += 1;
    const event: RecordedEvent = {
      type,
      data,
      metadata: {
        eventId: `${topic}-e${position}`,
        streamId,
        version: 1,
        globalPosition: position,
        at: 1_700_000_000_000 + position,
        actor: actor ? String(actor) : undefined,
      },
    };
    for (const projection of TOPICS[topic]!) {
      if (projection.canHandle.includes(type)) await projection.handle(event, store);
    }
    return event;
  }

  const api = {
    store,
    id,
    emit,
    work: workDirectory(store, async () => {}),
    redeliver: async (topic: Topic, event: RecordedEvent) => {
      for (const projection of TOPICS[topic]!) {
        if (projection.canHandle.includes(event.type)) await projection.handle(event, store);
      }
    },
    user: (userId: number, nickname: string) =>
      emit('auth', `user-${userId}`, 'UserRegistered', { userId, nickname, telephone: `1380000${userId}` }),
    async team(ownerId: number, memberIds: number[] = [], admins: number[] = []) {
      const teamId = id();
      const stream = `team-${teamId}`;
      await emit('team', stream, 'TeamCreated', { teamId, name: `团队${teamId}`, ownerId, poster: 0 });
      await emit('team', stream, 'MemberJoined', { userId: ownerId, role: 'owner', via: 'created', inviterId: 0 });
      for (const userId of memberIds) {
        const role = admins.includes(userId) ? 'administrator' : 'member';
        await emit('team', stream, 'MemberJoined', { userId, role, via: 'shareCode', inviterId: 0 });
      }
      return teamId;
    },
    async project(teamId: number, ownerId: number, memberIds: number[] = [], privateType = 'members') {
      const projectId = id();
      const stream = `project-${projectId}`;
      await emit('project', stream, 'ProjectCreated', {
        projectId,
        teamId,
        ownerId,
        name: `项目${projectId}`,
        privateType,
        isTemplate: false,
      });
      await emit('project', stream, 'ProjectMemberAdded', { userId: ownerId, role: 'owner' });
      for (const userId of memberIds) await emit('project', stream, 'ProjectMemberAdded', { userId, role: 'editor' });
      return projectId;
    },
    async node(projectId: number, parentId: number, kind: string, name: string, content: object = {}) {
      const nodeId = id();
      const docId = kind === 'folder' ? 0 : id();
      const node = { nodeId, parentId, kind, name, docId, isTemplate: false, sort: 0 };
      await emit('project', `projectTree-${projectId}`, 'StructureNodeAdded', node);
      if (docId) {
        await emit('project', `projectDoc-${docId}`, 'DocCreated', { docId, projectId, nodeId, kind, content });
      }
      return { nodeId, docId };
    },
    async taskProject(teamId: number, ownerId: number, memberIds: number[] = []) {
      const taskProjectId = id();
      const stream = `taskProject-${taskProjectId}`;
      const flows = [{ flowId: 1, name: '待办', sort: 0 }];
      await emit('task', stream, 'TaskProjectCreated', {
        taskProjectId,
        teamId,
        name: `任务项目${taskProjectId}`,
        ownerId,
        flows,
      });
      await emit('task', stream, 'ProjectMemberAdded', { userId: ownerId, role: 'owner' });
      for (const userId of memberIds) await emit('task', stream, 'ProjectMemberAdded', { userId, role: 'member' });
      return taskProjectId;
    },
    async task(taskProjectId: number, creatorId: number, assigneeId: number, endTime = 0, name = '登录页') {
      const taskId = id();
      const data = {
        taskId,
        projectId: taskProjectId,
        name,
        flowId: 1,
        flowName: '待办',
        assigneeId,
        creatorId,
        workHour: 0,
        urgentLevel: 0,
        startTime: 0,
        endTime,
        content: '',
      };
      const event = await emit('task', `task-${taskId}`, 'TaskCreated', data, creatorId);
      return { taskId, event };
    },
  };
  return api;
}

import { parseStreamId, projection, publishedBy, type ReadStore } from '@pmbok/infra';
import type { TaskEvents } from '@pmbok/task-service/events';
import { at, evolveDoc, type Meta } from './evolve.js';
import {
  type TaskProjectRole,
  type TaskStatus,
  type WorkTaskDoc,
  type WorkTaskProjectDoc,
  workTaskProjects,
  workTasks,
} from './models.js';

const taskProject = (store: ReadStore, event: Meta, evolve: (doc: WorkTaskProjectDoc) => WorkTaskProjectDoc) =>
  evolveDoc(store, workTaskProjects, parseStreamId(event.metadata.streamId, 'taskProject'), at(event), (doc) =>
    doc ? evolve(doc) : undefined,
  );
const task = (store: ReadStore, event: Meta, evolve: (doc: WorkTaskDoc) => WorkTaskDoc) =>
  evolveDoc(store, workTasks, parseStreamId(event.metadata.streamId, 'task'), at(event), (doc) =>
    doc ? evolve(doc) : undefined,
  );
const status = (to: TaskStatus) => (event: Meta, store: ReadStore) =>
  task(store, event, (doc) => ({ ...doc, status: to }));

const withMember = (doc: WorkTaskProjectDoc, member: { userId: number; role: TaskProjectRole }) => ({
  ...doc,
  members: [...doc.members.filter((m) => m.userId !== member.userId), { userId: member.userId, role: member.role }],
});

/**
 * The task topic as the messaging service needs it: task projects (members and their roles) and tasks (name,
 * assignee, creator, due time, status, stage). One projection, so a task finds its project's team recorded.
 */
export const workTaskProjection = projection({
  name: 'msgWorkTask',
  source: publishedBy<TaskEvents>('task'),
  on: {
    TaskProjectCreated: (event, store) => {
      const { data } = event;
      return evolveDoc(store, workTaskProjects, data.taskProjectId, at(event), () => ({
        taskProjectId: data.taskProjectId,
        teamId: data.teamId,
        name: data.name,
        members: [],
      }));
    },
    TaskProjectUpdated: (event, store) => taskProject(store, event, (doc) => ({ ...doc, name: event.data.name })),
    ProjectMemberAdded: (event, store) => taskProject(store, event, (doc) => withMember(doc, event.data)),
    ProjectMemberRoleChanged: (event, store) => taskProject(store, event, (doc) => withMember(doc, event.data)),
    ProjectMemberRemoved: (event, store) =>
      taskProject(store, event, (doc) => ({
        ...doc,
        members: doc.members.filter((m) => m.userId !== event.data.userId),
      })),

    TaskCreated: async (event, store) => {
      const { data } = event;
      const teamId = (await workTaskProjects(store).findOne({ _id: String(data.projectId) }))?.teamId ?? 0;
      await evolveDoc(store, workTasks, data.taskId, at(event), () => ({
        taskId: data.taskId,
        taskProjectId: data.projectId,
        teamId,
        name: data.name,
        assigneeId: data.assigneeId,
        creatorId: data.creatorId ?? 0,
        endTime: data.endTime ?? 0,
        status: 'todo' as const,
        flowName: data.flowName ?? '',
      }));
    },
    TaskRenamed: (event, store) => task(store, event, (doc) => ({ ...doc, name: event.data.name })),
    TaskScheduled: (event, store) => task(store, event, (doc) => ({ ...doc, endTime: event.data.endTime })),
    TaskMovedToFlow: (event, store) => task(store, event, (doc) => ({ ...doc, flowName: event.data.flowName })),
    TaskTransferred: (event, store) => task(store, event, (doc) => ({ ...doc, assigneeId: event.data.toUserId })),
    TaskStarted: status('in_progress'),
    TaskStopped: status('paused'),
    TaskFinished: status('finished'),
    TaskCancelled: status('cancelled'),
    TaskClosed: status('closed'),
  },
});

import { parseStreamId, projection, publishedBy, type ReadStore } from '@pmbok/infra';
import type { TaskEvents } from '@pmbok/task-service/events';
import { evolveDoc, teamOf } from './evolve.js';
import { type TaskDoc, type TaskProjectDoc, type TaskStatus, taskProjects, tasks } from './models.js';
import { plainText } from './text.js';

type Meta = { metadata: { streamId: string; globalPosition: number } };
const at = (event: Meta) => event.metadata.globalPosition;

const taskProject = (store: ReadStore, event: Meta, evolve: (doc: TaskProjectDoc) => TaskProjectDoc) =>
  evolveDoc(store, taskProjects, parseStreamId(event.metadata.streamId, 'taskProject'), at(event), (doc) =>
    doc ? evolve(doc) : undefined,
  );
const task = (store: ReadStore, event: Meta, evolve: (doc: TaskDoc) => TaskDoc) =>
  evolveDoc(store, tasks, parseStreamId(event.metadata.streamId, 'task'), at(event), (doc) =>
    doc ? evolve(doc) : undefined,
  );
const status = (to: TaskStatus) => (event: Meta, store: ReadStore) =>
  task(store, event, (doc) => ({ ...doc, status: to }));
const withFlow = (flows: TaskProjectDoc['flows'], flow: { flowId: number; name: string }) => [
  ...flows.filter((f) => f.flowId !== flow.flowId),
  { flowId: flow.flowId, name: flow.name },
];

/**
 * The task topic's part of what the assistant knows: task projects (members, stages) and their tasks. One
 * projection, so a task finds its project's team already recorded.
 */
export const taskKnowledgeProjection = projection({
  name: 'aiTasks',
  source: publishedBy<TaskEvents>('task'),
  on: {
    TaskProjectCreated: async (event, store) => {
      const { data } = event;
      await evolveDoc(store, taskProjects, data.taskProjectId, at(event), () => ({
        taskProjectId: data.taskProjectId,
        teamId: data.teamId,
        name: data.name,
        memberIds: [],
        flows: (data.flows ?? []).map(({ flowId, name }) => ({ flowId, name })),
        deleted: false,
      }));
    },
    TaskProjectUpdated: (event, store) => taskProject(store, event, (doc) => ({ ...doc, name: event.data.name })),
    ProjectMemberAdded: (event, store) =>
      taskProject(store, event, (doc) => ({
        ...doc,
        memberIds: [...doc.memberIds.filter((id) => id !== event.data.userId), event.data.userId],
      })),
    ProjectMemberRemoved: (event, store) =>
      taskProject(store, event, (doc) => ({
        ...doc,
        memberIds: doc.memberIds.filter((id) => id !== event.data.userId),
      })),
    FlowCreated: (event, store) =>
      taskProject(store, event, (doc) => ({ ...doc, flows: withFlow(doc.flows, event.data) })),
    FlowUpdated: (event, store) =>
      taskProject(store, event, (doc) => ({ ...doc, flows: withFlow(doc.flows, event.data) })),
    FlowDeleted: (event, store) =>
      taskProject(store, event, (doc) => ({ ...doc, flows: doc.flows.filter((f) => f.flowId !== event.data.flowId) })),

    TaskCreated: async (event, store) => {
      const { data } = event;
      const teamId = await teamOf(store, taskProjects, data.projectId);
      await evolveDoc(store, tasks, data.taskId, at(event), () => ({
        taskId: data.taskId,
        taskProjectId: data.projectId,
        teamId,
        name: data.name,
        text: plainText(data.content ?? ''),
        flowId: data.flowId ?? 0,
        flowName: data.flowName ?? '',
        status: 'todo' as const,
        assigneeId: data.assigneeId,
        startTime: data.startTime ?? 0,
        endTime: data.endTime ?? 0,
        deleted: false,
      }));
    },
    TaskRenamed: (event, store) => task(store, event, (doc) => ({ ...doc, name: event.data.name })),
    TaskContentUpdated: (event, store) =>
      task(store, event, (doc) => ({ ...doc, text: plainText(event.data.content) })),
    TaskScheduled: (event, store) =>
      task(store, event, (doc) => ({ ...doc, startTime: event.data.startTime, endTime: event.data.endTime })),
    TaskMovedToFlow: (event, store) =>
      task(store, event, (doc) => ({ ...doc, flowId: event.data.flowId, flowName: event.data.flowName })),
    TaskTransferred: (event, store) => task(store, event, (doc) => ({ ...doc, assigneeId: event.data.toUserId })),
    TaskStarted: status('in_progress'),
    TaskStopped: status('paused'),
    TaskFinished: status('finished'),
    TaskCancelled: status('cancelled'),
    TaskClosed: status('closed'),
  },
});

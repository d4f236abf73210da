import type { PublishedEvent } from '@pmbok/infra';
import { parseStreamId, publishedBy, type Recorded, reaction } from '@pmbok/infra';
import type { TaskEvents } from '@pmbok/task-service/events';
import { nameArg, type RecipientDraft } from '../../application/notifications/record.js';
import type { ActivityPhrase } from '../../domain/phrases.js';
import {
  links,
  type WorkTaskDoc,
  type WorkTaskProjectDoc,
  workTaskProjects,
  workTasks,
} from '../../projections/work/index.js';
import { type ActivityContext, actorOf, asOf, followersOf, isRecent, plainLine, record } from './context.js';

type TaskEvent = Recorded<PublishedEvent<TaskEvents>>;

/** The phrase of each status change (phrases.ts). */
const STATUS_PHRASE: Partial<Record<string, ActivityPhrase>> = {
  TaskStarted: 'task.started',
  TaskStopped: 'task.paused',
  TaskFinished: 'task.finished',
  TaskCancelled: 'task.cancelled',
  TaskClosed: 'task.closed',
};

/** The task of a `task-<id>` event and its project, as of the event; null when either is unknown. */
async function taskOf(context: ActivityContext, event: TaskEvent) {
  const { readStore } = context.runtime;
  const task = await workTasks(readStore).findOne({ _id: String(parseStreamId(event.metadata.streamId, 'task')) });
  const project = task && (await workTaskProjects(readStore).findOne({ _id: String(task.taskProjectId) }));
  return task && project ? { task, project } : null;
}

const common = (event: TaskEvent, task: WorkTaskDoc, project: WorkTaskProjectDoc, actorId: number) => ({
  teamId: project.teamId,
  projectId: project.taskProjectId,
  projectKind: 'task' as const,
  projectName: project.name,
  actorId,
  summary: '',
  link: links.task(project.taskProjectId, task.taskId),
  targetKind: 'task' as const,
  targetId: task.taskId,
  at: event.metadata.at,
});

/** Members of the task project only: someone who left it is told nothing more of its tasks. */
const members = (project: WorkTaskProjectDoc, userIds: number[]) =>
  userIds.filter((userId) => project.members.some((m) => m.userId === userId));

async function taskActivities(context: ActivityContext, event: TaskEvent) {
  const found = await taskOf(context, event);
  if (!found) return;
  const { task, project } = found;
  const actorId = actorOf(event);
  const actor = await nameArg(context.work, actorId);
  const base = common(event, task, project, actorId);
  const sourceEventId = event.metadata.eventId;
  const followers = async () =>
    followersOf(context, project.teamId, [
      { kind: 'task', ids: [task.taskId] },
      { kind: 'taskProject', ids: [project.taskProjectId] },
    ]);
  const told = (userIds: number[], phrase?: ActivityPhrase, args?: Record<string, string>): RecipientDraft[] =>
    members(project, userIds).map((userId) => ({ userId, phrase, args }));
  const args = { actor, target: task.name };

  switch (event.type) {
    case 'TaskCreated': {
      const creatorId = event.data.creatorId || actorId;
      const other = await nameArg(context.work, event.data.assigneeId);
      // Assigned to its own creator, the team reads it as a task created (not 王敏 给王敏分配了任务).
      const toOther = event.data.assigneeId && event.data.assigneeId !== creatorId;
      await record(context, {
        ...base,
        actorId: creatorId,
        sourceEventId,
        kind: 'task.assigned',
        phrase: toOther ? 'task.assigned' : 'task.created',
        args: toOther ? { ...args, other } : args,
        recipients: told([event.data.assigneeId], 'task.assigned.you', args),
      });
      return;
    }
    case 'TaskTransferred': {
      const { fromUserId, toUserId } = event.data;
      const other = await nameArg(context.work, toUserId);
      await record(context, {
        ...base,
        sourceEventId,
        kind: 'task.transferred',
        phrase: 'task.transferred',
        args: { ...args, other },
        recipients: [
          ...told([toUserId], 'task.transferred.you', args),
          ...told([fromUserId], 'task.transferred.yours'),
          ...told(await followers()),
        ],
      });
      return;
    }
    case 'TaskCommented': {
      const mentioned = members(project, event.data.mentionIds ?? []);
      const summary = plainLine(event.data.content);
      if (mentioned.length > 0) {
        await record(context, {
          ...base,
          summary,
          sourceEventId,
          kind: 'task.mentioned',
          phrase: 'task.mentioned',
          args: { ...args, count: String(mentioned.length) },
          recipients: told(mentioned, 'task.mentioned.you', args),
        });
      }
      // Someone mentioned is told once, by the mention.
      const others = [task.assigneeId, task.creatorId, ...(await followers())].filter((id) => !mentioned.includes(id));
      await record(context, {
        ...base,
        summary,
        sourceEventId,
        kind: 'task.commented',
        phrase: 'task.commented',
        args,
        recipients: told(others),
      });
      return;
    }
    default: {
      const phrase = STATUS_PHRASE[event.type];
      if (!phrase) return;
      await record(context, {
        ...base,
        sourceEventId,
        kind: 'task.status',
        phrase,
        args,
        recipients: told([task.assigneeId, task.creatorId, ...(await followers())]),
      });
    }
  }
}

/** Added to a task project (not when the project is made: its owner adds themselves). */
async function memberAdded(context: ActivityContext, event: TaskEvent & { type: 'ProjectMemberAdded' }) {
  const actorId = actorOf(event);
  const taskProjectId = parseStreamId(event.metadata.streamId, 'taskProject');
  const project = await workTaskProjects(context.runtime.readStore).findOne({ _id: String(taskProjectId) });
  // The creator joining its own project is part of creating it: nothing for anyone to read.
  if (!project || actorId === 0 || event.data.userId === actorId) return;
  const actor = await nameArg(context.work, actorId);
  const member = await nameArg(context.work, event.data.userId);
  await record(context, {
    sourceEventId: event.metadata.eventId,
    kind: 'project.member',
    teamId: project.teamId,
    projectId: taskProjectId,
    projectKind: 'task',
    projectName: project.name,
    actorId,
    phrase: 'taskProject.member',
    args: { actor, other: member, project: project.name },
    summary: '',
    link: links.taskProject(taskProjectId),
    targetKind: 'taskProject',
    targetId: taskProjectId,
    at: event.metadata.at,
    recipients: [
      { userId: event.data.userId, phrase: 'taskProject.member.you', args: { actor, project: project.name } },
    ],
  });
}

const STATUS_EVENTS = ['TaskStarted', 'TaskStopped', 'TaskFinished', 'TaskCancelled', 'TaskClosed'] as const;

/** One task topic event, as the reaction handles it (exported for tests). */
export async function onTaskEvent(context: ActivityContext, event: TaskEvent) {
  const handled =
    event.type === 'ProjectMemberAdded' ||
    event.type === 'TaskCreated' ||
    event.type === 'TaskTransferred' ||
    event.type === 'TaskCommented' ||
    (STATUS_EVENTS as readonly string[]).includes(event.type);
  if (!handled || !isRecent(context, event)) return;
  await asOf(context, context.feeds.task, event);
  if (event.type === 'ProjectMemberAdded') await memberAdded(context, event);
  else await taskActivities(context, event);
}

/** Activities from the task topic: assignments, transfers, comments and mentions, status changes, members added. */
export function taskActivityReaction(context: ActivityContext) {
  return reaction({
    name: 'messaging-activities-task',
    source: publishedBy<TaskEvents>('task'),
    each: (event) => onTaskEvent(context, event),
  });
}

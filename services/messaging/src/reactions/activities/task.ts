import type { PublishedEvent } from '@pmbok/infra';
import { parseStreamId, publishedBy, type Recorded, reaction } from '@pmbok/infra';
import type { TaskEvents } from '@pmbok/task-service/events';
import { nameIn } from '../../application/notifications/record.js';
import {
  links,
  type WorkTaskDoc,
  type WorkTaskProjectDoc,
  workTaskProjects,
  workTasks,
} from '../../projections/work/index.js';
import { type ActivityContext, actorOf, asOf, followersOf, isRecent, plainLine, record } from './context.js';

type TaskEvent = Recorded<PublishedEvent<TaskEvents>>;

const VERB: Partial<Record<string, string>> = {
  TaskStarted: '开始了',
  TaskStopped: '暂停了',
  TaskFinished: '完成了',
  TaskCancelled: '取消了',
  TaskClosed: '关闭了',
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
  const actor = await nameIn(context.work, actorId);
  const base = common(event, task, project, actorId);
  const sourceEventId = event.metadata.eventId;
  const followers = async () =>
    followersOf(context, project.teamId, [
      { kind: 'task', ids: [task.taskId] },
      { kind: 'taskProject', ids: [project.taskProjectId] },
    ]);
  const told = (userIds: number[], title: string) => members(project, userIds).map((userId) => ({ userId, title }));

  switch (event.type) {
    case 'TaskCreated': {
      const creatorId = event.data.creatorId || actorId;
      const title = `${actor} 给你分配了任务「${task.name}」`;
      const assignee = await nameIn(context.work, event.data.assigneeId);
      await record(context, {
        ...base,
        actorId: creatorId,
        sourceEventId,
        kind: 'task.assigned',
        // Assigned to its own creator, the team reads it as a task created (not 王敏 给王敏分配了任务).
        title:
          event.data.assigneeId && event.data.assigneeId !== creatorId
            ? `${actor} 给${assignee}分配了任务「${task.name}」`
            : `${actor} 创建了任务「${task.name}」`,
        recipients: told([event.data.assigneeId], title),
      });
      return;
    }
    case 'TaskTransferred': {
      const { fromUserId, toUserId } = event.data;
      const to = await nameIn(context.work, toUserId);
      await record(context, {
        ...base,
        sourceEventId,
        kind: 'task.transferred',
        title: `${actor} 把任务「${task.name}」转交给了${to}`,
        recipients: [
          ...told([toUserId], `${actor} 把任务「${task.name}」转交给你`),
          ...told([fromUserId], `${actor} 把你的任务「${task.name}」转交给了${to}`),
          ...told(await followers(), `${actor} 把任务「${task.name}」转交给了${to}`),
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
          title: `${actor} 在任务「${task.name}」的评论中提到了${mentioned.length}位成员`,
          recipients: told(mentioned, `${actor} 在任务「${task.name}」的评论中提到了你`),
        });
      }
      // Someone mentioned is told once, by the mention.
      const others = [task.assigneeId, task.creatorId, ...(await followers())].filter((id) => !mentioned.includes(id));
      await record(context, {
        ...base,
        summary,
        sourceEventId,
        kind: 'task.commented',
        title: `${actor} 评论了任务「${task.name}」`,
        recipients: told(others, `${actor} 评论了任务「${task.name}」`),
      });
      return;
    }
    default: {
      const verb = VERB[event.type];
      if (!verb) return;
      const title = `${actor} ${verb}任务「${task.name}」`;
      await record(context, {
        ...base,
        sourceEventId,
        kind: 'task.status',
        title,
        recipients: told([task.assigneeId, task.creatorId, ...(await followers())], title),
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
  const actor = await nameIn(context.work, actorId);
  const member = await nameIn(context.work, event.data.userId);
  await record(context, {
    sourceEventId: event.metadata.eventId,
    kind: 'project.member',
    teamId: project.teamId,
    projectId: taskProjectId,
    projectKind: 'task',
    projectName: project.name,
    actorId,
    title: `${actor} 把${member}加入了任务项目「${project.name}」`,
    summary: '',
    link: links.taskProject(taskProjectId),
    targetKind: 'taskProject',
    targetId: taskProjectId,
    at: event.metadata.at,
    recipients: [{ userId: event.data.userId, title: `${actor} 把你加入了任务项目「${project.name}」` }],
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

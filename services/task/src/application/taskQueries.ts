import { type Caller, type Filter, invalid, notFound } from '@pmbok/infra';
import { taskMessages } from '../domain/task/rules.js';
import { type TaskEvent, type TaskStatus, taskStreamId } from '../domain/task/task.js';
import { orderedFlows } from '../domain/taskProject/taskProject.js';
import { comments } from '../projections/comments/index.js';
import { visibleLinkedDocs } from '../projections/linkedDocs/visible.js';
import { namesOf } from '../projections/people/index.js';
import { spentMsOf, type TaskDoc, tasks } from '../projections/tasks/index.js';
import type { TaskContext } from './context.js';
import { describe, noteOf, peopleIn } from './taskLogs.js';
import { hours, paging, taskViews } from './views.js';

export interface TaskFilter {
  flowId: number;
  userId: number;
  urgentLevel?: number;
  status?: TaskStatus;
  page: number;
  pageSize: number;
  sort: string;
}

const SORTABLE = ['createdAt', 'updatedAt', 'name', 'urgentLevel', 'startTime', 'endTime', 'workHour'];

function sortOf(sort: string): Record<string, 1 | -1> {
  const field = sort.replace(/^-/, '') || 'createdAt';
  if (!SORTABLE.includes(field)) throw invalid(`排序字段只能是 ${SORTABLE.join('、')}`);
  const direction = sort && !sort.startsWith('-') ? 1 : -1;
  return { [field]: direction, taskId: direction };
}

/** What members read about tasks: lists, the board, details, comments, the activity log and work hours. */
export function createTaskQueries(context: TaskContext) {
  const { readStore, eventStore, now, memberView } = context;

  async function taskOf(projectId: number, taskId: number, caller: Caller) {
    const project = await memberView(projectId, caller);
    const task = await tasks(readStore).viewOne({ _id: String(taskId), projectId });
    if (!task) throw notFound(taskMessages.notFound);
    return { project, task };
  }

  return {
    async list(projectId: number, filter: TaskFilter, caller: Caller) {
      const project = await memberView(projectId, caller);
      const query: Filter = { projectId };
      if (filter.flowId) query.flowId = filter.flowId;
      if (filter.userId) query.assigneeId = filter.userId;
      if (filter.urgentLevel !== undefined) query.urgentLevel = filter.urgentLevel;
      if (filter.status) query.status = filter.status;
      const { page, pageSize, skip } = paging(filter.page, filter.pageSize);
      const [total, docs] = await Promise.all([
        tasks(readStore).count(query),
        tasks(readStore).view(query, { sort: sortOf(filter.sort), skip, limit: pageSize }),
      ]);
      return { tasks: await taskViews(readStore, project, docs, now()), total, page, pageSize };
    },

    /** Every task of the project in its flow's column, oldest first. */
    async board(projectId: number, caller: Caller) {
      const project = await memberView(projectId, caller);
      const docs = await tasks(readStore).view({ projectId }, { sort: { createdAt: 1, taskId: 1 } });
      const views = await taskViews(readStore, project, docs, now());
      return orderedFlows(project.flows).map((flow) => {
        const column = views.filter((t) => t.flowId === flow.flowId);
        return { flow: { ...flow, taskCount: column.length }, tasks: column };
      });
    },

    /** The task, and the knowledge documents linked to it that the caller may see. */
    async detail(projectId: number, taskId: number, caller: Caller) {
      const { project, task } = await taskOf(projectId, taskId, caller);
      const [view, linkedDocs] = await Promise.all([
        taskViews(readStore, project, [task], now(), true),
        visibleLinkedDocs(readStore, caller.userId, { taskProjectId: projectId, taskId }),
      ]);
      return { task: view[0]!, linkedDocs };
    },

    async comments(projectId: number, taskId: number, page: number, pageSize: number, caller: Caller) {
      await taskOf(projectId, taskId, caller);
      const paged = paging(page, pageSize);
      const [total, docs] = await Promise.all([
        comments(readStore).count({ taskId }),
        comments(readStore).find(
          { taskId },
          { sort: { createdAt: 1, commentId: 1 }, skip: paged.skip, limit: paged.pageSize },
        ),
      ]);
      const names = await namesOf(
        readStore,
        docs.map((c) => c.userId),
      );
      const list = docs.map(({ commentId, userId, content, createdAt }) => ({
        commentId,
        userId,
        userName: names.get(userId) ?? '',
        content,
        createdAt,
      }));
      return { comments: list, total, page: paged.page, pageSize: paged.pageSize };
    },

    /** The activity log, read from the task's own events: every change, who made it and when, oldest first. */
    async logs(projectId: number, taskId: number, page: number, pageSize: number, caller: Caller) {
      await taskOf(projectId, taskId, caller);
      const events = await eventStore.readStream(taskStreamId(taskId));
      const paged = paging(page, pageSize);
      const slice = events.slice(paged.skip, paged.skip + paged.pageSize);
      const names = await namesOf(readStore, slice.flatMap(peopleIn));
      const nameOf = (userId: number) => names.get(userId) ?? '';
      const logs = slice.map((recorded) => {
        const event = recorded as unknown as TaskEvent;
        const userId = Number(recorded.metadata.actor ?? 0);
        const userName = nameOf(userId);
        const content = describe(event, userName, nameOf);
        return { type: event.type, content, userId, userName, createdAt: recorded.metadata.at, note: noteOf(event) };
      });
      return { logs, total: events.length, page: paged.page, pageSize: paged.pageSize };
    },

    /**
     * Estimated and spent hours per assignee and for the project. Spent time belongs to the task's assignee; a
     * cancelled task's estimate is left out (that work will not be done) but the time spent on it counts.
     */
    async workHourReport(projectId: number, caller: Caller) {
      const project = await memberView(projectId, caller);
      const docs = await tasks(readStore).view({ projectId });
      const rows = new Map<number, { taskCount: number; estimatedMs: number; spentMs: number }>();
      for (const member of project.members) rows.set(member.userId, { taskCount: 0, estimatedMs: 0, spentMs: 0 });
      const add = (task: TaskDoc) => {
        const row = rows.get(task.assigneeId) ?? { taskCount: 0, estimatedMs: 0, spentMs: 0 };
        row.taskCount += 1;
        if (task.status !== 'cancelled') row.estimatedMs += task.workHour * 3_600_000;
        row.spentMs += spentMsOf(task, now());
        rows.set(task.assigneeId, row);
      };
      docs.forEach(add);
      const names = await namesOf(readStore, rows.keys());
      const members = [...rows].map(([userId, row]) => ({
        userId,
        name: names.get(userId) ?? '',
        taskCount: row.taskCount,
        estimatedHours: hours(row.estimatedMs),
        spentHours: hours(row.spentMs),
      }));
      const sum = (pick: (row: { estimatedMs: number; spentMs: number }) => number) =>
        hours([...rows.values()].reduce((total, row) => total + pick(row), 0));
      return {
        members,
        estimatedHours: sum((row) => row.estimatedMs),
        spentHours: sum((row) => row.spentMs),
        taskCount: docs.length,
      };
    },
  };
}

export type TaskQueries = ReturnType<typeof createTaskQueries>;

import type { ReadStore } from '@pmbok/infra';
import { orderedFlows } from '../domain/taskProject/taskProject.js';
import { namesOf } from '../projections/people/index.js';
import type { TaskProjectDoc } from '../projections/taskProjects/index.js';
import { spentMsOf, type TaskDoc, tasks } from '../projections/tasks/index.js';

const HOUR_MS = 3_600_000;
/** Hours with two decimals, as the work-hour fields show them. */
export const hours = (ms: number) => Math.round((ms / HOUR_MS) * 100) / 100;

const roleOrder = { owner: 0, administrator: 1, member: 2 } as const;

/** A project as its members see it: flows in board order with task counts, members with names. */
export async function projectView(store: ReadStore, doc: Readonly<TaskProjectDoc>, userId: number) {
  const [names, projectTasks] = await Promise.all([
    namesOf(store, [doc.ownerId, ...doc.members.map((m) => m.userId)]),
    tasks(store).view({ projectId: doc.taskProjectId }),
  ]);
  const inFlow = (flowId: number) => projectTasks.filter((t) => t.flowId === flowId).length;
  return {
    taskProjectId: doc.taskProjectId,
    teamId: doc.teamId,
    ownerId: doc.ownerId,
    ownerName: names.get(doc.ownerId) ?? '',
    name: doc.name,
    description: doc.description,
    logo: doc.logo,
    poster: doc.poster,
    beginTime: doc.beginTime,
    endTime: doc.endTime,
    isTemplate: doc.isTemplate,
    sourceTaskProjectId: doc.sourceTaskProjectId,
    status: doc.status,
    isStar: doc.stars.includes(userId),
    myRole: doc.members.find((m) => m.userId === userId)?.role,
    flows: orderedFlows(doc.flows).map((flow) => ({ ...flow, taskCount: inFlow(flow.flowId) })),
    members: membersView(doc, names),
    taskCount: projectTasks.length,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

export const membersView = (doc: TaskProjectDoc, names: Map<number, string>) =>
  [...doc.members]
    .sort((a, b) => roleOrder[a.role] - roleOrder[b.role] || a.joinedAt - b.joinedAt)
    .map((m) => ({ userId: m.userId, name: names.get(m.userId) ?? '', role: m.role, joinedAt: m.joinedAt }));

export type ProjectView = Awaited<ReturnType<typeof projectView>>;

/** Tasks as lists and the board show them; the content only when asked for (the detail). */
export async function taskViews(
  store: ReadStore,
  project: TaskProjectDoc,
  docs: readonly Readonly<TaskDoc>[],
  now: number,
  content = false,
) {
  // A loop, not flatMap: V8 ran flatMap's callback and its small arrays slowly (4 % of a taskList; issue 24).
  const people: number[] = [];
  for (const t of docs) people.push(t.assigneeId, t.creatorId);
  const names = await namesOf(store, people);
  const flowNames = new Map(project.flows.map((f) => [f.flowId, f.name]));
  return docs.map((t) => ({
    taskId: t.taskId,
    projectId: t.projectId,
    name: t.name,
    flowId: t.flowId,
    flowName: flowNames.get(t.flowId) ?? '',
    userId: t.assigneeId,
    userName: names.get(t.assigneeId) ?? '',
    creatorId: t.creatorId,
    creatorName: names.get(t.creatorId) ?? '',
    workHour: t.workHour,
    spentHours: hours(spentMsOf(t, now)),
    urgentLevel: t.urgentLevel,
    startTime: t.startTime,
    endTime: t.endTime,
    status: t.status,
    content: content ? t.content : '',
    commentCount: t.commentCount,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  }));
}

export type TaskView = Awaited<ReturnType<typeof taskViews>>[number];

/** `page` from 1, `pageSize` 1 to 100 (20 when not given). */
export function paging(page: number, pageSize: number) {
  const size = Math.min(Math.max(Math.trunc(pageSize) || 20, 1), 100);
  const current = Math.max(Math.trunc(page) || 1, 1);
  return { page: current, pageSize: size, skip: (current - 1) * size };
}

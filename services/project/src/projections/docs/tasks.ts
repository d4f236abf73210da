import {
  type Doc,
  documentProjection,
  feed,
  type IndexSpec,
  publishedBy,
  type ReadStore,
  readModel,
  startReactions,
} from '@pmbok/infra';
import type { TaskEvents, TaskStatus } from '@pmbok/task-service/events';

/** A task as the task service last told: what a document's linked tasks show. */
export interface LinkableTaskDoc extends Doc {
  taskId: number;
  taskProjectId: number;
  name: string;
  status: TaskStatus;
  assigneeId: number;
}

/** A task project's team, name and members: who may see its tasks (its members only, as in the task service). */
export interface LinkableTaskProjectDoc extends Doc {
  taskProjectId: number;
  teamId: number;
  name: string;
  memberIds: number[];
}

export const linkableTasks = readModel<LinkableTaskDoc>('linkableTasks', [{ fields: { taskProjectId: 1 } }]);
const projectIndexes: IndexSpec[] = [{ fields: { teamId: 1 } }];
export const linkableTaskProjects = readModel<LinkableTaskProjectDoc>('linkableTaskProjects', projectIndexes);

const status =
  (to: TaskStatus) =>
  (_event: unknown, doc: LinkableTaskDoc | null): LinkableTaskDoc | null =>
    doc && { ...doc, status: to };

const source = publishedBy<TaskEvents>('task');

export const linkableTasksProjection = documentProjection({
  source,
  collection: linkableTasks,
  stream: 'task',
  on: {
    TaskCreated: ({ data }) => ({
      taskId: data.taskId,
      taskProjectId: data.projectId,
      name: data.name,
      status: 'todo' as const,
      assigneeId: data.assigneeId,
    }),
    TaskRenamed: ({ data }, doc) => doc && { ...doc, name: data.name },
    TaskTransferred: ({ data }, doc) => doc && { ...doc, assigneeId: data.toUserId },
    TaskStarted: status('in_progress'),
    TaskStopped: status('paused'),
    TaskFinished: status('finished'),
    TaskCancelled: status('cancelled'),
    TaskClosed: status('closed'),
  },
});

export const linkableTaskProjectsProjection = documentProjection({
  source,
  collection: linkableTaskProjects,
  stream: 'taskProject',
  on: {
    TaskProjectCreated: ({ data }) => ({
      taskProjectId: data.taskProjectId,
      teamId: data.teamId,
      name: data.name,
      memberIds: [],
    }),
    TaskProjectUpdated: ({ data }, doc) => doc && { ...doc, name: data.name },
    ProjectMemberAdded: ({ data }, doc) =>
      doc && { ...doc, memberIds: [...doc.memberIds.filter((id) => id !== data.userId), data.userId] },
    ProjectMemberRemoved: ({ data }, doc) =>
      doc && { ...doc, memberIds: doc.memberIds.filter((id) => id !== data.userId) },
  },
});

/** The task read models, fed from the task service's topic (their positions live in the read store). */
export async function startTaskFeeds(runtime: Parameters<typeof startReactions>[0]) {
  return startReactions(runtime, {
    linkableTaskProjects: feed(linkableTaskProjectsProjection, 'project-task-projects'),
    linkableTasks: feed(linkableTasksProjection, 'project-tasks'),
  });
}

/** The tasks of `links` that `userId` may see, with their project's name; the rest are left out. */
export async function visibleTasks(
  store: ReadStore,
  userId: number,
  links: { taskProjectId: number; taskId: number }[],
) {
  if (links.length === 0) return [];
  const [tasks, projects] = await Promise.all([
    linkableTasks(store).find({ _id: { $in: links.map((link) => String(link.taskId)) } }),
    linkableTaskProjects(store).find({ _id: { $in: [...new Set(links.map((link) => String(link.taskProjectId)))] } }),
  ]);
  const projectById = new Map(projects.map((project) => [project.taskProjectId, project]));
  return tasks.flatMap((task) => {
    const project = projectById.get(task.taskProjectId);
    return project?.memberIds.includes(userId) ? [{ ...task, projectName: project.name }] : [];
  });
}

import type { CheckpointStore, Logger, RecordedEvent, ServiceRuntime } from '@pmbok/infra';
import { taskProjects } from '../projections/taskProjects/index.js';
import { tasks } from '../projections/tasks/index.js';

/** Push code of a change in a task project: the board, list and drawer of its members refresh themselves. */
export const TASK_CHANGED = 200300;

/**
 * Tells the members of a task project, through the realtime port, that something in it changed (which task,
 * which event, who did it). A notification, not a record: it starts at the log's head, holds no checkpoint,
 * and a member who misses one sees the change on the next read. The members it
 * reads may lag a membership change by a moment (that member then sees it on the next read).
 */
export async function startLivePushes(runtime: ServiceRuntime, logger: Logger) {
  const start = await runtime.eventStore.head();
  let position = start;
  const fromHead: CheckpointStore = {
    load: async () => position,
    store: async (_id, at) => {
      position = at;
    },
  };
  const projectOfTask = new Map<number, number>();
  const projectOf = async (event: RecordedEvent): Promise<number> => {
    const [kind, id] = event.metadata.streamId.split('-');
    if (kind === 'taskProject') return Number(id);
    if (kind !== 'task') return 0;
    const taskId = Number(id);
    const created = (event.data as { projectId?: number }).projectId;
    if (created) projectOfTask.set(taskId, created);
    if (!projectOfTask.has(taskId)) {
      const doc = await tasks(runtime.readStore).findOne({ _id: String(taskId) });
      if (doc) projectOfTask.set(taskId, doc.projectId);
    }
    return projectOfTask.get(taskId) ?? 0;
  };
  const subscription = await runtime.eventStore.subscribe({
    subscriberId: 'live-pushes',
    checkpoints: fromHead,
    handler: async (events) => {
      for (const event of events) {
        const taskProjectId = await projectOf(event);
        if (!taskProjectId) continue;
        const project = await taskProjects(runtime.readStore).findOne({ _id: String(taskProjectId) });
        const [kind, id] = event.metadata.streamId.split('-');
        const push = {
          code: TASK_CHANGED,
          data: {
            taskProjectId,
            taskId: kind === 'task' ? Number(id) : 0,
            type: event.type,
            actorId: Number(event.metadata.actor ?? 0),
          },
        };
        for (const member of project?.members ?? []) {
          await runtime.realtime.publish({ userId: member.userId }, push).catch((error) => {
            logger.warn({ err: error }, 'live push not sent');
          });
        }
      }
    },
  });
  return [() => subscription.stop()];
}

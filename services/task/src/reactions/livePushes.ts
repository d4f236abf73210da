import {
  type Logger,
  ownLog,
  type Recorded,
  reaction,
  type ServiceRuntime,
  splitStreamId,
  startReactions,
} from '@pmbok/infra';
import type { TaskEvent } from '../domain/task/task.js';
import type { TaskProjectEvent } from '../domain/taskProject/taskProject.js';
import type { TemplateCopyPlanned } from '../domain/templateCopy/templateCopy.js';
import { taskProjects } from '../projections/taskProjects/index.js';
import { tasks } from '../projections/tasks/index.js';

/** Push code of a change in a task project: the board, list and drawer of its members refresh themselves. */
export const TASK_CHANGED = 200300;

type TaskServiceEvent = TaskEvent | TaskProjectEvent | TemplateCopyPlanned;

/**
 * Tells the members of a task project, through the realtime port, that something in it changed (which task,
 * which event, who did it). A notification, not a record: it starts at the log's head, holds no checkpoint,
 * and a member who misses one sees the change on the next read. The members it
 * reads may lag a membership change by a moment (that member then sees it on the next read).
 */
export async function startLivePushes(runtime: ServiceRuntime, logger: Logger) {
  const projectOfTask = new Map<number, number>();
  const projectOf = async (event: Recorded<TaskServiceEvent>, stream: { kind: string; id: number }) => {
    if (stream.kind === 'taskProject') return stream.id;
    if (stream.kind !== 'task') return 0;
    if (event.type === 'TaskCreated') projectOfTask.set(stream.id, event.data.projectId);
    if (!projectOfTask.has(stream.id)) {
      const doc = await tasks(runtime.readStore).viewOne({ _id: String(stream.id) });
      if (doc) projectOfTask.set(stream.id, doc.projectId);
    }
    return projectOfTask.get(stream.id) ?? 0;
  };
  const { stops } = await startReactions(runtime, {
    livePushes: reaction({
      name: 'live-pushes',
      source: ownLog<TaskServiceEvent>(),
      start: 'head',
      each: async (event) => {
        const stream = splitStreamId(event.metadata.streamId);
        const taskProjectId = stream ? await projectOf(event, stream) : 0;
        if (!stream || !taskProjectId) return;
        // Read only, for its members: the store's own document, not a copy per event (issue 24).
        const project = await taskProjects(runtime.readStore).viewOne({ _id: String(taskProjectId) });
        const push = {
          code: TASK_CHANGED,
          data: {
            taskProjectId,
            taskId: stream.kind === 'task' ? stream.id : 0,
            type: event.type,
            actorId: Number(event.metadata.actor ?? 0),
          },
        };
        for (const member of project?.members ?? []) {
          await runtime.realtime.publish({ userId: member.userId }, push).catch((error) => {
            logger.warn({ err: error }, 'live push not sent');
          });
        }
      },
    }),
  });
  return stops;
}

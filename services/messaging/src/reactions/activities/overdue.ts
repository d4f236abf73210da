import type { Stop } from '@pmbok/infra';
import { links, workTaskProjects, workTasks } from '../../projections/work/index.js';
import { type ActivityContext, record } from './context.js';

const OPEN = ['todo', 'in_progress', 'paused'];

/**
 * task.overdue: the assignee of each task whose due time has passed (within `maxAgeMs`) and that is not finished,
 * cancelled or closed is told once per due time (the activity's id comes from the task and its due time, so a
 * restart or another replica records nothing new; `done` only spares the store the repeated attempts).
 */
export async function checkOverdue(context: ActivityContext, done: Set<string>) {
  const { readStore } = context.runtime;
  await Promise.all(context.feeds.task.map((feed) => feed.catchUp(5_000))).catch((error) =>
    context.logger.warn({ err: error }, 'task feed behind the overdue check'),
  );
  const now = context.now();
  const due = await workTasks(readStore).find({
    endTime: { $gt: now - context.maxAgeMs, $lte: now },
    status: { $in: OPEN },
  });
  const dueKeys = new Set(due.map((task) => `${task.taskId}:${task.endTime}`));
  // What is no longer due (finished, rescheduled, past the age limit) is forgotten: the set stays small.
  for (const key of done) if (!dueKeys.has(key)) done.delete(key);
  for (const task of due) {
    const key = `${task.taskId}:${task.endTime}`;
    if (done.has(key)) continue;
    const project = await workTaskProjects(readStore).findOne({ _id: String(task.taskProjectId) });
    if (!project) continue;
    const member = project.members.some((m) => m.userId === task.assigneeId);
    await record(context, {
      sourceEventId: `overdue:${key}`,
      kind: 'task.overdue',
      teamId: project.teamId,
      projectId: project.taskProjectId,
      projectKind: 'task',
      projectName: project.name,
      actorId: 0,
      phrase: 'task.overdue',
      args: { target: task.name },
      summary: '',
      link: links.task(project.taskProjectId, task.taskId),
      targetKind: 'task',
      targetId: task.taskId,
      at: task.endTime,
      recipients: member ? [{ userId: task.assigneeId }] : [],
    });
    done.add(key);
  }
}

/** Checks every `intervalMs` (the timer does not keep the process alive); the stop waits for a check under way. */
export function startOverdueChecks(context: ActivityContext, intervalMs: number): Stop {
  const done = new Set<string>();
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = checkOverdue(context, done)
      .catch((error) => context.logger.error({ err: error }, 'overdue check failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

import { randomUUID } from 'node:crypto';
import { type Caller, DomainError, forbidden, type Logger, nextNumericId, notFound } from '@pmbok/infra';
import {
  type ImportScheduleCommand,
  importSchedulesDecider,
  importSchedulesStreamId,
  type ScheduleFields,
  scheduleMessages,
} from '../domain/importSchedule/importSchedule.js';
import { messages } from '../domain/project/rules.js';
import { type ImportScheduleDoc, importSchedules } from '../projections/importSchedules/index.js';
import type { ProjectContext } from './context.js';
import type { ImportingUseCases } from './importing.js';

/** A schedule as `project/importSchedules` answers it (`ImportSchedule` of gateway/src/schemas/publishing.ts). */
export const scheduleView = (doc: ImportScheduleDoc) => ({
  scheduleId: doc.scheduleId,
  url: doc.url,
  format: doc.format,
  intervalMinutes: doc.intervalMinutes,
  enabled: doc.enabled,
  lastRunAt: doc.lastRunAt,
  lastStatus: doc.lastStatus,
  lastMessage: doc.lastMessage,
  nextRunAt: doc.enabled ? doc.nextRunAt : 0,
});

/** One line of a run's outcome, as the settings list shows it. */
export const runSummary = (counts: { add: number; change: number; keep: number }) =>
  `新增 ${counts.add}，更新 ${counts.change}，未变 ${counts.keep}`;

/** Scheduled re-imports: whoever sees the project lists them, managers save and delete them. */
export function createImportSchedules(context: ProjectContext) {
  const { readStore, now, runCommand } = context;

  async function managed(projectId: number, caller: Pick<Caller, 'userId'>) {
    const access = await context.readable(projectId, caller);
    if (!access.canManage) throw forbidden(messages.notManager);
    return access;
  }

  const run = (projectId: number, teamId: number, command: ImportScheduleCommand, caller: Partial<Caller>) =>
    runCommand(importSchedulesStreamId(projectId), importSchedulesDecider, command, caller, { teamId });

  return {
    async list(projectId: number, caller: Pick<Caller, 'userId'>) {
      await context.readable(projectId, caller);
      const docs = await importSchedules(readStore).find({ projectId }, { sort: { scheduleId: 1 } });
      return docs.map(scheduleView);
    },

    async save(projectId: number, scheduleId: number, fields: ScheduleFields, caller: Caller) {
      const { project } = await managed(projectId, caller);
      const id = scheduleId || nextNumericId(now());
      if (scheduleId) {
        const found = await importSchedules(readStore).findOne({ _id: String(scheduleId) });
        // Another project's schedule is as unknown as a missing one.
        if (found?.projectId !== projectId) throw notFound(scheduleMessages.notFound);
      }
      const data = { ...fields, scheduleId: id, projectId, runAs: caller.userId, savedAt: now() };
      await run(projectId, project.teamId, { type: 'SaveImportSchedule', data }, caller);
      return { scheduleId: id };
    },

    async remove(projectId: number, scheduleId: number, caller: Caller) {
      const { project } = await managed(projectId, caller);
      await run(
        projectId,
        project.teamId,
        { type: 'DeleteImportSchedule', data: { scheduleId, deletedBy: caller.userId } },
        caller,
      );
    },
  };
}

/**
 * The timer of scheduled re-imports: every `tickMs`, each enabled schedule that is due is claimed (one instance
 * runs a due time once), imported as the member who saved it (their rights checked now: someone who lost write
 * access makes the run fail with the reason) under a fresh change id, and its outcome recorded in that change.
 */
export function startImportScheduler(
  context: ProjectContext,
  importing: ImportingUseCases,
  options: { logger: Logger; tickMs?: number },
) {
  const { readStore, now, runCommand } = context;
  let running: Promise<void> | undefined;
  let stopped = false;

  async function runOne(schedule: ImportScheduleDoc) {
    const project = await context.findProject(schedule.projectId);
    if (!project) return;
    const streamId = importSchedulesStreamId(schedule.projectId);
    // `schedule-`: the history shows the run's entries as an import.
    const changeId = `schedule-${randomUUID()}`;
    const actor = { userId: schedule.runAs, teamId: project.teamId, correlationId: changeId };
    const start = {
      type: 'StartImportRun',
      data: { scheduleId: schedule.scheduleId, dueAt: schedule.nextRunAt, at: now() },
    } as const;
    const claimed = await runCommand(streamId, importSchedulesDecider, start, actor, { teamId: project.teamId });
    if (claimed.events.length === 0 || claimed.result.alreadyApplied) return;
    let outcome: { status: 'ok' | 'failed'; message: string; changeId: string };
    try {
      const source = { text: '', fileName: '', url: schedule.url, format: schedule.format };
      const result = await importing.apply(schedule.projectId, source, { changeId }, actor);
      outcome = { status: 'ok', message: runSummary(result.counts), changeId: result.changeId };
    } catch (error) {
      const known = error instanceof DomainError;
      if (!known) options.logger.error({ err: error, scheduleId: schedule.scheduleId }, 'scheduled import failed');
      outcome = { status: 'failed', message: known ? (error as Error).message : '导入失败，请稍后重试', changeId: '' };
    }
    const record = {
      type: 'RecordImportRun',
      data: { scheduleId: schedule.scheduleId, at: now(), ...outcome },
    } as const;
    await runCommand(streamId, importSchedulesDecider, record, actor, { teamId: project.teamId });
  }

  /** Runs every schedule due by now, one after another (each import is a heavy job already). */
  async function runDue() {
    const due = await importSchedules(readStore).find(
      { enabled: true, nextRunAt: { $lte: now() } },
      { sort: { nextRunAt: 1 } },
    );
    for (const schedule of due) {
      if (stopped) return;
      await runOne(schedule).catch((error) =>
        options.logger.error({ err: error, scheduleId: schedule.scheduleId }, 'scheduled import not recorded'),
      );
    }
  }

  const tick = () => {
    if (running || stopped) return;
    running = runDue().finally(() => {
      running = undefined;
    });
  };
  const timer = setInterval(tick, options.tickMs ?? 60_000);
  timer.unref();
  return {
    runDue,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

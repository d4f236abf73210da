import { type Decider, type DomainEvent, invalid, notFound, streamId } from '@pmbok/infra';
import type { FieldChange } from '../tree/tree.js';

/**
 * Scheduled re-imports of a project from URLs (stream `projectImportSchedules-<projectId>`, one per project: a
 * handful of schedules). A run is claimed first (`ImportRunStarted` for its due time), so two service instances
 * never run one due time twice, then recorded with its outcome (`ImportRan`) under the import's change id.
 */
export interface ScheduleFields {
  url: string;
  /** 'auto' or an import format. */
  format: string;
  intervalMinutes: number;
  enabled: boolean;
}

export interface ScheduleData extends ScheduleFields {
  scheduleId: number;
  projectId: number;
  /** Who saved it last: the member the runs import as (their rights are checked at each run). */
  runAs: number;
  savedAt: number;
}

export type ImportScheduleSaved = DomainEvent<
  'ImportScheduleSaved',
  ScheduleData & { created: boolean; changes: FieldChange[] }
>;
export type ImportScheduleDeleted = DomainEvent<
  'ImportScheduleDeleted',
  { scheduleId: number; projectId: number; deletedBy: number }
>;
export type ImportRunStarted = DomainEvent<
  'ImportRunStarted',
  { scheduleId: number; projectId: number; dueAt: number; at: number }
>;
export type ImportRan = DomainEvent<
  'ImportRan',
  { scheduleId: number; projectId: number; at: number; status: 'ok' | 'failed'; message: string; changeId: string }
>;
export type ImportScheduleEvent = ImportScheduleSaved | ImportScheduleDeleted | ImportRunStarted | ImportRan;

export type ScheduleState = ScheduleData & { lastDueAt: number };
export interface ImportSchedules {
  schedules: Map<number, ScheduleState>;
}

export const importSchedulesStreamId = (projectId: number) => streamId('projectImportSchedules', projectId);

export const SCHEDULES_MAX = 20;
export const INTERVAL_MIN = 60;
export const INTERVAL_MAX = 10_080;

export const scheduleMessages = {
  notFound: '定时导入不存在或已删除',
  url: '请填写以 http:// 或 https:// 开头的导入地址（最多 2000 个字符）',
  interval: `导入间隔为 ${INTERVAL_MIN}–${INTERVAL_MAX} 分钟`,
  format: '导入格式只能是 auto、openapi、swagger、postman、har 或 yapi',
  tooMany: `一个项目最多 ${SCHEDULES_MAX} 个定时导入`,
} as const;

const FORMATS = ['auto', 'openapi', 'swagger', 'postman', 'har', 'yapi'];

export type SaveImportSchedule = { type: 'SaveImportSchedule'; data: ScheduleData };
export type DeleteImportSchedule = { type: 'DeleteImportSchedule'; data: { scheduleId: number; deletedBy: number } };
export type StartImportRun = { type: 'StartImportRun'; data: { scheduleId: number; dueAt: number; at: number } };
export type RecordImportRun = {
  type: 'RecordImportRun';
  data: { scheduleId: number; at: number; status: 'ok' | 'failed'; message: string; changeId: string };
};
export type ImportScheduleCommand = SaveImportSchedule | DeleteImportSchedule | StartImportRun | RecordImportRun;

function checkFields(data: ScheduleFields): ScheduleFields {
  const url = (data.url ?? '').trim();
  if (!/^https?:\/\/\S+$/i.test(url) || url.length > 2000) throw invalid(scheduleMessages.url);
  const format = data.format || 'auto';
  if (!FORMATS.includes(format)) throw invalid(scheduleMessages.format);
  const interval = data.intervalMinutes;
  if (!Number.isInteger(interval) || interval < INTERVAL_MIN || interval > INTERVAL_MAX) {
    throw invalid(scheduleMessages.interval);
  }
  return { url, format, intervalMinutes: interval, enabled: Boolean(data.enabled) };
}

const existing = (state: ImportSchedules, scheduleId: number) => {
  const schedule = state.schedules.get(scheduleId);
  if (!schedule) throw notFound(scheduleMessages.notFound);
  return schedule;
};

export function decideImportSchedules(command: ImportScheduleCommand, state: ImportSchedules): ImportScheduleEvent[] {
  switch (command.type) {
    case 'SaveImportSchedule': {
      const { data } = command;
      const fields = checkFields(data);
      const before = state.schedules.get(data.scheduleId);
      if (!before && state.schedules.size >= SCHEDULES_MAX) throw invalid(scheduleMessages.tooMany);
      const changes = (Object.keys(fields) as (keyof ScheduleFields)[])
        .filter((field) => !before || before[field] !== fields[field])
        .map((field) => ({ field, before: before ? before[field] : null, after: fields[field] }));
      if (before && changes.length === 0) return [];
      return [{ type: 'ImportScheduleSaved', data: { ...data, ...fields, created: !before, changes } }];
    }
    case 'DeleteImportSchedule': {
      const schedule = state.schedules.get(command.data.scheduleId);
      if (!schedule) throw notFound(scheduleMessages.notFound);
      const { scheduleId, projectId } = schedule;
      return [{ type: 'ImportScheduleDeleted', data: { scheduleId, projectId, deletedBy: command.data.deletedBy } }];
    }
    case 'StartImportRun': {
      const schedule = state.schedules.get(command.data.scheduleId);
      // Deleted, paused, or this due time claimed already (by another instance): nothing to run.
      if (!schedule?.enabled || schedule.lastDueAt >= command.data.dueAt) return [];
      return [{ type: 'ImportRunStarted', data: { ...command.data, projectId: schedule.projectId } }];
    }
    case 'RecordImportRun': {
      const { projectId } = existing(state, command.data.scheduleId);
      return [{ type: 'ImportRan', data: { ...command.data, projectId } }];
    }
  }
}

export function evolveImportSchedules(state: ImportSchedules, event: ImportScheduleEvent): ImportSchedules {
  const schedules = new Map(state.schedules);
  switch (event.type) {
    case 'ImportScheduleSaved': {
      const { created: _c, changes: _ch, ...data } = event.data;
      schedules.set(data.scheduleId, { ...data, lastDueAt: schedules.get(data.scheduleId)?.lastDueAt ?? 0 });
      break;
    }
    case 'ImportScheduleDeleted':
      schedules.delete(event.data.scheduleId);
      break;
    case 'ImportRunStarted': {
      const schedule = schedules.get(event.data.scheduleId);
      if (schedule) schedules.set(schedule.scheduleId, { ...schedule, lastDueAt: event.data.dueAt });
      break;
    }
    case 'ImportRan':
      break;
  }
  return { schedules };
}

export const importSchedulesDecider: Decider<ImportSchedules, ImportScheduleCommand, ImportScheduleEvent> = {
  decide: decideImportSchedules,
  evolve: evolveImportSchedules,
  initialState: () => ({ schedules: new Map() }),
};

import { type Doc, documentProjection, ownLog, readModel } from '@pmbok/infra';
import type { ImportScheduleEvent, ScheduleData } from '../../domain/importSchedule/importSchedule.js';

/** A scheduled re-import as the settings list shows it, and as the timer finds the due ones. */
export interface ImportScheduleDoc extends Doc, ScheduleData {
  lastRunAt: number;
  /** 'ok' | 'failed' | '' (never ran). */
  lastStatus: string;
  lastMessage: string;
  /** When the next run is due: the last run (or the save) plus the interval. */
  nextRunAt: number;
}

export const importSchedules = readModel<ImportScheduleDoc>('importSchedules', [
  { fields: { projectId: 1 } },
  { fields: { nextRunAt: 1 } },
]);

const minutes = (n: number) => n * 60_000;

export const importSchedulesProjection = documentProjection({
  source: ownLog<ImportScheduleEvent>(),
  collection: importSchedules,
  documentId: (event) => String(event.data.scheduleId),
  on: {
    ImportScheduleSaved: ({ data }, doc) => {
      const { created: _created, changes: _changes, ...fields } = data;
      const lastRunAt = doc?.lastRunAt ?? 0;
      return {
        ...fields,
        lastRunAt,
        lastStatus: doc?.lastStatus ?? '',
        lastMessage: doc?.lastMessage ?? '',
        nextRunAt: (lastRunAt || data.savedAt) + minutes(data.intervalMinutes),
      };
    },
    ImportScheduleDeleted: () => null,
    // Claimed: not due again until this run's interval has passed, whatever its outcome.
    ImportRunStarted: ({ data }, doc) =>
      doc && { ...doc, lastRunAt: data.at, nextRunAt: data.at + minutes(doc.intervalMinutes) },
    ImportRan: ({ data }, doc) => doc && { ...doc, lastStatus: data.status, lastMessage: data.message },
  },
});

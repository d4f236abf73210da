import { useCallback, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { FieldDefinition } from './fields';
import { type ImportRow, rowsToRecords } from './importRows';
import type { ImportResult } from './listOptions';
import { readSheet } from './readSheet';

export interface RowOutcome extends ImportResult {
  file: string;
  rowNumber: number;
  content: string;
}

const FLUSH_MS = 200;

export interface ImportProgress {
  file: string;
  done: number;
  total: number;
}

/**
 * SPEC §4 import: files one after another, each row sent on its own and answered with {status, msg}. Outcomes and
 * progress reach the screen a few times a second, so a thousand rows do not mean a thousand renders of the table.
 */
export function useImportRun(
  fields: FieldDefinition<never>[],
  importRow: (values: Record<string, string>) => Promise<ImportResult>,
) {
  const translate = useTranslate();
  const [running, setRunning] = useState(false);
  const [outcomes, setOutcomes] = useState<RowOutcome[]>([]);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const cancelled = useRef(false);
  const buffer = useRef<RowOutcome[]>([]);
  const latest = useRef<ImportProgress | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const pending = buffer.current;
    buffer.current = [];
    if (pending.length) setOutcomes((list) => [...list, ...pending]);
    setProgress(latest.current);
  }, []);
  const record = (outcome: RowOutcome, progress: ImportProgress | null) => {
    buffer.current.push(outcome);
    latest.current = progress;
    timer.current ??= setTimeout(flush, FLUSH_MS);
  };

  const run = async (files: File[], headerRows: number) => {
    cancelled.current = false;
    setRunning(true);
    setOutcomes([]);
    const columns = fields.map((definition) => ({ label: translate(definition.name), definition }));
    try {
      for (const file of files) {
        let rows: ImportRow[];
        try {
          rows = rowsToRecords(
            await readSheet(file.name, new Uint8Array(await file.arrayBuffer())),
            headerRows,
            columns,
          );
        } catch {
          record(
            {
              file: file.name,
              rowNumber: 0,
              content: '',
              status: 'error',
              msg: translate('app.list.import_unreadable'),
            },
            null,
          );
          continue;
        }
        if (!rows.length)
          record(
            {
              file: file.name,
              rowNumber: 0,
              content: '',
              status: 'error',
              msg: translate('app.list.import_no_rows'),
            },
            null,
          );
        for (const [index, row] of rows.entries()) {
          if (cancelled.current) return;
          const result = await importRow(row.values).catch(
            (error: Error): ImportResult => ({ status: 'error', msg: translate(error.message || 'app.request.error') }),
          );
          const content = row.cells.filter(Boolean).join(' | ');
          const progress = { file: file.name, done: index + 1, total: rows.length };
          record(
            { file: file.name, rowNumber: row.rowNumber, content, ...result, msg: translate(result.msg) },
            progress,
          );
        }
      }
    } finally {
      flush();
      setRunning(false);
    }
  };

  const cancel = () => {
    cancelled.current = true;
  };
  const reset = () => {
    setOutcomes([]);
    setProgress(null);
  };
  return { running, outcomes, progress, run, cancel, reset };
}

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

export interface ImportProgress {
  file: string;
  done: number;
  total: number;
}

/**
 * SPEC §4 import: files one after another, each row sent on its own and answered with {status, msg}. Outcomes are
 * flushed to the screen once a frame, so a thousand rows do not mean a thousand renders.
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
  const frame = useRef(0);

  const flush = useCallback(() => {
    frame.current = 0;
    const pending = buffer.current;
    buffer.current = [];
    if (pending.length) setOutcomes((list) => [...list, ...pending]);
  }, []);
  const record = (outcome: RowOutcome) => {
    buffer.current.push(outcome);
    frame.current ||= requestAnimationFrame(flush);
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
          record({
            file: file.name,
            rowNumber: 0,
            content: '',
            status: 'error',
            msg: translate('app.list.import_unreadable'),
          });
          continue;
        }
        if (!rows.length)
          record({
            file: file.name,
            rowNumber: 0,
            content: '',
            status: 'error',
            msg: translate('app.list.import_no_rows'),
          });
        for (const [index, row] of rows.entries()) {
          if (cancelled.current) return;
          setProgress({ file: file.name, done: index, total: rows.length });
          const result = await importRow(row.values).catch(
            (error: Error): ImportResult => ({ status: 'error', msg: translate(error.message || 'app.request.error') }),
          );
          const content = Object.values(row.values).filter(Boolean).join(' | ');
          record({ file: file.name, rowNumber: row.rowNumber, content, ...result, msg: translate(result.msg) });
          setProgress({ file: file.name, done: index + 1, total: rows.length });
        }
      }
    } finally {
      cancelAnimationFrame(frame.current);
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

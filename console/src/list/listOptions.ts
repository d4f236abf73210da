import type { Identifier, RaRecord, SortPayload } from 'react-admin';
import type { UploadRequest } from './form/uploads';

/** SPEC §3 import result per row. */
export interface ImportResult {
  status: 'success' | 'error';
  msg: string;
}

/** What list-level and row buttons can do besides their own work. */
export interface ListActions<R extends RaRecord = RaRecord> {
  /** SPEC §4: index -1 creates, any other index edits that row of the page. */
  openForm: (index: number, record?: R) => void;
  refresh: () => void;
  selectedIds: Identifier[];
}

/** SPEC §3 btnList entry. */
export interface ListButton<R extends RaRecord = RaRecord> {
  name: string;
  function: (actions: ListActions<R>) => unknown;
}

/** SPEC §3 rowBtnList entry; a promise shows its error and refreshes the list when it settles. */
export interface RowButton<R extends RaRecord = RaRecord> {
  name: string;
  function: (record: R, index: number, actions: ListActions<R>) => unknown;
  visible?: (record: R) => boolean;
  /** Asks first (react-admin's Confirm) with these translation keys. */
  confirm?: (record: R) => { title: string; content: string; translateOptions?: Record<string, unknown> };
  color?: 'primary' | 'error' | 'warning';
}

/** SPEC §3 table options, plus how rows import and how the form saves. */
export interface TableOptions<R extends RaRecord = RaRecord> {
  /** Row key, default id (the data provider gives each record an `id` from it). */
  key?: string;
  /** 'default': search inline; 'drawer': in the right-side drawer 'search list'. */
  style?: 'default' | 'drawer';
  btnList?: ListButton<R>[];
  rowBtnList?: RowButton<R>[];
  uploadAction?: string;
  uploadRequest?: UploadRequest;
  formTitle?: string;
  sort?: SortPayload;
  /** Sends one imported row; without it there is no import. */
  importRow?: (values: Record<string, string>) => Promise<ImportResult>;
  /** Translation key of the export file's name (and sheet); without it there is no export. */
  exportName?: string;
  /** Saves the form; by default the data provider's create (index -1) or update. */
  submit?: (values: Record<string, unknown>, index: number, record?: R) => Promise<unknown>;
}

import type {
  DataField,
  DataFieldBatchResult,
  DataFieldPage,
  DataFieldSaved,
  DataFieldScope,
  FieldCompareReport,
  FieldCompareUpdateResult,
  FieldFix,
  FieldSourceParse,
} from '@pmbok/api-types';
import type { Body } from '../../api/request';
import { knowledgeCall } from '../transport';

/**
 * The field standard calls of docs/api/mock-and-fields.md, typed by the gateway's answer schemas. The screens of
 * console/src/knowledge/fields/** import from here only.
 */

export type {
  DataField,
  DataFieldBatchResult,
  DataFieldPage,
  DataFieldScope,
  DataFieldType,
  FieldCandidate,
  FieldCompareReport,
  FieldCompareUpdateResult,
  FieldFix,
  FieldIssue,
  FieldIssueKind,
  FieldShape,
  FieldSourceParse,
  FieldUse,
} from '@pmbok/api-types';

/** A library: the project's (with the inherited team fields) or its team's own. */
export interface Library {
  scope: DataFieldScope;
  projectId: number;
  teamId: number;
}

/**
 * The body naming a library. A team library is named by its team alone (projectId 0, as the contract asks), so the
 * team the project belongs to travels explicitly instead of the one selected in the header.
 */
export const libraryBody = ({ scope, projectId, teamId }: Library): Body =>
  scope === 'team' ? { scope, projectId: 0, teamId } : { scope, projectId };

/** The fields of a field, as saveDataField takes them (JSON values as JSON text). */
export interface DataFieldInput {
  dataFieldId?: number;
  name: string;
  aliases: string[];
  type: DataField['type'];
  format: string;
  description: string;
  /** undefined: no example. */
  example?: unknown;
  enum: unknown[];
  mockRule: string;
}

export const fieldBody = (field: DataFieldInput): Body => ({
  dataFieldId: field.dataFieldId,
  name: field.name,
  aliases: JSON.stringify(field.aliases),
  type: field.type,
  format: field.format,
  description: field.description,
  example: field.example === undefined ? undefined : JSON.stringify(field.example),
  enum: JSON.stringify(field.enum),
  mockRule: field.mockRule,
});

export interface SearchFields {
  keyword?: string;
  type?: string;
  page: number;
  pageSize: number;
}

export const searchDataFields = (library: Library, search: SearchFields) =>
  knowledgeCall<DataFieldPage>('searchDataField', { ...libraryBody(library), ...search });

/** `notify: false`: the form and the import show the refusal themselves (next to the input, or per row). */
export const saveDataField = (library: Library, field: DataFieldInput) =>
  knowledgeCall<DataFieldSaved>('saveDataField', { ...libraryBody(library), ...fieldBody(field) }, { notify: false });

export const saveDataFields = (library: Library, fields: DataFieldInput[], onExisting: 'skip' | 'overwrite' = 'skip') =>
  knowledgeCall<DataFieldBatchResult>('saveDataFields', {
    ...libraryBody(library),
    fields: JSON.stringify(fields.map((field) => ({ ...field, dataFieldId: undefined }))),
    onExisting,
  });

export const deleteDataFields = (library: Library, dataFieldIds: number[]) =>
  knowledgeCall<null>('deleteDataField', { ...libraryBody(library), dataFieldIds: JSON.stringify(dataFieldIds) });

/**
 * A bad paste answers 400 naming the line: the dialog shows it under the text instead of a toast. `exists` is
 * checked against the library the fields are for (without a project: the team's).
 */
export const parseFieldSource = (library: Library, kind: 'sql' | 'json', text: string) => {
  const { projectId, teamId } = libraryBody(library);
  return knowledgeCall<FieldSourceParse>(
    'parseFieldSource',
    { projectId, teamId, kind, text },
    { notify: false, timeoutMs: 30_000 },
  );
};

export type Convention = 'auto' | 'camelCase' | 'snake_case' | 'none';

/** A project of thousands of documents takes a few seconds to check. */
const COMPARE_MS = 60_000;

export const fieldCompare = (projectId: number, convention: Convention, minUses: number) =>
  knowledgeCall<FieldCompareReport>('fieldCompare', { projectId, convention, minUses }, { timeoutMs: COMPARE_MS });

export const fieldCompareUpdate = (
  projectId: number,
  reportHash: string,
  fixes: { issueId: string; action: FieldFix }[],
) =>
  knowledgeCall<FieldCompareUpdateResult>(
    'fieldCompareUpdate',
    { projectId, reportHash, fixes: JSON.stringify(fixes) },
    { timeoutMs: COMPARE_MS },
  );

/** Query keys: every field screen of a project sits under ['knowledgeFields', id]. */
export const fieldKeys = {
  project: (projectId: number) => ['knowledgeFields', projectId] as const,
  compare: (projectId: number) => ['knowledgeFields', projectId, 'compare'] as const,
};

import type { ReadStore, Recorded } from '@pmbok/infra';
import type { DataFieldEvent } from '../../domain/dataField/dataField.js';
import { record } from './model.js';
import { dataFieldLabel, dataFieldsText, fieldEntry } from './texts.js';

type Of<K extends DataFieldEvent['type']> = Recorded<DataFieldEvent & { type: K }>;

/** A list or an example as the history's message shows it (the entry keeps the values themselves). */
const shown = (value: unknown) => {
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object'))
    return value.length === 0 ? '' : value.join('、');
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
};
function change(path: string, label: string, before: unknown, after: unknown) {
  const entry = fieldEntry(path, label, shown(before), shown(after));
  return { ...entry, before: before ?? null, after: after ?? null };
}

/**
 * A project's field library is part of the project: its edits are entries of the project's history. A team's
 * library belongs to no project, so its edits are not (no project history would be the right one).
 */
export const dataFieldHandlers = {
  DataFieldCreated: async (event: Of<'DataFieldCreated'>, store: ReadStore) => {
    const { scope, projectId, dataFieldId, name } = event.data;
    if (scope !== 'project' || !projectId) return;
    await record(store, event, {
      projectId,
      base: 'field-saved',
      name,
      summary: `新增了项目字段 ${name}`,
      fields: [change(`dataFields.${dataFieldId}`, '项目字段', undefined, name)],
    });
  },
  DataFieldUpdated: async (event: Of<'DataFieldUpdated'>, store: ReadStore) => {
    const { scope, projectId, dataFieldId, name, changes } = event.data;
    if (scope !== 'project' || !projectId) return;
    await record(store, event, {
      projectId,
      base: 'field-saved',
      name,
      summary: `修改了项目字段 ${name} 的 ${dataFieldsText(changes.map((c) => c.field))}`,
      fields: changes.map((c) =>
        change(`dataFields.${dataFieldId}.${c.field}`, `字段 ${name} 的${dataFieldLabel(c.field)}`, c.before, c.after),
      ),
    });
  },
  DataFieldDeleted: async (event: Of<'DataFieldDeleted'>, store: ReadStore) => {
    const { scope, projectId, dataFieldId, name } = event.data;
    if (scope !== 'project' || !projectId) return;
    await record(store, event, {
      projectId,
      base: 'field-deleted',
      name,
      summary: `删除了项目字段 ${name}`,
      fields: [change(`dataFields.${dataFieldId}`, '项目字段', name, undefined)],
    });
  },
};

import { type Decider, type DomainEvent, invalid, notFound, streamId } from '@pmbok/infra';
import type { FieldChange } from '../tree/tree.js';
import { FIELD_TYPES, type FieldType, NAME_MAX, NAME_PATTERN, nameKeyOf } from './names.js';

export { FIELD_TYPES, type FieldType, NAME_MAX, NAME_PATTERN, nameKeyOf };

/**
 * One field of a field library (stream `dataField-<dataFieldId>`, docs/api/mock-and-fields.md "Field libraries"): a
 * team's library (every project of the team inherits it) or a project's. The name is unique in its library
 * regardless of case: that is held by a claim stream per name (nameClaim.ts), since this stream sees one field only.
 */
export type FieldScope = 'team' | 'project';

/** What a user edits of a field. */
export interface DataFieldValues {
  name: string;
  aliases: string[];
  type: FieldType;
  format: string;
  description: string;
  example: unknown;
  enum: unknown[];
  mockRule: string;
}

/** Which library a field is in: a team's (projectId 0) or a project's (its team recorded too). */
export interface FieldLibrary {
  scope: FieldScope;
  projectId: number;
  teamId: number;
}

export type DataFieldCreated = DomainEvent<
  'DataFieldCreated',
  FieldLibrary & DataFieldValues & { dataFieldId: number; createdBy: number; createdAt: number }
>;
export type DataFieldUpdated = DomainEvent<
  'DataFieldUpdated',
  FieldLibrary & DataFieldValues & { dataFieldId: number; changes: FieldChange[]; updatedBy: number; updatedAt: number }
>;
export type DataFieldDeleted = DomainEvent<
  'DataFieldDeleted',
  FieldLibrary & { dataFieldId: number; name: string; deletedBy: number; deletedAt: number }
>;
export type DataFieldEvent = DataFieldCreated | DataFieldUpdated | DataFieldDeleted;
export const DATA_FIELD_EVENTS = ['DataFieldCreated', 'DataFieldUpdated', 'DataFieldDeleted'] as const;

export type DataField =
  | { status: 'none' }
  | (FieldLibrary & DataFieldValues & { status: 'active' | 'deleted'; dataFieldId: number });

export const dataFieldStreamId = (dataFieldId: number) => streamId('dataField', dataFieldId);

export const ALIASES_MAX = 20;
export const FORMAT_MAX = 50;
export const DESCRIPTION_MAX = 500;
export const EXAMPLE_MAX_BYTES = 10 * 1024;
export const ENUM_MAX = 200;
export const MOCK_RULE_MAX = 500;

export const fieldMessages = {
  notFound: '字段不存在或已删除',
  name: `字段名为 1–${NAME_MAX} 个字符，只能包含字母、数字和下划线，且不能以数字开头`,
  taken: (name: string) => `字段 ${name} 已存在`,
  alias: (alias: string) => `别名 ${alias} 不正确：别名的规则与字段名相同`,
  tooManyAliases: `别名最多 ${ALIASES_MAX} 个`,
  aliasIsName: '别名不能与字段名相同',
  type: '字段类型只能是 string、integer、number、boolean、array 或 object',
  format: `格式最多 ${FORMAT_MAX} 个字符`,
  description: `说明最多 ${DESCRIPTION_MAX} 个字符`,
  example: '示例最多 10 KB',
  tooManyEnum: `枚举值最多 ${ENUM_MAX} 个`,
  enumType: (type: string) => `枚举值必须都是 ${type} 类型`,
  enumDuplicate: '枚举值不能重复',
  mockRule: `Mock 规则最多 ${MOCK_RULE_MAX} 个字符`,
} as const;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

const isType: Record<FieldType, (value: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  integer: (v) => Number.isSafeInteger(v),
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  boolean: (v) => typeof v === 'boolean',
  array: (v) => Array.isArray(v),
  object: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
};

/**
 * Checks and normalises what a user sent for a field (absent parts empty); throws the first problem, in Chinese.
 * Pure, so the batch save reports each item's problem before anything is claimed.
 */
export function checkFieldValues(input: Partial<Record<keyof DataFieldValues, unknown>>): DataFieldValues {
  const name = text(input.name);
  if (!NAME_PATTERN.test(name) || name.length > NAME_MAX) throw invalid(fieldMessages.name);
  const rawAliases = input.aliases ?? [];
  if (!Array.isArray(rawAliases)) throw invalid(fieldMessages.alias(String(rawAliases)));
  if (rawAliases.length > ALIASES_MAX) throw invalid(fieldMessages.tooManyAliases);
  const aliases: string[] = [];
  for (const raw of rawAliases) {
    const alias = text(raw);
    if (!NAME_PATTERN.test(alias) || alias.length > NAME_MAX) throw invalid(fieldMessages.alias(String(raw)));
    if (nameKeyOf(alias) === nameKeyOf(name)) throw invalid(fieldMessages.aliasIsName);
    if (!aliases.some((a) => nameKeyOf(a) === nameKeyOf(alias))) aliases.push(alias);
  }
  const type = input.type as FieldType;
  if (!FIELD_TYPES.includes(type)) throw invalid(fieldMessages.type);
  const format = text(input.format);
  if (format.length > FORMAT_MAX) throw invalid(fieldMessages.format);
  const description = text(input.description);
  if ([...description].length > DESCRIPTION_MAX) throw invalid(fieldMessages.description);
  const example = input.example === undefined ? null : input.example;
  if (Buffer.byteLength(JSON.stringify(example)) > EXAMPLE_MAX_BYTES) throw invalid(fieldMessages.example);
  const values = input.enum ?? [];
  if (!Array.isArray(values)) throw invalid(fieldMessages.enumType(type));
  if (values.length > ENUM_MAX) throw invalid(fieldMessages.tooManyEnum);
  if (!values.every(isType[type])) throw invalid(fieldMessages.enumType(type));
  if (new Set(values.map((v) => JSON.stringify(v))).size !== values.length) throw invalid(fieldMessages.enumDuplicate);
  const mockRule = text(input.mockRule);
  if ([...mockRule].length > MOCK_RULE_MAX) throw invalid(fieldMessages.mockRule);
  return { name, aliases, type, format, description, example, enum: values, mockRule };
}

export type SaveDataField = {
  type: 'SaveDataField';
  data: FieldLibrary & { dataFieldId: number; values: DataFieldValues; by: number; at: number };
};
export type DeleteDataField = { type: 'DeleteDataField'; data: FieldLibrary & { by: number; at: number } };
export type DataFieldCommand = SaveDataField | DeleteDataField;

const VALUE_KEYS: (keyof DataFieldValues)[] = [
  'name',
  'aliases',
  'type',
  'format',
  'description',
  'example',
  'enum',
  'mockRule',
];
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const inLibrary = (state: DataField, library: FieldLibrary) =>
  state.status === 'active' &&
  state.scope === library.scope &&
  state.projectId === library.projectId &&
  state.teamId === library.teamId;

export function decideDataField(command: DataFieldCommand, state: DataField): DataFieldEvent[] {
  const { scope, projectId, teamId } = command.data;
  const library = { scope, projectId, teamId };
  if (command.type === 'DeleteDataField') {
    // Deleting twice changes nothing; another library's field is as unknown as a missing one.
    if (state.status === 'deleted') return [];
    if (!inLibrary(state, library) || state.status !== 'active') throw notFound(fieldMessages.notFound);
    const { by, at } = command.data;
    const data = { ...library, dataFieldId: state.dataFieldId, name: state.name, deletedBy: by, deletedAt: at };
    return [{ type: 'DataFieldDeleted', data }];
  }
  const { dataFieldId, by, at } = command.data;
  const values = checkFieldValues(command.data.values);
  if (state.status === 'none') {
    return [{ type: 'DataFieldCreated', data: { ...library, ...values, dataFieldId, createdBy: by, createdAt: at } }];
  }
  if (!inLibrary(state, library) || state.status !== 'active') throw notFound(fieldMessages.notFound);
  const changes = VALUE_KEYS.filter((key) => !same(state[key], values[key])).map((key) => ({
    field: key,
    before: state[key],
    after: values[key],
  })) as FieldChange[];
  if (changes.length === 0) return [];
  return [
    { type: 'DataFieldUpdated', data: { ...library, ...values, dataFieldId, changes, updatedBy: by, updatedAt: at } },
  ];
}

export function evolveDataField(state: DataField, event: DataFieldEvent): DataField {
  switch (event.type) {
    case 'DataFieldCreated':
    case 'DataFieldUpdated': {
      const { scope, projectId, teamId, dataFieldId } = event.data;
      const values = Object.fromEntries(VALUE_KEYS.map((key) => [key, event.data[key]])) as unknown as DataFieldValues;
      return { status: 'active', scope, projectId, teamId, dataFieldId, ...values };
    }
    case 'DataFieldDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
  }
}

export const dataFieldDecider: Decider<DataField, DataFieldCommand, DataFieldEvent> = {
  decide: decideDataField,
  evolve: evolveDataField,
  initialState: () => ({ status: 'none' }),
};

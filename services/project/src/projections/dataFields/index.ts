import { type Doc, documentProjection, ownLog, type ReadStore, type Recorded, readModel } from '@pmbok/infra';
import {
  type DataFieldEvent,
  type DataFieldValues,
  type FieldLibrary,
  nameKeyOf,
} from '../../domain/dataField/dataField.js';

/**
 * The field libraries (docs/api/mock-and-fields.md, "Field libraries"): a team's and each project's. The field
 * standard use cases write them; field comparison, the editor's suggestions and the mock index read them.
 * `dataFieldsProjection` below fills it from the `dataField-<id>` streams.
 */
export interface DataFieldDoc extends Doc {
  dataFieldId: number;
  scope: 'team' | 'project';
  /** 0 for a team field. */
  projectId: number;
  teamId: number;
  name: string;
  /** The name in lower case: names are unique in a library regardless of case. */
  nameKey: string;
  aliases: string[];
  type: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  format: string;
  description: string;
  example: unknown;
  enum: unknown[];
  mockRule: string;
  createdBy: number;
  updatedBy: number;
  createdAt: number;
  updatedAt: number;
}

export const dataFields = readModel<DataFieldDoc>('dataFields', [
  { fields: { scope: 1, teamId: 1, projectId: 1 } },
  { fields: { dataFieldId: 1 } },
]);

export type EffectiveField = DataFieldDoc & { inherited: boolean };

/**
 * A project's library as documents are checked against it: its own fields, and the team's fields whose names it
 * does not define itself (`inherited`), sorted by name.
 */
export async function effectiveFields(
  store: ReadStore,
  project: { projectId: number; teamId: number },
): Promise<EffectiveField[]> {
  const [own, team] = await Promise.all([
    dataFields(store).find({ scope: 'project', projectId: project.projectId }),
    dataFields(store).find({ scope: 'team', teamId: project.teamId }),
  ]);
  const defined = new Set(own.map((field) => field.nameKey));
  return [
    ...own.map((field) => ({ ...field, inherited: false })),
    ...team.filter((field) => !defined.has(field.nameKey)).map((field) => ({ ...field, inherited: true })),
  ].sort((a, b) => a.name.localeCompare(b.name));
}

type Created = Recorded<DataFieldEvent & { type: 'DataFieldCreated' }>;
type Updated = Recorded<DataFieldEvent & { type: 'DataFieldUpdated' }>;

const docOf = (fields: FieldLibrary & DataFieldValues & { dataFieldId: number }) => ({
  _id: String(fields.dataFieldId),
  dataFieldId: fields.dataFieldId,
  scope: fields.scope,
  projectId: fields.projectId,
  teamId: fields.teamId,
  name: fields.name,
  nameKey: nameKeyOf(fields.name),
  aliases: fields.aliases,
  type: fields.type,
  format: fields.format,
  description: fields.description,
  example: fields.example,
  enum: fields.enum,
  mockRule: fields.mockRule,
});

export const dataFieldsProjection = documentProjection({
  source: ownLog<DataFieldEvent>(),
  collection: dataFields,
  stream: 'dataField',
  on: {
    DataFieldCreated: ({ data }: Created) => ({
      ...docOf(data),
      createdBy: data.createdBy,
      createdAt: data.createdAt,
      updatedBy: data.createdBy,
      updatedAt: data.createdAt,
    }),
    DataFieldUpdated: ({ data }: Updated, doc) => ({
      ...docOf(data),
      createdBy: doc?.createdBy ?? data.updatedBy,
      createdAt: doc?.createdAt ?? data.updatedAt,
      updatedBy: data.updatedBy,
      updatedAt: data.updatedAt,
    }),
    DataFieldDeleted: () => null,
  },
});

import { Type } from '@sinclair/typebox';
import { JsonValue } from './project.js';
import { oneOf } from './wire.js';

/**
 * Answers of the field-standard and mock calls (docs/api/mock-and-fields.md). The console types its screens from
 * here (`@pmbok/api-types`).
 */

export const DataFieldScope = oneOf('team', 'project');
export const DataFieldType = oneOf('string', 'integer', 'number', 'boolean', 'array', 'object');

/** One field of a library (the team's, or a project's). */
export const DataField = Type.Object({
  dataFieldId: Type.Integer(),
  scope: DataFieldScope,
  /** 0 for a team field. */
  projectId: Type.Integer(),
  teamId: Type.Integer(),
  name: Type.String(),
  aliases: Type.Array(Type.String()),
  type: DataFieldType,
  format: Type.String(),
  description: Type.String(),
  example: JsonValue,
  enum: Type.Array(JsonValue),
  mockRule: Type.String(),
  /** A team field listed in a project's library (read only there). */
  inherited: Type.Boolean(),
  /** How many api and schema documents of the project use the name (0 in the team's own list). */
  uses: Type.Integer(),
  updatedBy: Type.Integer(),
  updatedByName: Type.String(),
  createTime: Type.Integer(),
  updateTime: Type.Integer(),
});

/** `project/searchDataField`: the generic list's page shape (SPEC §3 paged list result). */
export const DataFieldPage = Type.Object({
  status: Type.Integer(),
  lists: Type.Array(Type.Composite([DataField, Type.Object({ id: Type.Integer() })])),
  pages: Type.Integer(),
  count: Type.Integer(),
});

export const DataFieldSaved = Type.Object({ dataFieldId: Type.Integer() });

/** `project/saveDataFields`: one result per item, in the order sent (the import dialog's per-row status). */
export const DataFieldBatchResult = Type.Object({
  results: Type.Array(
    Type.Object({
      /** 200 saved, 400 refused (msg says why). */
      status: Type.Integer(),
      msg: Type.String(),
      action: oneOf('added', 'updated', 'skipped', 'refused'),
      dataFieldId: Type.Integer(),
      name: Type.String(),
    }),
  ),
  added: Type.Integer(),
  updated: Type.Integer(),
  skipped: Type.Integer(),
  refused: Type.Integer(),
});

/** A field found in a pasted SQL table or JSON example, offered for the library. */
export const FieldCandidate = Type.Object({
  name: Type.String(),
  type: DataFieldType,
  format: Type.String(),
  description: Type.String(),
  example: JsonValue,
  enum: Type.Array(JsonValue),
  required: Type.Boolean(),
  /** SQL: the table's name; JSON: the dotted path of the key (`data.user.id`). */
  table: Type.String(),
  path: Type.String(),
  /** 1-based line of the source the field is on. */
  line: Type.Integer(),
  /** The library (project or inherited team) has the name already. */
  exists: Type.Boolean(),
});

export const FieldSourceParse = Type.Object({
  kind: oneOf('sql', 'json'),
  /** SQL: the tables found, in order. */
  tables: Type.Array(Type.String()),
  fields: Type.Array(FieldCandidate),
});

export const FieldIssueKind = oneOf('type', 'format', 'descriptionMissing', 'descriptionDiffers', 'naming', 'missing');
export const FieldFix = oneOf('useLibrary', 'rename', 'addToLibrary');

/** What a field is in a document, or in the library. */
export const FieldShape = Type.Object({
  name: Type.String(),
  type: Type.String(),
  format: Type.String(),
  description: Type.String(),
});

/** One place a name is used (for `missing`, every place; for the other kinds, the issue's own place). */
export const FieldUse = Type.Object({
  projectStructureId: Type.Integer(),
  docName: Type.String(),
  kind: oneOf('api', 'schema'),
  method: Type.String(),
  path: Type.String(),
  /** As a reader finds it: `响应 200 › data › list[] › userName`, `请求参数 query › pageSize`. */
  location: Type.String(),
  /** JSON pointer into the document's content: `/responses/0/schema/properties/data/properties/userName`. */
  pointer: Type.String(),
});

export const FieldIssue = Type.Object({
  issueId: Type.String(),
  kind: FieldIssueKind,
  fieldName: Type.String(),
  /** The first (for `missing`, every) place; at most 50 listed. */
  uses: Type.Array(FieldUse),
  useCount: Type.Integer(),
  actual: FieldShape,
  /** The library's field (for `naming`: the name spelt by the convention); null for `missing`. */
  expected: Type.Union([FieldShape, Type.Null()]),
  dataFieldId: Type.Integer(),
  fixes: Type.Array(FieldFix),
  /** A sentence the report shows: 字段 userId 在字段库中是 integer，这里是 string. */
  message: Type.String(),
});

export const FieldCompareReport = Type.Object({
  projectId: Type.Integer(),
  /** The convention checked (`auto` resolved to the project's majority). */
  convention: oneOf('camelCase', 'snake_case', 'none'),
  reportHash: Type.String(),
  checkedDocs: Type.Integer(),
  checkedFields: Type.Integer(),
  libraryFields: Type.Integer(),
  counts: Type.Object({
    type: Type.Integer(),
    format: Type.Integer(),
    descriptionMissing: Type.Integer(),
    descriptionDiffers: Type.Integer(),
    naming: Type.Integer(),
    missing: Type.Integer(),
  }),
  issues: Type.Array(FieldIssue),
});

export const FieldCompareUpdateResult = Type.Object({
  /** The change the fixes to documents were written as ('' when no document changed); revert with revertChange. */
  changeId: Type.String(),
  docsChanged: Type.Integer(),
  fieldsFixed: Type.Integer(),
  fieldsAdded: Type.Integer(),
  /** Fixes that no longer applied (the document moved on), with why. */
  skipped: Type.Array(Type.Object({ issueId: Type.String(), msg: Type.String() })),
});

export const MockSettings = Type.Object({
  projectId: Type.Integer(),
  access: oneOf('token', 'public'),
  /** Empty for readers who may not write. */
  token: Type.String(),
  validateRequests: Type.Boolean(),
  /** The mock's base path on this server: `/mock/<projectId>`. */
  basePath: Type.String(),
});

export const MockCondition = Type.Object({
  source: oneOf('path', 'query', 'header', 'body'),
  name: Type.String(),
  operator: oneOf('equals', 'notEquals', 'contains', 'exists', 'notExists', 'matches', 'greaterThan', 'lessThan', 'in'),
  value: Type.String(),
});

export const MockExpectation = Type.Object({
  id: Type.String(),
  name: Type.String(),
  enabled: Type.Boolean(),
  conditions: Type.Array(MockCondition),
  response: Type.Object({
    status: Type.Integer(),
    headers: Type.Array(Type.Object({ name: Type.String(), value: Type.String() })),
    bodyType: oneOf('example', 'template', 'schema', 'text'),
    body: JsonValue,
    text: Type.String(),
    delayMs: Type.Integer(),
  }),
});
export const MockExpectationList = Type.Array(MockExpectation);

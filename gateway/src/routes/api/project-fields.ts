import { type Static, Type } from '@sinclair/typebox';
import { ApiError } from '../../plugins/api.js';
import { integer, optionalId, optionalText, parseIdList, text } from '../../schemas/fields.js';
import * as mock from '../../schemas/mock.js';
import { Nothing } from '../../schemas/wire.js';
import { jsonField, knowledgeCall, ok, optionalName } from './project-common.js';

/**
 * The field libraries (docs/api/mock-and-fields.md, "Field libraries"): a project's, and its team's with scope
 * `team` (projectId 0 or absent: the caller's current team). The project service checks who may read and write.
 */
const namesOf = (schema: unknown) => (schema as { enum: string[] }).enum;
const scopes = namesOf(mock.DataFieldScope);
const types = namesOf(mock.DataFieldType);

/** docs/api/mock-and-fields.md: a pasted source of at most 200 KB (UTF-8). */
const SOURCE_MAX_BYTES = 200 * 1024;
/**
 * Bodies big enough to reach the handler with what is too much, so it answers why in Chinese rather than the
 * parser's generic refusal: a 1 MB paste, 500 fields of up to 10 KB examples (percent-encoded, up to three bytes a
 * byte).
 */
const SOURCE_BODY = 2 * 1024 * 1024;
const BATCH_BODY = 8 * 1024 * 1024;
/** 500 fields are some 1,500 appends (a name claim and the field each): seconds on a busy machine. */
const BATCH_CALL_MS = 60_000;

const library = { projectId: optionalId, scope: optionalName(scopes) };
type Library = { projectId?: string; scope?: string };
const libraryOf = (b: Library) => ({ projectId: Number(b.projectId || 0), scope: b.scope || 'project' });

const fieldFields = {
  name: text(64),
  aliases: optionalText(4000),
  type: Type.String({ pattern: `^(${types.join('|')})$` }),
  format: optionalText(50),
  description: optionalText(2000),
  example: optionalText(40 * 1024),
  enum: optionalText(200 * 1024),
  mockRule: optionalText(2000),
};
type FieldBody = { [K in keyof typeof fieldFields]?: string };

const jsonList = (value: string | undefined, message: string) => {
  if (!value) return [];
  const parsed = jsonField(value, message);
  if (!Array.isArray(parsed)) throw new ApiError(400, message);
  return parsed;
};

/** One field of saveDataField's body as the service takes it: the JSON texts parsed, an empty example none. */
const fieldOf = (b: FieldBody) => ({
  name: b.name ?? '',
  aliases: jsonList(b.aliases, '别名格式错误：请用 JSON 列表，如 ["mobile"]'),
  type: b.type ?? '',
  format: b.format ?? '',
  description: b.description ?? '',
  example: b.example ? jsonField(b.example, '示例不是有效的 JSON') : null,
  enum: jsonList(b.enum, '枚举值格式错误：请用 JSON 列表，如 ["a","b"]'),
  mockRule: b.mockRule ?? '',
});

export function projectFieldCalls() {
  const call = knowledgeCall('project');
  return [
    call(
      'searchDataField',
      {
        ...library,
        keyword: optionalText(100),
        type: optionalName(types),
        page: Type.Optional(integer(1, 1_000_000)),
        // The generic list sends pageSize; the contract's `size` is the same.
        size: Type.Optional(integer(1, 500)),
        pageSize: Type.Optional(integer(1, 500)),
      },
      mock.DataFieldPage,
      async (b, c) => {
        const request = {
          ...libraryOf(b),
          keyword: b.keyword ?? '',
          type: b.type ?? '',
          page: b.page ?? 1,
          pageSize: b.pageSize ?? b.size ?? 20,
        };
        const { pageJson } = await c.services.project.searchDataFields(request, { metadata: c.metadata });
        return JSON.parse(pageJson) as Static<typeof mock.DataFieldPage>;
      },
    ),
    call('saveDataField', { ...library, dataFieldId: optionalId, ...fieldFields }, mock.DataFieldSaved, (b, c) => {
      const request = {
        ...libraryOf(b),
        dataFieldId: Number(b.dataFieldId || 0),
        fieldJson: JSON.stringify(fieldOf(b)),
      };
      return c.services.project.saveDataField(request, { metadata: c.metadata });
    }),
    call(
      'saveDataFields',
      { ...library, fields: Type.String(), onExisting: optionalName(['skip', 'overwrite']) },
      mock.DataFieldBatchResult,
      async (b, c) => {
        const fields = jsonList(b.fields, '字段列表格式错误：请用 JSON 列表');
        if (fields.length > 500) throw new ApiError(400, '一次最多保存 500 个字段');
        const request = { ...libraryOf(b), fieldsJson: JSON.stringify(fields), onExisting: b.onExisting || 'skip' };
        const signal = AbortSignal.timeout(BATCH_CALL_MS);
        const { resultJson } = await c.services.project.saveDataFields(request, { metadata: c.metadata, signal });
        return JSON.parse(resultJson) as Static<typeof mock.DataFieldBatchResult>;
      },
      { bodyLimit: BATCH_BODY },
    ),
    call(
      'deleteDataField',
      { ...library, dataFieldId: optionalId, dataFieldIds: optionalText(4000) },
      Nothing,
      (b, c) => {
        const refused = () => new ApiError(400, '请选择要删除的字段');
        const ids = b.dataFieldIds ? parseIdList(b.dataFieldIds, refused) : [];
        if (b.dataFieldId && Number(b.dataFieldId) > 0) ids.push(Number(b.dataFieldId));
        if (ids.length === 0) throw refused();
        const request = { ...libraryOf(b), dataFieldIds: ids };
        return ok(c.services.project.deleteDataFields(request, { metadata: c.metadata }));
      },
    ),
    call(
      'parseFieldSource',
      { projectId: optionalId, kind: Type.String({ pattern: '^(sql|json)$' }), text: Type.String() },
      mock.FieldSourceParse,
      async (b, c) => {
        if (Buffer.byteLength(b.text) > SOURCE_MAX_BYTES) throw new ApiError(400, '粘贴的内容不能超过 200 KB');
        const request = { projectId: Number(b.projectId || 0), kind: b.kind, text: b.text };
        const { parseJson } = await c.services.project.parseFieldSource(request, { metadata: c.metadata });
        return JSON.parse(parseJson) as Static<typeof mock.FieldSourceParse>;
      },
      { bodyLimit: SOURCE_BODY },
    ),
  ];
}

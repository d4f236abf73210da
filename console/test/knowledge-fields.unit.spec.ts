import type { DataField, FieldCandidate, FieldIssue } from '@pmbok/api-types';
import { describe, expect, it } from 'vitest';
import {
  candidateInput,
  defaultFix,
  docLink,
  FieldInputError,
  fixesToApply,
  initialPicks,
  inputOf,
  issuesOfKind,
  parseEnum,
  parseExample,
  toRow,
} from '../src/knowledge/fields/fieldModel';
import { fieldBody, libraryBody } from '../src/knowledge/fields/fieldsApi';

const field = (extra: Partial<DataField> = {}): DataField => ({
  dataFieldId: 7,
  scope: 'project',
  projectId: 3,
  teamId: 1,
  name: 'userName',
  aliases: ['user_name', 'username'],
  type: 'string',
  format: '',
  description: '用户名',
  example: '张三',
  enum: [],
  mockRule: '@cname',
  inherited: false,
  uses: 4,
  updatedBy: 1,
  updatedByName: '张三',
  createTime: 0,
  updateTime: 0,
  ...extra,
});

const labels = { example: '示例' };

describe('a field as a row of the generic list and back', () => {
  it('shows the JSON values as texts that the form reads back into the same field', () => {
    const row = toRow(field({ type: 'integer', name: 'status', aliases: [], example: 1, enum: [0, 1, 2] }));
    expect(row).toMatchObject({ id: 7, aliasesText: '', exampleText: '1', enumText: '[0,1,2]' });
    expect(inputOf(row, labels, row.dataFieldId)).toEqual({
      dataFieldId: 7,
      name: 'status',
      aliases: [],
      type: 'integer',
      format: '',
      description: '用户名',
      example: 1,
      enum: [0, 1, 2],
      mockRule: '@cname',
    });
    const strings = toRow(field());
    expect(strings.aliasesText).toBe('user_name, username');
    expect(inputOf(strings, labels).example).toBe('张三');
    expect(inputOf(strings, labels).aliases).toEqual(['user_name', 'username']);
  });

  it('reads what a person types or a sheet holds: bare strings, comma lists by type, no type means string', () => {
    expect(parseExample('张三', 'string', labels.example)).toBe('张三');
    expect(parseExample('', 'integer', labels.example)).toBeUndefined();
    expect(parseExample('{"a":1}', 'object', labels.example)).toEqual({ a: 1 });
    expect(parseEnum('1, 2，3', 'integer')).toEqual([1, 2, 3]);
    expect(parseEnum('true,false', 'boolean')).toEqual([true, false]);
    expect(parseEnum('男、女', 'string')).toEqual(['男', '女']);
    expect(parseEnum('["a","b"]', 'string')).toEqual(['a', 'b']);
    const sheetRow = { name: ' mobile ', aliasesText: 'phone，tel', type: '', exampleText: '13800138000' };
    expect(inputOf(sheetRow, labels)).toMatchObject({
      name: 'mobile',
      aliases: ['phone', 'tel'],
      type: 'string',
      example: '13800138000',
    });
  });

  it('refuses an example that is not JSON for a non-string type, and an enum that is a broken list', () => {
    expect(() => parseExample('{a:1}', 'object', labels.example)).toThrow(FieldInputError);
    try {
      parseExample('{a:1}', 'object', labels.example);
    } catch (error) {
      expect((error as FieldInputError).key).toBe('bad_json');
      expect((error as FieldInputError).args.field).toBe('示例');
    }
    expect(() => parseEnum('[1, 2', 'integer')).toThrow(FieldInputError);
    expect(() => parseEnum('{"a":1}', 'object')).not.toThrow();
    expect(() => parseEnum('[{"a":1}]', 'object')).not.toThrow();
  });

  it('sends JSON values as JSON text and names a team library by its team alone', () => {
    const body = fieldBody(inputOf(toRow(field({ enum: ['a'] })), labels));
    expect(body).toMatchObject({ aliases: '["user_name","username"]', example: '"张三"', enum: '["a"]' });
    expect(fieldBody({ ...inputOf({ name: 'x' }, labels) }).example).toBeUndefined();
    expect(libraryBody({ scope: 'team', projectId: 3, teamId: 9 })).toEqual({ scope: 'team', projectId: 0, teamId: 9 });
    expect(libraryBody({ scope: 'project', projectId: 3, teamId: 9 })).toEqual({ scope: 'project', projectId: 3 });
  });
});

const candidate = (name: string, extra: Partial<FieldCandidate> = {}): FieldCandidate => ({
  name,
  type: 'string',
  format: '',
  description: '',
  example: null,
  enum: [],
  required: false,
  table: 'user',
  path: '',
  line: 2,
  exists: false,
  ...extra,
});

describe('candidates of a pasted SQL table or JSON example', () => {
  it('offers the new names ticked, the existing ones and repeated names unticked', () => {
    const picks = initialPicks([
      candidate('id', { exists: true }),
      candidate('userName'),
      candidate('USERNAME'),
      candidate('mobile'),
    ]);
    expect([...picks]).toEqual([1, 3]);
  });

  it('adds a candidate as a field without an example when it had none', () => {
    expect(candidateInput(candidate('createdAt', { format: 'date-time', description: '创建时间' }))).toEqual({
      name: 'createdAt',
      aliases: [],
      type: 'string',
      format: 'date-time',
      description: '创建时间',
      example: undefined,
      enum: [],
      mockRule: '',
    });
  });
});

const issue = (issueId: string, kind: FieldIssue['kind'], fixes: FieldIssue['fixes']): FieldIssue => ({
  issueId,
  kind,
  fieldName: 'userId',
  uses: [
    {
      projectStructureId: 12,
      docName: '查询用户',
      kind: 'api',
      method: 'GET',
      path: '/users/{id}',
      location: '响应 200 › data › userId',
      pointer: '/responses/0/schema/properties/data/properties/userId',
    },
  ],
  useCount: 1,
  actual: { name: 'userId', type: 'string', format: '', description: '' },
  expected: { name: 'userId', type: 'integer', format: 'int64', description: '用户编号' },
  dataFieldId: 1,
  fixes,
  message: '字段 userId 在字段库中是 integer，这里是 string',
});

describe('the comparison report', () => {
  it('offers the library fix first, then the rename, then adding to the library', () => {
    expect(defaultFix(issue('a', 'type', ['addToLibrary', 'useLibrary']))).toBe('useLibrary');
    expect(defaultFix(issue('b', 'naming', ['rename']))).toBe('rename');
    expect(defaultFix(issue('c', 'missing', ['addToLibrary']))).toBe('addToLibrary');
    expect(defaultFix(issue('d', 'descriptionMissing', []))).toBeUndefined();
  });

  it('filters by kind and sends only fixes the issues allow', () => {
    const issues = [issue('a', 'type', ['useLibrary']), issue('b', 'naming', ['rename'])];
    expect(issuesOfKind(issues, 'naming').map((one) => one.issueId)).toEqual(['b']);
    expect(issuesOfKind(issues, '')).toHaveLength(2);
    const picked = new Map([
      ['a', 'useLibrary' as const],
      ['b', 'useLibrary' as const],
      ['gone', 'rename' as const],
    ]);
    expect(fixesToApply(issues, picked)).toEqual([{ issueId: 'a', action: 'useLibrary' }]);
  });

  it('links a finding to its document in the workspace', () => {
    expect(docLink(5, { projectStructureId: 12 })).toBe('/project/index/5?doc=12');
  });
});

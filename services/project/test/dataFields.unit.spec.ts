import { describe, expect, it } from 'vitest';
import { parseFieldSource } from '../src/application/fieldSources.js';
import { checkFieldValues, decideDataField, evolveDataField } from '../src/domain/dataField/dataField.js';
import { decideNameClaim } from '../src/domain/dataField/nameClaim.js';

const none = new Set<string>();

/** Realistic DDL as teams paste it: a MySQL dump of two tables, and a PostgreSQL schema with COMMENT ON. */
const MYSQL = `-- 用户与订单
CREATE TABLE IF NOT EXISTS \`t_user\` (
  \`id\` bigint unsigned NOT NULL AUTO_INCREMENT COMMENT '用户ID',
  \`user_name\` varchar(64) NOT NULL COMMENT '用户名',
  \`mobile\` char(11) DEFAULT NULL COMMENT '手机号',
  \`is_vip\` tinyint(1) NOT NULL DEFAULT 0 COMMENT '是否会员',
  \`age\` int DEFAULT NULL,
  \`birthday\` date DEFAULT NULL COMMENT '生日',
  \`created_at\` datetime NOT NULL DEFAULT CURRENT_TIMESTAMP COMMENT '创建时间',
  PRIMARY KEY (\`id\`),
  UNIQUE KEY \`uk_user_name\` (\`user_name\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COMMENT='用户表';

CREATE TABLE \`t_order\` (
  \`order_no\` varchar(32) NOT NULL COMMENT '订单号',
  \`user_id\` bigint NOT NULL COMMENT '用户ID',
  \`amount\` decimal(12,2) NOT NULL COMMENT '订单金额（元）',
  \`status\` enum('pending','paid','refunded') NOT NULL DEFAULT 'pending' COMMENT '订单状态',
  \`extra\` json DEFAULT NULL,
  \`paid_time\` timestamp NULL DEFAULT NULL COMMENT '支付时间',
  PRIMARY KEY (\`order_no\`)
) ENGINE=InnoDB;`;

const POSTGRES = `CREATE TABLE articles (
  id SERIAL PRIMARY KEY,
  author_id BIGINT NOT NULL,
  title VARCHAR(200) NOT NULL,
  body TEXT,
  published BOOLEAN DEFAULT false,
  meta JSONB,
  score NUMERIC(5,2),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
COMMENT ON COLUMN articles.title IS '文章标题';`;

describe('parseFieldSource: SQL', () => {
  it('maps a MySQL dump of two tables: types, formats, comments, NOT NULL, enum, lines', () => {
    const parsed = parseFieldSource('sql', MYSQL, new Set(['user_name']));
    expect(parsed.tables).toEqual(['t_user', 't_order']);
    const byName = Object.fromEntries(parsed.fields.map((f) => [f.name, f]));
    expect(byName.id).toMatchObject({
      type: 'integer',
      format: 'int64',
      description: '用户ID',
      required: true,
      line: 3,
    });
    expect(byName.user_name).toMatchObject({ type: 'string', description: '用户名', required: true, exists: true });
    expect(byName.mobile).toMatchObject({ type: 'string', required: false, exists: false, table: 't_user' });
    expect(byName.is_vip).toMatchObject({ type: 'boolean', example: 0 });
    expect(byName.age).toMatchObject({ type: 'integer', format: '' });
    expect(byName.birthday).toMatchObject({ type: 'string', format: 'date' });
    expect(byName.created_at).toMatchObject({ type: 'string', format: 'date-time', example: null, line: 9 });
    expect(byName.amount).toMatchObject({ type: 'number', description: '订单金额（元）', table: 't_order' });
    expect(byName.status).toMatchObject({ type: 'string', enum: ['pending', 'paid', 'refunded'], example: 'pending' });
    expect(byName.extra).toMatchObject({ type: 'object' });
    expect(byName.paid_time).toMatchObject({ type: 'string', format: 'date-time', line: 20 });
    expect(byName.order_no!.line).toBe(15);
  });

  it('reads PostgreSQL: SERIAL, TEXT, TIMESTAMPTZ, BOOLEAN, JSONB and COMMENT ON COLUMN', () => {
    const parsed = parseFieldSource('sql', POSTGRES, none);
    expect(parsed.tables).toEqual(['articles']);
    const byName = Object.fromEntries(parsed.fields.map((f) => [f.name, f]));
    expect(byName.id).toMatchObject({ type: 'integer', required: true, line: 2 });
    expect(byName.author_id).toMatchObject({ type: 'integer', format: 'int64', required: true });
    expect(byName.title).toMatchObject({ type: 'string', description: '文章标题' });
    expect(byName.body).toMatchObject({ type: 'string', required: false });
    expect(byName.published).toMatchObject({ type: 'boolean', example: false });
    expect(byName.meta).toMatchObject({ type: 'object' });
    expect(byName.score).toMatchObject({ type: 'number' });
    expect(byName.created_at).toMatchObject({ type: 'string', format: 'date-time', required: true, line: 9 });
  });

  it('takes COMMENT ON COLUMN from a table MySQL could parse too', () => {
    const sql =
      "CREATE TABLE tag (\n  id integer PRIMARY KEY,\n  label varchar(20)\n);\nCOMMENT ON COLUMN tag.label IS '标签名';";
    const [, label] = parseFieldSource('sql', sql, none).fields;
    expect(label).toMatchObject({ name: 'label', description: '标签名', line: 3 });
  });

  it('reads a pg_dump: SET and ALTER statements, schema-qualified names, character varying, arrays', () => {
    const dump = `SET statement_timeout = 0;
SET client_encoding = 'UTF8';
CREATE TABLE public.users (
    id integer NOT NULL,
    name character varying(50) NOT NULL,
    created_at timestamp without time zone DEFAULT now(),
    tags text[]
);
ALTER TABLE public.users OWNER TO postgres;
COMMENT ON COLUMN public.users.name IS '姓名';`;
    const parsed = parseFieldSource('sql', dump, none);
    expect(parsed.tables).toEqual(['users']);
    expect(parsed.fields.map((f) => [f.name, f.type, f.format, f.description, f.line])).toEqual([
      ['id', 'integer', '', '', 4],
      ['name', 'string', '', '姓名', 5],
      ['created_at', 'string', 'date-time', '', 6],
      ['tags', 'array', '', '', 7],
    ]);
  });

  it('reads a mysqldump: conditional comments, DROP, LOCK and INSERT around the table', () => {
    const dump = `/*!40101 SET NAMES utf8mb4 */;
DROP TABLE IF EXISTS \`t_goods\`;
CREATE TABLE \`t_goods\` (
  \`id\` int(11) unsigned NOT NULL AUTO_INCREMENT,
  \`title\` varchar(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL DEFAULT '' COMMENT '标题',
  \`updated_at\` timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  PRIMARY KEY (\`id\`),
  KEY \`idx_title\` (\`title\`(20)) USING BTREE
) ENGINE=InnoDB AUTO_INCREMENT=100 DEFAULT CHARSET=utf8mb4 COMMENT='商品';
LOCK TABLES \`t_goods\` WRITE;
INSERT INTO \`t_goods\` VALUES (1,'a','2024-01-01 00:00:00');
UNLOCK TABLES;`;
    const parsed = parseFieldSource('sql', dump, none);
    expect(parsed.fields.map((f) => [f.name, f.type, f.description, f.required, f.line])).toEqual([
      ['id', 'integer', '', true, 4],
      ['title', 'string', '标题', true, 5],
      ['updated_at', 'string', '', true, 6],
    ]);
  });

  it('names the line of a syntax error', () => {
    const broken = 'CREATE TABLE a (\n  id int,\n  name varchar(10) NOT NULLL,\n  x int\n);';
    expect(() => parseFieldSource('sql', broken, none)).toThrow(/^第 3 行附近有语法错误：/);
    expect(() => parseFieldSource('sql', 'SELECT 1;', none)).toThrow('没有找到 CREATE TABLE 语句');
  });

  it('refuses an empty text, an unknown kind and a paste over 200 KB', () => {
    expect(() => parseFieldSource('sql', '  ', none)).toThrow('请粘贴 SQL 建表语句或 JSON 示例');
    expect(() => parseFieldSource('xml', '<a/>', none)).toThrow('来源只能是 sql 或 json');
    expect(() => parseFieldSource('json', `{"a":"${'x'.repeat(1024 * 1024)}"}`, none)).toThrow('不能超过 200 KB');
  });
});

describe('parseFieldSource: JSON', () => {
  const example = `{
  "code": 0,
  "data": {
    "user": { "userId": 42, "nickName": "小明", "score": 9.5, "vip": true },
    "list": [ { "sku": "A1", "price": 12.5 } ],
    "user-agent": "x"
  }
}`;

  it('offers every key at every level with its type, example, dotted path and line', () => {
    const parsed = parseFieldSource('json', example, new Set(['code']));
    const byName = Object.fromEntries(parsed.fields.map((f) => [f.name, f]));
    expect(byName.code).toMatchObject({ type: 'integer', example: 0, path: 'code', line: 2, exists: true });
    expect(byName.data).toMatchObject({ type: 'object', path: 'data', line: 3 });
    expect(byName.userId).toMatchObject({ type: 'integer', example: 42, path: 'data.user.userId', line: 4 });
    expect(byName.score).toMatchObject({ type: 'number' });
    expect(byName.vip).toMatchObject({ type: 'boolean' });
    expect(byName.list).toMatchObject({ type: 'array', example: [{ sku: 'A1', price: 12.5 }] });
    expect(byName.sku).toMatchObject({ type: 'string', path: 'data.list.sku', line: 5 });
    // a key no field name can hold is not offered
    expect(byName['user-agent']).toBeUndefined();
  });

  it('reads a list of objects (every item’s keys, each name once)', () => {
    const parsed = parseFieldSource('json', '[\n  { "id": 1 },\n  { "id": 2, "tags": ["a"] }\n]', none);
    expect(parsed.fields.map((f) => [f.name, f.type, f.path, f.line])).toEqual([
      ['id', 'integer', 'id', 2],
      ['tags', 'array', 'tags', 3],
    ]);
  });

  it('names the line of a JSON error', () => {
    expect(() => parseFieldSource('json', '{\n  "a": 1\n  "b": 2\n}', none)).toThrow('第 3 行附近有语法错误：缺少逗号');
    expect(() => parseFieldSource('json', '{\n  "a": [1, 2\n}', none)).toThrow(/^第 3 行附近有语法错误/);
    expect(() => parseFieldSource('json', '"text"', none)).toThrow('JSON 示例必须是一个对象或对象的列表');
  });
});

describe('the dataField aggregate', () => {
  const library = { scope: 'project' as const, projectId: 7, teamId: 3 };
  const values = { name: 'userId', type: 'integer', description: '用户ID' };

  it('checks names, aliases, types, enums, examples and lengths with Chinese messages', () => {
    expect(checkFieldValues(values)).toMatchObject({ name: 'userId', aliases: [], enum: [], example: null });
    const bad: [Record<string, unknown>, string | RegExp][] = [
      [{ ...values, name: '' }, /^字段名为 1–64 个字符/],
      [{ ...values, name: '1abc' }, /^字段名/],
      [{ ...values, name: 'user-id' }, /^字段名/],
      [{ ...values, name: 'a'.repeat(65) }, /^字段名/],
      [{ ...values, aliases: ['uid', 'bad name'] }, '别名 bad name 不正确：别名的规则与字段名相同'],
      [{ ...values, aliases: ['UserID'] }, '别名不能与字段名相同'],
      [{ ...values, aliases: Array.from({ length: 21 }, (_, i) => `a${i}`) }, '别名最多 20 个'],
      [{ ...values, type: 'date' }, '字段类型只能是 string、integer、number、boolean、array 或 object'],
      [{ ...values, enum: [1, '2'] }, '枚举值必须都是 integer 类型'],
      [{ ...values, enum: [1.5] }, '枚举值必须都是 integer 类型'],
      [{ ...values, enum: [1, 1] }, '枚举值不能重复'],
      [{ ...values, example: 'x'.repeat(11 * 1024) }, '示例最多 10 KB'],
      [{ ...values, format: 'x'.repeat(51) }, '格式最多 50 个字符'],
      [{ ...values, description: '说'.repeat(501) }, '说明最多 500 个字符'],
      [{ ...values, mockRule: '@'.repeat(501) }, 'Mock 规则最多 500 个字符'],
    ];
    for (const [input, message] of bad)
      expect(() => checkFieldValues(input), JSON.stringify(input).slice(0, 80)).toThrow(message);
  });

  it('creates, records only what changed, refuses another library’s field, deletes once', () => {
    const save = (v: Record<string, unknown>, lib = library) =>
      ({ type: 'SaveDataField', data: { ...lib, dataFieldId: 9, values: checkFieldValues(v), by: 1, at: 2 } }) as const;
    const [created] = decideDataField(save(values), { status: 'none' });
    expect(created!.type).toBe('DataFieldCreated');
    const state = evolveDataField({ status: 'none' }, created!);
    expect(decideDataField(save(values), state)).toEqual([]);
    const [updated] = decideDataField(save({ ...values, format: 'int64' }), state);
    expect(updated).toMatchObject({
      type: 'DataFieldUpdated',
      data: { changes: [{ field: 'format', before: '', after: 'int64' }] },
    });
    expect(() => decideDataField(save(values, { ...library, projectId: 8 }), state)).toThrow('字段不存在或已删除');
    const remove = { type: 'DeleteDataField', data: { ...library, by: 1, at: 3 } } as const;
    const [deleted] = decideDataField(remove, state);
    const gone = evolveDataField(state, deleted!);
    expect(decideDataField(remove, gone)).toEqual([]);
    expect(() => decideDataField(save(values), gone)).toThrow('字段不存在或已删除');
  });

  it('a name claim held by a live field refuses another; a stale one is taken over; an unchecked holder holds', () => {
    const claim = (dataFieldId: number, checkedHolder: number, holderActive: boolean) =>
      ({
        type: 'ClaimFieldName',
        data: {
          nameKey: 'userid',
          dataFieldId,
          checkedHolder,
          holderActive,
          takenMessage: '字段 userId 已存在',
          at: 5,
        },
      }) as const;
    const heldBy = (dataFieldId: number) => ({ status: 'claimed' as const, dataFieldId, claimedAt: 1 });
    expect(decideNameClaim(claim(1, 0, false), { status: 'free' })).toEqual([
      { type: 'DataFieldNameClaimed', data: { nameKey: 'userid', dataFieldId: 1, claimedAt: 5 } },
    ]);
    expect(() => decideNameClaim(claim(2, 1, true), heldBy(1))).toThrow('字段 userId 已存在');
    expect(decideNameClaim(claim(2, 1, false), heldBy(1))).toHaveLength(1);
    // checked free (or holder 1), but a racing save claimed it meanwhile: that holder was never checked
    expect(() => decideNameClaim(claim(2, 0, false), heldBy(3))).toThrow('字段 userId 已存在');
    expect(() => decideNameClaim(claim(2, 1, false), heldBy(3))).toThrow('字段 userId 已存在');
    expect(decideNameClaim(claim(1, 1, true), heldBy(1))).toEqual([]);
  });
});

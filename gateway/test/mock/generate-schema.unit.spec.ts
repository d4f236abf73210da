import type { MockField } from '@pmbok/project-service/mock-index';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import {
  compileSchema,
  type GenerateScope,
  type Json,
  type JsonSchema,
  valueForName,
} from '../../src/mock/generate/index.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = addFormats(new Ajv2020({ strict: false, logger: false }));
const NOW = Date.UTC(2026, 5, 15, 4, 0, 0);
const run = (seed = 1) => ({ seed, deadline: Date.now() + 5_000, now: NOW });
const empty: GenerateScope = { models: {}, fields: [] };

/** Generates under many seeds and checks every value against the schema with ajv (formats included). */
function generated(schema: JsonSchema, scope: GenerateScope = empty, seeds = 50): Json[] {
  const generate = compileSchema(schema, scope, 'test');
  const validate = ajv.compile({ ...(schema as object), components: { schemas: scope.models } });
  return Array.from({ length: seeds }, (_, seed) => {
    const value = generate(run(seed));
    expect(validate(value), `${JSON.stringify(value)} ${JSON.stringify(validate.errors)}`).toBe(true);
    return value;
  });
}

const field = (name: string, more: Partial<MockField> = {}): MockField => ({
  name,
  aliases: [],
  type: 'string',
  format: '',
  enum: [],
  example: null,
  mockRule: '',
  ...more,
});

describe('generating data from JSON Schema', () => {
  it('makes every format ajv-formats accepts', () => {
    const formats = ['date-time', 'date', 'time', 'email', 'uri', 'uri-reference', 'uuid', 'ipv4', 'ipv6', 'hostname'];
    for (const format of [...formats, 'byte', 'duration', 'json-pointer', 'regex']) {
      generated({ type: 'string', format }, empty, 20);
    }
    expect(ajv.validate({ type: 'string', format: 'email' }, 'not an email'), 'formats are checked').toBe(false);
  });

  it('keeps to enum, const, bounds, multipleOf, lengths and patterns', () => {
    const statuses = generated({ type: 'string', enum: ['on', 'off'] });
    expect(new Set(statuses)).toEqual(new Set(['on', 'off']));
    expect(generated({ const: 42 })).toContain(42);
    generated({ type: 'integer', minimum: 5, maximum: 7 });
    generated({ type: 'integer', exclusiveMinimum: 5, exclusiveMaximum: 7 });
    generated({ type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 0.01 });
    generated({ type: 'number', minimum: 1, maximum: 2, multipleOf: 0.25 });
    generated({ type: 'integer', minimum: -100, maximum: 100, multipleOf: 7 });
    generated({ type: 'string', minLength: 30, maxLength: 40 });
    generated({ type: 'string', maxLength: 1 });
    generated({ type: 'string', pattern: '^[A-Z]{2}-\\d{4}(-[a-z]+)?$' });
    generated({ type: 'string', pattern: '^\\w+@\\w+\\.com$' });
  });

  it('fills every property (optional ones too), lists by minItems/maxItems and uniqueItems', () => {
    const schema = {
      type: 'object',
      required: ['id'],
      properties: {
        id: { type: 'integer' },
        note: { type: 'string' },
        tags: {
          type: 'array',
          minItems: 2,
          maxItems: 4,
          uniqueItems: true,
          items: { type: 'integer', enum: [1, 2, 3, 4] },
        },
        none: { type: 'array', maxItems: 0, items: { type: 'string' } },
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false },
        map: { type: 'object', additionalProperties: { type: 'integer' } },
        some: { type: 'object', minProperties: 2, properties: { a: { type: 'string' } } },
      },
    };
    for (const value of generated(schema) as Record<string, Json[]>[]) {
      expect(Object.keys(value)).toEqual(['id', 'note', 'tags', 'none', 'pair', 'map', 'some']);
      expect(value.tags?.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('takes one branch of oneOf / anyOf, merges allOf, and is null now and then when nullable', () => {
    const values = generated({ oneOf: [{ type: 'string', format: 'email' }, { type: 'integer' }] }, empty, 100);
    expect(new Set(values.map((value) => typeof value))).toEqual(new Set(['string', 'number']));
    generated({ anyOf: [{ type: 'boolean' }, { type: 'null' }] });
    const merged = generated({
      allOf: [
        { type: 'object', required: ['a'], properties: { a: { type: 'integer' } } },
        { type: 'object', required: ['b'], properties: { b: { type: 'string' } } },
      ],
    }) as Record<string, Json>[];
    expect(Object.keys(merged[0] ?? {})).toEqual(['a', 'b']);
    const nullable = generated({ type: ['string', 'null'] }, empty, 400);
    const nulls = nullable.filter((value) => value === null).length;
    expect(nulls).toBeGreaterThan(0);
    expect(nulls).toBeLessThan(60);
    expect(generated({ type: 'string', nullable: true }, empty, 400)).toContain(null);
  });

  it("follows $refs to the project's models; a cycle stops at the depth limit (optional left out, required null)", () => {
    const scope: GenerateScope = {
      models: {
        Node: {
          type: 'object',
          required: ['id', 'parent'],
          properties: {
            id: { type: 'integer' },
            parent: { $ref: '#/components/schemas/Node' },
            children: { type: 'array', maxItems: 1, items: { $ref: '#/components/schemas/Node' } },
          },
        },
        Pet: { allOf: [{ $ref: '#/components/schemas/Named' }, { properties: { age: { type: 'integer' } } }] },
        Named: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
      },
      fields: [],
    };
    const node = compileSchema({ $ref: '#/components/schemas/Node' }, scope)(run()) as Record<string, Json>;
    let depth = 0;
    for (let at: Json = node; at && typeof at === 'object'; at = (at as Record<string, Json>).parent ?? null)
      depth += 1;
    expect(depth).toBe(5);
    const pet = generated({ $ref: '#/components/schemas/Pet' }, scope)[0] as Record<string, Json>;
    expect(Object.keys(pet)).toEqual(['name', 'age']);
  });

  it('is the same for the same seed and differs between seeds', () => {
    const schema = { type: 'object', properties: { name: { type: 'string' }, createTime: { type: 'string' } } };
    const generate = compileSchema(schema, empty);
    expect(generate(run(7))).toEqual(generate(run(7)));
    expect(generate(run(7))).not.toEqual(generate(run(8)));
  });
});

describe('a property value by name, library and x-mock', () => {
  it('reads names camelCase and snake_case alike', () => {
    const schema = {
      type: 'object',
      properties: {
        userId: { type: 'integer' },
        order_id: { type: 'string', format: 'uuid' },
        userName: { type: 'string' },
        real_name: { type: 'string' },
        mobile: { type: 'string' },
        contact_phone: { type: 'string' },
        idCard: { type: 'string' },
        email: { type: 'string' },
        avatar: { type: 'string', format: 'uri' },
        createTime: { type: 'integer' },
        updated_at: { type: 'string', format: 'date-time' },
        birthDate: { type: 'string', format: 'date' },
        isActive: { type: 'boolean' },
        has_more: { type: 'boolean' },
        price: { type: 'number' },
        total: { type: 'integer' },
        company: { type: 'string' },
        province: { type: 'string' },
        address: { type: 'string' },
      },
    };
    const [value] = generated(schema, empty, 20) as Record<string, Json>[];
    expect(value?.userId).toBeGreaterThan(0);
    expect(value?.userName).toMatch(/^\p{Script=Han}{2,4}$/u);
    expect(value?.real_name).toMatch(/^\p{Script=Han}{2,4}$/u);
    expect(value?.mobile).toMatch(/^1[345789]\d{9}$/);
    expect(value?.contact_phone).toMatch(/^1[345789]\d{9}$/);
    expect(value?.idCard).toMatch(/^\d{17}[\dX]$/);
    expect(value?.avatar).toMatch(/^https:\/\/dummyimage\.com\//);
    expect(value?.createTime).toBeGreaterThan(NOW - 366 * 86_400_000);
    expect(value?.createTime).toBeLessThanOrEqual(NOW);
    expect(String(value?.price)).toMatch(/^\d+(\.\d{1,2})?$/);
    expect(value?.company).toMatch(/公司$/);
    expect(value?.province).toMatch(/(省|市|自治区|特别行政区)$/);
    expect(value?.address).toMatch(/号$/);
  });

  it('lets the document win: a format, bounds and a pattern the name would break', () => {
    const [value] = generated(
      {
        type: 'object',
        properties: {
          createTime: { type: 'string', format: 'date' },
          phone: { type: 'string', pattern: '^0\\d{2,3}-\\d{7,8}$' },
          age: { type: 'integer', minimum: 100, maximum: 120 },
          description: { type: 'string', maxLength: 3 },
        },
      },
      empty,
      20,
    ) as Record<string, Json>[];
    expect(value?.createTime).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("uses x-mock, then the library's rule, enum, example and format (by name or alias)", () => {
    const scope: GenerateScope = {
      models: {},
      fields: [
        field('nickname', { mockRule: '@pick(["阿猫", "阿狗"])' }),
        field('level', { type: 'integer', enum: [1, 2, 3] }),
        field('region', { example: '华东' }),
        field('homepage', { aliases: ['site'], format: 'uri' }),
        field('grade', { type: 'integer', mockRule: '@integer(90, 99)' }),
      ],
    };
    const schema = {
      type: 'object',
      properties: {
        code: { type: 'string', 'x-mock': '@string("number", 6)' },
        count: { type: 'integer', 'x-mock': '@integer(3, 3)' },
        nickname: { type: 'string' },
        level: { type: 'integer' },
        region: { type: 'string' },
        site: { type: 'string' },
        grade: { type: 'string' },
      },
    };
    for (const value of generated(schema, scope, 20) as Record<string, Json>[]) {
      expect(value.code).toMatch(/^\d{6}$/);
      expect(value.count).toBe(3);
      expect(['阿猫', '阿狗']).toContain(value.nickname);
      expect([1, 2, 3]).toContain(value.level);
      expect(value.region).toBe('华东');
      expect(value.site).toMatch(/^https:\/\//);
      // A library field of another type than the document's is not used.
      expect(value.grade).not.toMatch(/^9\d$/);
    }
  });

  it('valueForName answers from the library and the name, undefined when neither knows', () => {
    const scope: GenerateScope = { models: {}, fields: [field('sku', { mockRule: 'SKU-@integer(100, 100)' })] };
    expect(valueForName('sku', 'string', scope, run())).toBe('SKU-100');
    expect(valueForName('user_mobile', 'string', scope, run())).toMatch(/^1[345789]\d{9}$/);
    expect(valueForName('createdAt', 'integer', scope, run())).toBeGreaterThan(0);
    expect(valueForName('isDeleted', 'boolean', scope, run())).toBeTypeOf('boolean');
    expect(valueForName('frobnicator', 'string', scope, run())).toBeUndefined();
  });
});

describe('speed', () => {
  it('answers a typical 20-field response in well under 0.1 ms of CPU once compiled', () => {
    const generate = compileSchema(
      {
        type: 'object',
        required: ['id', 'name'],
        properties: {
          id: { type: 'integer', format: 'int64' },
          name: { type: 'string' },
          status: { type: 'string', enum: ['available', 'pending', 'sold'] },
          category: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
          photoUrls: { type: 'array', items: { type: 'string', format: 'uri' } },
          tags: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } } } },
          price: { type: 'number' },
          createTime: { type: 'string', format: 'date-time' },
          updateTime: { type: 'string', format: 'date-time' },
          owner: { type: 'string' },
          phone: { type: 'string' },
          email: { type: 'string', format: 'email' },
          age: { type: 'integer', minimum: 0, maximum: 30 },
          weight: { type: 'number' },
          isVaccinated: { type: 'boolean' },
          description: { type: 'string' },
          address: { type: 'string' },
          birthday: { type: 'string', format: 'date' },
          code: { type: 'string', pattern: '^P\\d{6}$' },
          uuid: { type: 'string', format: 'uuid' },
        },
      },
      empty,
    );
    const deadline = Date.now() + 60_000;
    for (let seed = 0; seed < 3_000; seed += 1) generate({ seed, deadline });
    // CPU time, best of several batches: the machine is shared, wall time would measure the neighbours.
    let best = Number.POSITIVE_INFINITY;
    for (let batch = 0; batch < 5; batch += 1) {
      const start = process.cpuUsage();
      for (let seed = 0; seed < 1_000; seed += 1) generate({ seed, deadline });
      const used = process.cpuUsage(start);
      best = Math.min(best, (used.user + used.system) / 1_000);
    }
    console.info(`a 20-field answer: ${best.toFixed(1)} µs of CPU`);
    expect(best).toBeLessThan(100);
  });
});

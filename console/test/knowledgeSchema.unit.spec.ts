import { describe, expect, it } from 'vitest';
import { completeApi, emptyBody } from '../src/knowledge/editor/apiDraft';
import { generateSchema } from '../src/knowledge/editor/generateSchema';
import {
  addChild,
  addSibling,
  editRow,
  parseEnum,
  removeRow,
  rowsToSchema,
  type SchemaRow,
  schemaProblems,
  schemaToRows,
} from '../src/knowledge/editor/schemaRows';
import { exampleOf } from '../src/knowledge/workspace/schemaModel';
import { snippetRequest } from '../src/knowledge/workspace/snippets';

/** An OpenAPI 3.1 schema using much the editor does not show. */
const rich = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Order',
  type: 'object',
  'x-internal': { owner: 'billing' },
  required: ['total', 'id', 'ghost'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', format: 'int64', minimum: 1, readOnly: true },
    total: { type: ['number', 'null'], multipleOf: 0.01, description: '金额' },
    state: { type: 'string', enum: ['new', 'paid'], default: 'new', examples: ['new'] },
    level: { enum: [1, { deep: true }, null] },
    customer: { $ref: '#/components/schemas/Customer', description: '下单人' },
    external: { $ref: 'https://example.com/schemas/x.json' },
    anything: true,
    nothing: false,
    choice: { oneOf: [{ type: 'string' }, { type: 'integer' }], discriminator: { propertyName: 'kind' } },
    lines: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: {
          sku: { type: 'string', pattern: '^[A-Z]+$' },
          tags: { type: 'array', items: { type: 'string' } },
        },
        required: ['sku'],
        unevaluatedProperties: false,
      },
    },
    tuple: { type: 'array', prefixItems: [{ type: 'string' }], items: false },
  },
  $defs: { Money: { type: 'number' } },
};

const find = (row: SchemaRow, path: string[]): SchemaRow =>
  path.reduce<SchemaRow>(
    (node, name) => (name === '[]' ? node.items! : node.children.find((c) => c.name === name)!),
    row,
  );

describe('schema ↔ rows', () => {
  it('round-trips an OpenAPI 3.1 schema unchanged, unknown keywords and key order included', () => {
    const back = rowsToSchema(schemaToRows(rich));
    expect(back).toEqual(rich);
    expect(JSON.stringify(back)).toBe(JSON.stringify(rich));
  });

  it('shows names, types, required, descriptions, enums, formats and refs', () => {
    const rows = schemaToRows(rich);
    expect(rows.children.map((c) => [c.name, c.type, c.required])).toEqual([
      ['id', 'integer', true],
      ['total', 'number', true],
      ['state', 'string', false],
      ['level', 'any', false],
      ['customer', 'ref', false],
      ['external', 'ref', false],
      ['anything', 'any', false],
      ['nothing', 'any', false],
      ['choice', 'any', false],
      ['lines', 'array', false],
      ['tuple', 'array', false],
    ]);
    expect(find(rows, ['id']).format).toBe('int64');
    expect(find(rows, ['state']).enumText).toBe('new, paid');
    expect(find(rows, ['customer']).ref).toBe('Customer');
    expect(find(rows, ['external']).ref).toBe('https://example.com/schemas/x.json');
    expect(find(rows, ['lines', '[]', 'sku']).required).toBe(true);
    expect(find(rows, ['lines', '[]', 'tags', '[]']).type).toBe('string');
  });

  it('changes only what was edited, deep inside, keeping the rest of that node', () => {
    const rows = schemaToRows(rich);
    const sku = find(rows, ['lines', '[]', 'sku']);
    const back = rowsToSchema(editRow(rows, sku.id, { description: '商品编码', required: false }));
    const lines = (back.properties as Record<string, any>).lines;
    expect(lines.items.properties.sku).toEqual({ type: 'string', pattern: '^[A-Z]+$', description: '商品编码' });
    expect(lines.items.required).toEqual([]);
    expect(lines.items.unevaluatedProperties).toBe(false);
    expect({ ...back, properties: { ...(back.properties as object), lines: rich.properties.lines } }).toEqual(rich);
  });

  it('keeps null in a nullable type when the named type changes', () => {
    const rows = schemaToRows(rich);
    const back = rowsToSchema(editRow(rows, find(rows, ['total']).id, { type: 'string' }));
    expect((back.properties as any).total).toEqual({ type: ['string', 'null'], multipleOf: 0.01, description: '金额' });
  });

  it('writes a $ref to a shared model and drops the type; back to a type drops the $ref', () => {
    const rows = schemaToRows({ type: 'object', properties: { a: { type: 'string', maxLength: 3 } } });
    const a = find(rows, ['a']);
    const asRef = editRow(rows, a.id, { type: 'ref', ref: 'User' });
    expect(rowsToSchema(asRef)).toEqual({
      type: 'object',
      properties: { a: { $ref: '#/components/schemas/User', maxLength: 3 } },
    });
    const asInt = editRow(schemaToRows(rowsToSchema(asRef)), a.id, {});
    const reread = schemaToRows(rowsToSchema(asInt));
    const back = rowsToSchema(editRow(reread, find(reread, ['a']).id, { type: 'integer' }));
    expect((back.properties as any).a).toEqual({ type: 'integer', maxLength: 3 });
  });

  it('an array gets string items, an object loses its properties when it becomes a string', () => {
    const rows = schemaToRows({ type: 'object', properties: { o: { type: 'object', properties: { x: {} } } } });
    const o = find(rows, ['o']);
    expect((rowsToSchema(editRow(rows, o.id, { type: 'array' })).properties as any).o).toEqual({
      type: 'array',
      items: { type: 'string' },
    });
    expect((rowsToSchema(editRow(rows, o.id, { type: 'string' })).properties as any).o).toEqual({ type: 'string' });
  });

  it('parses enum values by type', () => {
    expect(parseEnum('1, 2，3.5', 'number')).toEqual([1, 2, 3.5]);
    expect(parseEnum('true,false', 'boolean')).toEqual([true, false]);
    expect(parseEnum('a, b, ', 'string')).toEqual(['a', 'b']);
    const rows = schemaToRows({ type: 'integer' });
    expect(rowsToSchema(editRow(rows, rows.id, { enumText: '1,2' }))).toEqual({ type: 'integer', enum: [1, 2] });
    expect(rowsToSchema(editRow(rows, rows.id, { enumText: '' }))).toEqual({ type: 'integer' });
  });

  it('adds children and siblings with fresh names, nested to any depth, and deletes', () => {
    let rows = schemaToRows({ type: 'object' });
    rows = addChild(rows, rows.id);
    const first = rows.children[0]!;
    rows = addSibling(rows, first.id);
    rows = addChild(rows, first.id);
    const inner = rows.children[0]!.children[0]!;
    rows = editRow(rows, inner.id, { type: 'array' });
    rows = addChild(rows, inner.id);
    expect(rowsToSchema(rows)).toEqual({
      type: 'object',
      properties: {
        field1: {
          type: 'object',
          properties: {
            field1: { type: 'array', items: { type: 'object', properties: { field1: { type: 'string' } } } },
          },
        },
        field2: { type: 'string' },
      },
    });
    rows = removeRow(rows, first.id);
    expect(rowsToSchema(rows)).toEqual({ type: 'object', properties: { field2: { type: 'string' } } });
  });

  it('makes an empty schema an object when a field is added, and leaves a oneOf as it is', () => {
    const empty = schemaToRows({});
    expect(rowsToSchema(addChild(empty, empty.id))).toEqual({
      type: 'object',
      properties: { field1: { type: 'string' } },
    });
    const oneOf = schemaToRows({ oneOf: [{ type: 'string' }] });
    expect(rowsToSchema(addChild(oneOf, oneOf.id))).toEqual({
      oneOf: [{ type: 'string' }],
      properties: { field1: { type: 'string' } },
    });
  });

  it('finds empty and repeated names and refs without a model', () => {
    let rows = schemaToRows({ type: 'object', properties: { a: {}, b: { type: 'object', properties: { c: {} } } } });
    rows = editRow(rows, find(rows, ['b', 'c']).id, { name: ' ' });
    rows = editRow(rows, find(rows, ['b']).id, { name: 'a' });
    rows = editRow(rows, rows.children[0]!.id, { type: 'ref', ref: '' });
    expect(schemaProblems(rows).map((p) => [p.path, p.problem])).toEqual([
      ['a', 'ref'],
      ['', 'duplicate'],
      ['a', 'empty'],
    ]);
  });
});

describe('a schema generated from a JSON example', () => {
  it('types every field, nested objects and arrays, keeps the pasted values as examples and requires nothing', () => {
    const generated = generateSchema(
      '{"id": 7, "name": "张三", "price": 9.5, "ok": true, "tags": ["a"], "owner": {"id": 1}, "items": [{"sku": "A"}, {"sku": "B", "qty": 2}]}',
    );
    expect(generated).toEqual({
      ok: true,
      schema: {
        type: 'object',
        properties: {
          id: { type: 'integer', examples: [7] },
          name: { type: 'string', examples: ['张三'] },
          price: { type: 'number', examples: [9.5] },
          ok: { type: 'boolean', examples: [true] },
          tags: { type: 'array', items: { type: 'string', examples: ['a'] } },
          owner: { type: 'object', properties: { id: { type: 'integer', examples: [1] } } },
          items: {
            type: 'array',
            items: {
              type: 'object',
              properties: { sku: { type: 'string', examples: ['A'] }, qty: { type: 'integer', examples: [2] } },
            },
          },
        },
      },
    });
    // The pasted values are what the document's example body and the snippets show.
    if (generated.ok) {
      expect(exampleOf(generated.schema)).toEqual({
        id: 7,
        name: '张三',
        price: 9.5,
        ok: true,
        tags: ['a'],
        owner: { id: 1 },
        items: [{ sku: 'A', qty: 2 }],
      });
    }
    if (generated.ok) expect(rowsToSchema(schemaToRows(generated.schema))).toEqual(generated.schema);
  });

  it("gives the request snippets the pasted values, not the types' placeholders", () => {
    const generated = generateSchema('{"name": "张三", "address": {"city": "杭州"}, "tags": [{"label": "vip"}]}');
    if (!generated.ok) throw new Error(generated.error);
    const api = completeApi({
      method: 'POST',
      path: '/users',
      requestBody: { ...emptyBody(), type: 'json', schema: generated.schema },
    });
    expect(JSON.parse(snippetRequest(api).body ?? '')).toEqual({
      name: '张三',
      address: { city: '杭州' },
      tags: [{ label: 'vip' }],
    });
  });

  it('answers the parser message for text that is not JSON', () => {
    expect(generateSchema('{"a": ')).toMatchObject({ ok: false });
  });
});

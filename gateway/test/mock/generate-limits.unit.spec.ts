import { describe, expect, it } from 'vitest';
import {
  type CompiledGenerator,
  compileSchema,
  compileTemplate,
  type GenerateScope,
  type Json,
  MockDocumentError,
} from '../../src/mock/generate/index.js';

const scope: GenerateScope = {
  models: {
    // Every node requires twenty children: 20^4 nodes before the depth limit, far past the size budget.
    Bomb: {
      type: 'object',
      required: ['kids'],
      properties: { kids: { type: 'array', minItems: 20, items: { $ref: '#/components/schemas/Bomb' } } },
    },
    Big: { type: 'array', minItems: 1000, items: { type: 'string', minLength: 2000 } },
    Loop: { allOf: [{ $ref: '#/components/schemas/Loop' }] },
  },
  fields: [],
};

/** Runs a generator that must refuse: the error, and how long it took. */
function refusal(generate: CompiledGenerator, deadline = Date.now() + 50): { error: MockDocumentError; ms: number } {
  const start = performance.now();
  try {
    generate({ seed: 1, deadline });
  } catch (error) {
    const ms = performance.now() - start;
    if (!(error instanceof MockDocumentError)) throw error;
    return { error, ms };
  }
  throw new Error('generated without an error');
}

const schemaCase = (schema: Json, where = 'doc', deadline?: number) =>
  refusal(compileSchema(schema, scope, where), deadline);
const templateCase = (template: Json) => refusal(compileTemplate(template, scope));

describe('limits: an abusive document is refused quickly, naming the place', () => {
  it('refuses a minItems of a million and a minItems over maxItems', () => {
    const { error, ms } = schemaCase({
      type: 'object',
      properties: { list: { type: 'array', minItems: 1_000_000, items: { type: 'string' } } },
    });
    expect(error.where).toBe('doc.properties.list.minItems');
    expect(error.message).toContain('1000000');
    expect(ms).toBeLessThan(50);
    expect(schemaCase({ type: 'array', minItems: 5, maxItems: 2 }).error.where).toBe('doc.minItems');
  });

  it('refuses strings past the limit: minLength, patterns, repeated template strings, placeholder lengths', () => {
    expect(schemaCase({ type: 'string', minLength: 100_000_000 }).error.where).toBe('doc.minLength');
    expect(schemaCase({ type: 'string', pattern: '^\\d{100000000}$' }).error.where).toBe('doc.pattern');
    expect(schemaCase({ type: 'string', pattern: '^(a{1000}){1000}$' }).error.where).toBe('doc.pattern');
    const repeated = templateCase({ data: { 'text|100000000': 'x' } });
    expect(repeated.error.where).toBe('data.text|100000000');
    expect(repeated.ms).toBeLessThan(50);
    expect(templateCase({ s: '@string(100000000)' }).error.where).toBe('s');
    expect(templateCase({ 'list|1000000': [{ a: 1 }] }).error.where).toBe('list|1000000');
  });

  it('bounds open-ended patterns and huge upper bounds instead of refusing them', () => {
    const generate = compileSchema({ type: 'string', pattern: '^a+b{1,100000000}c*$' }, scope);
    for (let seed = 0; seed < 20; seed += 1) {
      expect(generate({ seed, deadline: Date.now() + 1000 })).toMatch(/^a{1,11}b{1,11}c{0,10}$/);
    }
  });

  it('stops a total past the size budget (1 MB) and a $ref explosion', () => {
    // A deadline far away: the size budget, not the clock, must stop these.
    const later = Date.now() + 10_000;
    const big = schemaCase({ $ref: '#/components/schemas/Big' }, 'doc', later);
    expect(big.error.message).toMatch(/超过 1024 KB/);
    expect(big.error.where).toMatch(/模型 Big/);
    expect(big.ms).toBeLessThan(1_000);
    const bomb = schemaCase({ $ref: '#/components/schemas/Bomb' }, 'listBombs › 响应 200', later);
    expect(bomb.error.message).toMatch(/超过 1024 KB/);
    expect(bomb.error.where).toMatch(/^listBombs › 响应 200 › 模型 Bomb/);
    expect(bomb.ms).toBeLessThan(1_000);
    const nested = templateCase({ 'a|1000': [{ 'b|1000': ['@cparagraph'] }] });
    expect(nested.ms).toBeLessThan(200);
  });

  it('refuses a schema that only refers to itself, and unknown models', () => {
    expect(schemaCase({ $ref: '#/components/schemas/Loop' }).error.message).toMatch(/循环|相套/);
    expect(schemaCase({ $ref: '#/components/schemas/Nope' }).error.message).toContain('Nope');
  });

  it('stops at the deadline', () => {
    const generate = compileSchema(
      { type: 'array', minItems: 1000, items: { type: 'array', minItems: 1000, items: { type: 'integer' } } },
      { ...scope, limits: { maxBytes: 1e12 } },
    );
    const { error, ms } = refusal(generate, Date.now() + 20);
    expect(error.message).toMatch(/生成超过 250 ms/);
    expect(ms).toBeLessThan(200);
  });

  it('refuses numbers no value can satisfy', () => {
    expect(schemaCase({ type: 'integer', minimum: 10, maximum: 1 }).error.where).toBe('doc.minimum');
    expect(schemaCase({ type: 'integer', minimum: 1, maximum: 4, multipleOf: 5 }).error.where).toBe('doc.multipleOf');
  });
});

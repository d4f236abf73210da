import type { MockField } from '@pmbok/project-service/mock-index';
import {
  type CompiledGenerator,
  type GenerateScope,
  type Json,
  MockDocumentError,
  type MockLimits,
  type RunOptions,
} from './api.js';
import { compileLeaf, ruleGenerator } from './leaf.js';
import { charge, charged, limitsOf, OMIT, type Run, rng, startRun, tick, type Value } from './random.js';
import { flattenAllOf, refHasSiblings, resolveRef } from './refs.js';

/**
 * JSON Schema → generator (docs/api/mock-and-fields.md, "Generating data"). A schema is walked once, here, into
 * closures; a request only runs them. `$ref`s compile once per scope into shared holders (cycles are fine: a holder
 * exists before its target is compiled), and are followed at run time at most `maxRefDepth` deep.
 */

type Gen = (run: Run) => Value;
type Schema = Record<string, Json>;

interface Holder {
  gen: Gen;
}

interface Compiler {
  scope: GenerateScope;
  limits: MockLimits;
  fields: Map<string, MockField>;
  models: Map<string, Holder>;
  locals: WeakMap<object, Map<string, Holder>>;
}

interface At {
  where: string;
  /** The property's name ('' for roots and items): what the library and the name heuristics read. */
  name: string;
  /** The document local `#/…` references resolve in. */
  root: Json;
  /** Refs inlined on the way here (allOf, oneOf): a guard against documents that only ever refer onwards. */
  hops: number;
}

const isSchema = (value: Json | undefined): value is Schema =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const join = (where: string, part: string) => (where ? `${where}.${part}` : part);
const fail = (error: unknown): Gen => {
  if (!(error instanceof MockDocumentError)) throw error;
  return () => {
    throw error;
  };
};

const compilers = new WeakMap<GenerateScope, Compiler>();

export function compilerOf(scope: GenerateScope): Compiler {
  let compiler = compilers.get(scope);
  if (!compiler) {
    const fields = new Map<string, MockField>();
    for (const field of scope.fields) {
      for (const name of [field.name, ...field.aliases]) {
        if (!fields.has(name.toLowerCase())) fields.set(name.toLowerCase(), field);
      }
    }
    compiler = { scope, limits: limitsOf(scope.limits), fields, models: new Map(), locals: new WeakMap() };
    compilers.set(scope, compiler);
  }
  return compiler;
}

/** A `$ref`: its target compiled once per scope, followed per run while the depth allows. */
function refGen(c: Compiler, ref: string, at: At): Gen {
  const target = resolveRef(ref, at.root, c.scope.models, at.where);
  let holders = c.models;
  if (!target.key.startsWith('model:')) {
    const rootKey = isSchema(at.root) || Array.isArray(at.root) ? (at.root as object) : {};
    holders = c.locals.get(rootKey) ?? new Map();
    c.locals.set(rootKey, holders);
  }
  let holder = holders.get(target.key);
  if (!holder) {
    const created: Holder = { gen: () => null };
    holders.set(target.key, created);
    try {
      created.gen = compileNode(c, target.schema, { where: target.label, name: '', root: target.root, hops: 0 });
    } catch (error) {
      created.gen = fail(error);
    }
    holder = created;
  }
  const shared = holder;
  const own = target.key.startsWith('model:');
  return (run) => {
    if (run.refDepth >= run.limits.maxRefDepth) return OMIT;
    run.refDepth += 1;
    try {
      const value = shared.gen(run);
      run.refDepth -= 1;
      return value;
    } catch (error) {
      // A model's error names the place in the model; the way here is put in front of it once.
      if (own && error instanceof MockDocumentError && !error.where.startsWith(at.where)) {
        throw new MockDocumentError(error.message, `${at.where || '#'} › ${error.where}`);
      }
      throw error;
    }
  };
}

/** The schema's JSON type: its `type` (without 'null'), else what its keywords imply, else '' (any). */
function typeOf(s: Schema): { type: string; nullable: boolean } {
  const types = Array.isArray(s.type) ? s.type : typeof s.type === 'string' ? [s.type] : [];
  const nullable = s.nullable === true || s['x-nullable'] === true || types.includes('null');
  const type = types.find((t) => t !== 'null');
  if (typeof type === 'string') return { type: type === 'file' ? 'string' : type, nullable };
  if (types.length > 0) return { type: 'null', nullable };
  if (isSchema(s.properties) || isSchema(s.additionalProperties) || Array.isArray(s.required)) {
    return { type: 'object', nullable };
  }
  if (s.items !== undefined || Array.isArray(s.prefixItems)) return { type: 'array', nullable };
  if (['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'].some((k) => k in s)) {
    return { type: 'number', nullable };
  }
  if (['minLength', 'maxLength', 'pattern'].some((k) => k in s)) return { type: 'string', nullable };
  return { type: '', nullable };
}

function compileNode(c: Compiler, schema: Json | undefined, at: At): Gen {
  if (schema === false) return () => null;
  if (!isSchema(schema)) return compileLeaf({ ...leafInput(c, {}, '', at) });
  if (at.hops > 20) throw new MockDocumentError('引用层层相套，无法生成', at.where);
  let s = schema;
  const root = at.root;
  if (typeof s.$ref === 'string') {
    if (!refHasSiblings(s)) {
      const gen = refGen(c, s.$ref, at);
      return typeOf(s).nullable ? orNull(gen) : gen;
    }
    const { $ref, ...rest } = s;
    s = { ...rest, allOf: [{ $ref }, ...(Array.isArray(rest.allOf) ? rest.allOf : [])] };
  }
  if (Array.isArray(s.allOf)) {
    const flat = flattenAllOf(s, root, c.scope.models, at.where);
    return compileNode(c, flat.schema, { ...at, root: flat.root, hops: at.hops + 1 });
  }
  const { type, nullable } = typeOf(s);
  const gen = compileTyped(c, s, type, { ...at, root });
  return nullable ? orNull(gen) : gen;
}

/** Nullable values are null now and then (one in twenty), the same for the same seed. */
const orNull =
  (gen: Gen): Gen =>
  (run) =>
    rng.bool(0.05) ? charged(run, null, '') : gen(run);

function compileTyped(c: Compiler, s: Schema, type: string, at: At): Gen {
  const rule = s['x-mock'];
  if (typeof rule === 'string' && rule.trim() !== '') return ruleGenerator(rule, type, at.where);
  if ('const' in s) {
    const value = s.const as Json;
    return (run) => charged(run, value, at.where);
  }
  if (Array.isArray(s.enum) && s.enum.length > 0) {
    const values = s.enum;
    return (run) => charged(run, rng.pick(values), at.where);
  }
  const choices = Array.isArray(s.oneOf) && s.oneOf.length ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : [];
  if (choices.length > 0) return compileChoice(c, s, choices, at);
  if (type === 'object') return compileObject(c, s, at);
  if (type === 'array') return compileArray(c, s, at);
  if (type === 'null') return (run) => charged(run, null, at.where);
  return compileLeaf(leafInput(c, s, type, at));
}

const leafInput = (c: Compiler, s: Schema, type: string, at: At) => ({
  schema: s,
  type,
  name: at.name,
  field: at.name ? c.fields.get(at.name.toLowerCase()) : undefined,
  limits: c.limits,
  where: at.where,
});

/** oneOf / anyOf: one branch per run, each with the schema's own keywords merged in. */
function compileChoice(c: Compiler, s: Schema, choices: Json[], at: At): Gen {
  const { oneOf: _one, anyOf: _any, discriminator: _d, ...base } = s;
  const plain = !refHasSiblings(base);
  const branches = choices.map((branch, i) => {
    const where = join(at.where, `${Array.isArray(s.oneOf) ? 'oneOf' : 'anyOf'}[${i}]`);
    const schema = plain || !isSchema(branch) ? branch : { ...base, allOf: [branch] };
    return compileNode(c, schema, { ...at, where, hops: at.hops + 1 });
  });
  return (run) => (branches[rng.int(0, branches.length - 1)] as Gen)(run);
}

function compileObject(c: Compiler, s: Schema, at: At): Gen {
  const required = new Set(Array.isArray(s.required) ? s.required.filter((n) => typeof n === 'string') : []);
  const properties = isSchema(s.properties) ? s.properties : {};
  const names = [...Object.keys(properties), ...[...required].filter((name) => !(name in properties))];
  const props = names
    .filter((name) => required.has(name) || !(isSchema(properties[name]) && properties[name].writeOnly === true))
    .map((name) => ({
      name,
      required: required.has(name),
      bytes: name.length + 4,
      gen: compileNode(c, properties[name] ?? {}, { ...at, name, where: join(at.where, `properties.${name}`) }),
    }));
  // Made-up entries: a map (`additionalProperties` only), or what `minProperties` asks beyond the properties.
  const minProperties = typeof s.minProperties === 'number' ? Math.min(s.minProperties, c.limits.maxItems) : 0;
  const open = s.additionalProperties !== false;
  const map = !props.length && isSchema(s.additionalProperties);
  const least = open ? Math.max(0, Math.ceil(minProperties) - props.length) : 0;
  const extra = isSchema(s.additionalProperties) ? s.additionalProperties : {};
  const values =
    map || least > 0 ? compileNode(c, extra, { ...at, name: '', where: join(at.where, 'additionalProperties') }) : null;
  const where = at.where || '#';
  return (run) => {
    tick(run, where);
    const out: Record<string, Json> = {};
    for (const prop of props) {
      const value = prop.gen(run);
      if (value === OMIT && !prop.required) continue;
      charge(run, prop.bytes, where);
      out[prop.name] = value === OMIT ? null : value;
    }
    if (values) {
      for (let i = Math.max(least, map ? rng.int(1, 3) : 0); i > 0; i -= 1) {
        tick(run, where);
        const value = values(run);
        if (value !== OMIT) out[`key${i}`] = value;
      }
    }
    return out;
  };
}

function compileArray(c: Compiler, s: Schema, at: At): Gen {
  const limit = c.limits.maxItems;
  const minItems = typeof s.minItems === 'number' ? Math.max(0, Math.ceil(s.minItems)) : undefined;
  const maxItems = typeof s.maxItems === 'number' ? Math.max(0, Math.floor(s.maxItems)) : undefined;
  if (minItems !== undefined && minItems > limit) {
    throw new MockDocumentError(`数组最少 ${minItems} 项，超过上限 ${limit}`, join(at.where, 'minItems'));
  }
  if (minItems !== undefined && maxItems !== undefined && minItems > maxItems) {
    throw new MockDocumentError(`minItems ${minItems} 大于 maxItems ${maxItems}`, join(at.where, 'minItems'));
  }
  const low = minItems ?? (maxItems === 0 ? 0 : 1);
  const high = Math.min(Math.max(low, Math.min(maxItems ?? 3, 3)), limit);
  const prefix = Array.isArray(s.prefixItems)
    ? s.prefixItems.map((item, i) =>
        compileNode(c, item, { ...at, name: '', where: join(at.where, `prefixItems[${i}]`) }),
      )
    : [];
  const items =
    s.items === false ? undefined : compileNode(c, s.items ?? {}, { ...at, name: '', where: join(at.where, 'items') });
  const unique = s.uniqueItems === true;
  const where = join(at.where, 'items');
  return (run) => {
    const count = Math.max(rng.int(low, high), 0);
    const out: Json[] = [];
    const seen = unique ? new Set<string>() : undefined;
    for (let attempt = 0; out.length < count && attempt < count * 5 + 5; attempt += 1) {
      tick(run, where);
      const gen = prefix[out.length] ?? items;
      if (!gen) break;
      const value = gen(run);
      if (value === OMIT) break;
      if (seen) {
        const key = typeof value === 'object' ? JSON.stringify(value) : `${typeof value}:${value}`;
        if (seen.has(key)) continue;
        seen.add(key);
      }
      charge(run, 1, where);
      out.push(value);
    }
    return out;
  };
}

const finish = (value: Value): Json => (value === OMIT ? null : value);

export function compileSchema(schema: Json, scope: GenerateScope, where = ''): CompiledGenerator {
  const c = compilerOf(scope);
  let gen: Gen;
  try {
    gen = compileNode(c, schema, { where, name: '', root: schema, hops: 0 });
  } catch (error) {
    gen = fail(error);
  }
  return (options: RunOptions) => finish(gen(startRun(options, c.limits)));
}

import { type CompiledGenerator, type GenerateScope, type Json, MockDocumentError, type RunOptions } from './api.js';
import { charge, charged, limitsOf, type Run, rng, startRun, tick } from './random.js';
import { compileString, hasPlaceholder, type Path } from './templateString.js';

/**
 * Mock.js templates (docs/api/mock-and-fields.md, "Mock.js templates"), interpreted by our own code: a template is
 * data, compiled once into closures; rules and placeholders run per request; nothing is ever evaluated as code.
 */

type Gen = (run: Run, at: Path) => Json;

interface Rule {
  /** `name|+step` */
  step?: number;
  min?: number;
  max?: number;
  dmin?: number;
  dmax?: number;
}

const RULE = /^([+-]?\d+)(?:-([+-]?\d+))?(?:\.(\d+)(?:-(\d+))?)?$/;
const STEP = /^\+(\d+(?:\.\d+)?)$/;

function parseRule(text: string): Rule | undefined {
  const step = STEP.exec(text);
  if (step) return { step: Number(step[1]) };
  const range = RULE.exec(text);
  if (!range) return undefined;
  const n = (value: string | undefined) => (value === undefined ? undefined : Number(value));
  return { min: n(range[1]), max: n(range[2]), dmin: n(range[3]), dmax: n(range[4]) };
}

/** `name|rule` → [name, rule]; a key whose rule is not one Mock.js knows is a plain name. */
export function parseKey(key: string): [string, Rule | undefined] {
  const bar = key.indexOf('|');
  if (bar <= 0) return [key, undefined];
  const rule = parseRule(key.slice(bar + 1));
  return rule ? [key.slice(0, bar), rule] : [key, undefined];
}

const templates = new WeakMap<object, boolean>();

/** Whether a value holds Mock.js rules (`list|1-10` keys) or known placeholders (`@cname`) anywhere. */
export function isTemplate(value: Json): boolean {
  if (typeof value === 'string') return hasPlaceholder(value);
  if (value === null || typeof value !== 'object') return false;
  const known = templates.get(value);
  if (known !== undefined) return known;
  const found = Array.isArray(value)
    ? value.some(isTemplate)
    : Object.entries(value).some(([key, child]) => parseKey(key)[1] !== undefined || isTemplate(child));
  templates.set(value, found);
  return found;
}

/** How many times (or items) a rule asks for: `count`, or a random one of `min-max`; over `limit` refused. */
function counter(rule: Rule, limit: number, where: string): (run: Run) => number {
  const min = Math.max(0, rule.min ?? 0);
  const max = rule.max === undefined ? min : Math.max(0, rule.max);
  const [low, high] = min <= max ? [min, max] : [max, min];
  if (low > limit) throw new MockDocumentError(`规则要求 ${low} 个，超过上限 ${limit}`, where);
  const top = Math.min(high, limit);
  return low === top ? () => low : () => rng.int(low, top);
}

interface Compiler {
  limits: ReturnType<typeof limitsOf>;
  where: string;
}

/** The keys beside a value (what `@name` may refer to) and its own key (which it may not). */
interface Names {
  siblings: ReadonlySet<string>;
  self: string;
}

const NO_NAMES: Names = { siblings: new Set(), self: '' };

function compileStringLeaf(text: string, names: Names, where: string): Gen {
  const compiled = compileString(text, names.siblings, names.self);
  if (!compiled.refs) {
    return (run) => {
      const value = compiled.make(run, where);
      return typeof value === 'object' && value !== null ? value : charged(run, value, where);
    };
  }
  // Filled after the whole answer is built, so it can read values generated after it.
  return (run, at) => {
    run.fixups.push((root) => {
      const value = compiled.fill(run, root, at, where);
      const holder = lookupHolder(root, at);
      if (holder) (holder as Record<string, Json>)[at.key as string] = value;
    });
    return text;
  };
}

function lookupHolder(root: Json, at: Path): Json | undefined {
  const keys: (string | number)[] = [];
  for (let node = at.parent; node?.parent; node = node.parent) keys.unshift(node.key);
  let holder: Json | undefined = root;
  for (const key of keys) {
    if (holder === null || typeof holder !== 'object') return undefined;
    holder = (holder as Record<string, Json>)[key];
  }
  return holder;
}

function compileRuled(value: Json, rule: Rule, c: Compiler, names: Names, where: string): Gen {
  const limits = c.limits;
  if (typeof value === 'string') {
    const once = compileStringLeaf(value, names, where);
    const length = Math.max(1, value.length);
    const times = counter(rule, Math.floor(limits.maxStringLength / length), where);
    return (run, at) => {
      let out = '';
      for (let i = times(run); i > 0; i -= 1) {
        const part = once(run, at);
        out += typeof part === 'string' ? part : JSON.stringify(part);
      }
      return charged(run, out, where);
    };
  }
  if (typeof value === 'number') {
    if (rule.step !== undefined) {
      const step = rule.step;
      const holder = {};
      return (run) => {
        const next = run.steps.get(holder) ?? value;
        run.steps.set(holder, next + step);
        return charged(run, next, where);
      };
    }
    const min = rule.min ?? 0;
    const max = rule.max ?? min;
    const [low, high] = min <= max ? [min, max] : [max, min];
    if (rule.dmin === undefined) return (run) => charged(run, rng.int(low, high), where);
    const dmin = Math.min(rule.dmin, 10);
    const dmax = Math.min(Math.max(rule.dmax ?? dmin, dmin), 10);
    return (run) => {
      const decimals = rng.int(dmin, dmax);
      let fraction = '';
      for (let i = 1; i < decimals; i += 1) fraction += String(rng.int(0, 9));
      const whole = rng.int(low, high);
      return charged(run, decimals ? Number(`${whole}.${fraction}${rng.int(1, 9)}`) : whole, where);
    };
  }
  if (typeof value === 'boolean') {
    const min = rule.min ?? 1;
    const max = rule.max;
    const chance = max === undefined ? 0.5 : min / (min + max || 1);
    return (run) => charged(run, rng.bool(chance) ? value : !value, where);
  }
  if (Array.isArray(value)) {
    const items = value.map((item, i) => compileValue(item, c, NO_NAMES, `${where}[${i}]`));
    if (rule.step !== undefined) {
      const step = Math.max(1, Math.floor(rule.step));
      const holder = {};
      return (run, at) => {
        if (items.length === 0) return null;
        const index = run.steps.get(holder) ?? 0;
        run.steps.set(holder, index + step);
        return (items[index % items.length] as Gen)(run, at);
      };
    }
    if (rule.min === 1 && rule.max === undefined) {
      return (run, at) => (items.length ? rng.pick(items)(run, at) : null);
    }
    const times = counter(rule, Math.floor(limits.maxItems / Math.max(1, items.length)), where);
    return (run, at) => {
      const out: Json[] = [];
      for (let n = times(run); n > 0; n -= 1) {
        tick(run, where);
        for (const item of items) out.push(item(run, { parent: at, key: out.length }));
      }
      return out;
    };
  }
  if (value !== null && typeof value === 'object') {
    const object = compileObject(value, c, where);
    // Asking for more properties than the object has gives them all, as Mock.js does.
    const keys = object.keys.length;
    const low = Math.min(Math.max(0, rule.min ?? 0), keys);
    const high = Math.min(Math.max(low, rule.max ?? low), keys);
    return (run, at) => object.make(run, at, rng.int(low, high));
  }
  return () => value;
}

function compileObject(template: Record<string, Json>, c: Compiler, where: string) {
  const entries = Object.entries(template).map(([key, value]) => {
    const [name, rule] = parseKey(key);
    return { key, name, rule, value };
  });
  const siblings = new Set(entries.map((entry) => entry.name));
  const props = entries.map(({ key, name, rule, value }) => {
    const at = where ? `${where}.${key}` : key;
    const names = { siblings, self: name };
    const gen = rule ? compileRuled(value, rule, c, names, at) : compileValue(value, c, names, at);
    return { name, gen, bytes: name.length + 4 };
  });
  const make = (run: Run, at: Path, pick?: number): Json => {
    tick(run, where || '/');
    const out: Record<string, Json> = {};
    let chosen = props;
    if (pick !== undefined && pick < props.length) {
      // `name|count` on an object: that many of its properties, chosen at random, in the template's order.
      const keep = new Set<number>();
      while (keep.size < pick) keep.add(rng.int(0, props.length - 1));
      chosen = props.filter((_, i) => keep.has(i));
    }
    for (const prop of chosen) {
      charge(run, prop.bytes, where);
      out[prop.name] = prop.gen(run, { parent: at, key: prop.name });
    }
    return out;
  };
  return { keys: props, make };
}

function compileValue(value: Json, c: Compiler, names: Names, where: string): Gen {
  if (typeof value === 'string') return compileStringLeaf(value, names, where);
  if (Array.isArray(value)) {
    const items = value.map((item, i) => compileValue(item, c, NO_NAMES, `${where}[${i}]`));
    return (run, at) => {
      tick(run, where);
      return items.map((item, i) => item(run, { parent: at, key: i }));
    };
  }
  if (value !== null && typeof value === 'object') {
    const object = compileObject(value, c, where);
    return (run, at) => object.make(run, at);
  }
  return (run) => charged(run, value, where);
}

/** Runs a compiled template with its own run: references are filled once everything else is built. */
export function finishTemplate(gen: Gen, run: Run): Json {
  const root = gen(run, { parent: undefined, key: '' });
  for (let i = 0; i < run.fixups.length; i += 1) {
    tick(run, '@引用');
    (run.fixups[i] as (root: Json) => void)(root);
  }
  return root;
}

/** Compiles one template value into closures; a template asking for more than the limits answers an error. */
export function compileTemplateGen(template: Json, limits: ReturnType<typeof limitsOf>, where = ''): Gen {
  return compileValue(template, { limits, where }, NO_NAMES, where);
}

export function compileTemplate(template: Json, scope: GenerateScope): CompiledGenerator {
  const limits = limitsOf(scope.limits);
  let gen: Gen;
  try {
    gen = compileTemplateGen(template, limits);
  } catch (error) {
    if (!(error instanceof MockDocumentError)) throw error;
    return () => {
      throw error;
    };
  }
  return (options: RunOptions) => finishTemplate(gen, startRun(options, limits));
}

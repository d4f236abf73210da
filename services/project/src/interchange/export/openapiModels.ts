import type { Json } from '../../domain/doc/content.js';
import { MODEL_REF } from '../../domain/doc/jsonSchema.js';

const isObject = (value: unknown): value is Record<string, Json> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** Keys whose values are data, not schemas: a `$ref` inside them is left alone. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'const', 'enum']);

/**
 * The component keys of the project's models. OpenAPI 3.1 allows only `[A-Za-z0-9._-]` in them, so a name with
 * other characters (中文 names) gets a key of its own and the exporter writes the name as `x-pmbok-name`.
 */
export class ModelKeys {
  private readonly keys = new Map<string, string>();
  private readonly used = new Set<string>();

  constructor(
    names: string[],
    private readonly prefix: string,
  ) {
    for (const name of names) {
      if (this.keys.has(name)) continue;
      const base = /^[A-Za-z0-9._-]+$/.test(name)
        ? name
        : name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '') || 'Model';
      let key = base;
      for (let i = 2; this.used.has(key); i += 1) key = `${base}_${i}`;
      this.used.add(key);
      this.keys.set(name, key);
    }
  }

  keyOf(name: string): string {
    return this.keys.get(name) ?? name.replace(/[^A-Za-z0-9._-]+/g, '_');
  }

  /** A copy of a schema (or any part of a document holding schemas) with model `$ref`s pointing at the keys. */
  rewrite(value: Json): Json {
    if (Array.isArray(value)) return value.map((item) => this.rewrite(item));
    if (!isObject(value)) return value;
    const out: Record<string, Json> = {};
    for (const [key, child] of Object.entries(value)) {
      out[key] = DATA_KEYS.has(key) ? child : this.rewrite(child);
    }
    if (typeof value.$ref === 'string' && value.$ref.startsWith(MODEL_REF)) {
      const [raw = '', ...rest] = value.$ref.slice(MODEL_REF.length).split('/');
      let name = raw;
      try {
        name = decodeURIComponent(raw);
      } catch {}
      out.$ref = `${this.prefix}${this.keyOf(name)}${rest.length > 0 ? `/${rest.join('/')}` : ''}`;
    }
    return out;
  }
}

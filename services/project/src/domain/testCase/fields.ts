import { invalid } from '@pmbok/infra';

/**
 * Reads the fields of an object a user sent (a case's request, an assertion, a scenario's step) and refuses what
 * does not fit with a Chinese message naming where it is and which field (`第 2 个断言的运算符只能是 …`). Unknown
 * fields are refused too: the content is the runner's model, and a field it does not know would be silently lost.
 */
export class Fields {
  private constructor(
    private readonly value: Record<string, unknown>,
    /** Where the object is, as the editor names it: 请求, 第 2 个断言, 第 1 步. */
    readonly label: string,
  ) {}

  static of(value: unknown, label: string, known: readonly string[]): Fields {
    if (!isObject(value)) throw invalid(`${label}必须是一个对象`);
    const unknown = Object.keys(value).find((key) => !known.includes(key));
    if (unknown !== undefined) throw invalid(`${label}有未知字段 ${unknown.slice(0, 50)}`);
    return new Fields(value, label);
  }

  has(field: string): boolean {
    return this.value[field] !== undefined;
  }

  raw(field: string): unknown {
    return this.value[field];
  }

  text(field: string, name: string, max: number, options: { min?: number; fallback?: string } = {}): string {
    const value = this.value[field] ?? options.fallback;
    if (typeof value !== 'string') throw invalid(`${this.label}的${name}必须是文字`);
    const min = options.min ?? 0;
    if (value.length < min) throw invalid(`${this.label}的${name}不能为空`);
    if (value.length > max) throw invalid(`${this.label}的${name}最多 ${max} 个字符`);
    return value;
  }

  optionalText(field: string, name: string, max: number): string | undefined {
    return this.has(field) ? this.text(field, name, max) : undefined;
  }

  oneOf<T extends string>(field: string, name: string, allowed: readonly T[], fallback?: T): T {
    const value = this.value[field] ?? fallback;
    if (!allowed.includes(value as T)) throw invalid(`${this.label}的${name}只能是 ${allowed.join('、')}`);
    return value as T;
  }

  integer(field: string, name: string, min: number, max: number, fallback?: number): number {
    const value = this.value[field] ?? fallback;
    if (!Number.isSafeInteger(value) || (value as number) < min || (value as number) > max) {
      throw invalid(`${this.label}的${name}必须是 ${min}–${max} 的整数`);
    }
    return value as number;
  }

  optionalInteger(field: string, name: string, min: number, max: number): number | undefined {
    return this.has(field) ? this.integer(field, name, min, max) : undefined;
  }

  boolean(field: string, name: string, fallback: boolean): boolean {
    const value = this.value[field] ?? fallback;
    if (typeof value !== 'boolean') throw invalid(`${this.label}的${name}必须是 true 或 false`);
    return value;
  }

  optionalBoolean(field: string, name: string): boolean | undefined {
    return this.has(field) ? this.boolean(field, name, false) : undefined;
  }

  list(field: string, name: string, max: number): unknown[] {
    const value = this.value[field] ?? [];
    if (!Array.isArray(value)) throw invalid(`${this.label}的${name}必须是列表`);
    if (value.length > max) throw invalid(`${this.label}的${name}最多 ${max} 项`);
    return value;
  }
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** `{{name}}` placeholders, resolved when a step runs: checks of a pattern or a path see a stand-in value. */
const PLACEHOLDER = /\{\{[^{}]*\}\}/g;
export const withoutPlaceholders = (text: string, standIn: string) => text.replace(PLACEHOLDER, standIn);

/** Whether `pattern` compiles as the runner compiles it (a JavaScript regular expression). */
export function regexProblem(pattern: string): string | undefined {
  try {
    new RegExp(withoutPlaceholders(pattern, 'x'));
    return undefined;
  } catch (error) {
    return (error as Error).message.replace(/^Invalid regular expression: /, '').slice(0, 200);
  }
}

/**
 * Whether `path` is a JSON path the runner can read: `$`, then `.name`, `..name`, `.*`, `[0]`, `[-1]`, `[*]`,
 * `['a b']`, `["x"]`, `[0:2]`, `[0,1]` and filter or script expressions `[?(…)]` / `[(…)]` with balanced parentheses.
 */
export function jsonPathProblem(path: string): string | undefined {
  const text = withoutPlaceholders(path.trim(), '0');
  if (!text.startsWith('$')) return '必须以 $ 开头';
  let i = 1;
  while (i < text.length) {
    const c = text[i];
    if (c === '.') {
      const deep = text[i + 1] === '.';
      i += deep ? 2 : 1;
      if (text[i] === '[' && deep) continue;
      const name = /^(\*|[^.[\]\s]+)/.exec(text.slice(i));
      if (!name) return `第 ${i + 1} 个字符处缺少属性名`;
      i += name[0].length;
    } else if (c === '[') {
      const end = bracketEnd(text, i);
      if (end < 0) return '方括号没有闭合';
      const inner = text.slice(i + 1, end).trim();
      if (!bracketContentOk(inner)) return `方括号中的「${inner.slice(0, 30)}」不正确`;
      i = end + 1;
    } else {
      return `第 ${i + 1} 个字符「${c}」不正确`;
    }
  }
  return undefined;
}

/** The index of the `]` closing the bracket opened at `start`, skipping quoted text and parentheses; -1 if none. */
function bracketEnd(text: string, start: number): number {
  let depth = 0;
  let quote = '';
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') {
      if (--depth < 0) return -1;
    } else if (c === ']' && depth === 0) return i;
  }
  return -1;
}

const QUOTED = /^(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")$/;
const INDEX = /^-?\d+$/;
const SLICE = /^-?\d*:-?\d*(?::-?\d+)?$/;

function bracketContentOk(inner: string): boolean {
  if (inner === '*' || INDEX.test(inner) || SLICE.test(inner) || QUOTED.test(inner)) return true;
  if (/^\?\(.*\)$/s.test(inner) || /^\(.*\)$/s.test(inner)) return true;
  // A union: [0,1] or ['a','b'].
  const parts = inner.split(',').map((part) => part.trim());
  return parts.length > 1 && parts.every((part) => INDEX.test(part) || QUOTED.test(part));
}

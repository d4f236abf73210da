import { createRequire } from 'node:module';
import type * as RandExpModule from 'randexp';
import { MockDocumentError } from './api.js';
import { type Run, rng } from './random.js';

// randexp is CommonJS whose module.exports is the class, while its types describe an ES default export.
type RandExpClass = (typeof RandExpModule)['default']['default'];
const RandExp = createRequire(import.meta.url)('randexp') as RandExpClass;

/** Unbounded repetitions (`*`, `+`, `{n,}`) add at most this many. */
const OPEN_REPEAT = 10;

interface Token {
  type: number;
  min?: number;
  max?: number;
  value?: Token;
  stack?: Token[];
  options?: Token[][];
}

// ret's token types (randexp's parser): ROOT 0, GROUP 1, … REPETITION 5.
const REPETITION = 5;

/** The fewest characters the pattern can make, clamping every repetition's upper bound so the most stays near it. */
function clampTokens(token: Token, cap: number): number {
  if (token.type === REPETITION && token.value) {
    const inner = clampTokens(token.value, cap);
    const min = token.min ?? 0;
    const max = token.max ?? min;
    if (max > min + OPEN_REPEAT) token.max = min + OPEN_REPEAT;
    return Math.min(cap + 1, min * inner);
  }
  const sequence = (stack: Token[]) =>
    stack.reduce((sum, child) => Math.min(cap + 1, sum + clampTokens(child, cap)), 0);
  if (token.options) return Math.min(...token.options.map(sequence));
  if (token.stack) return sequence(token.stack);
  // A character, a set or a range makes one character; a position (^, $, \b) makes none.
  return token.type === 2 ? 0 : 1;
}

/**
 * A generator of strings matching a JSON Schema `pattern` (randexp), its repetitions bounded so `\d{1,100000000}`
 * cannot run away; a pattern that needs more than the string limit is the document's error. Undefined when randexp
 * cannot read the pattern (Unicode property classes): the caller generates an ordinary string instead.
 */
export function compilePattern(pattern: string, maxLength: number, where: string): ((run: Run) => string) | undefined {
  let randexp: InstanceType<RandExpClass>;
  try {
    randexp = new RandExp(pattern);
  } catch {
    return undefined;
  }
  randexp.max = OPEN_REPEAT;
  randexp.randInt = (a: number, b: number) => rng.int(a, b);
  // randexp rebuilds a character class's range for every character it draws (~5 µs for `\d`); the tokens never
  // change after compiling, so each class is built once.
  const internals = randexp as unknown as { _expand(token: object): unknown };
  const expand = internals._expand.bind(randexp);
  const ranges = new WeakMap<object, unknown>();
  internals._expand = (token) => {
    let range = ranges.get(token);
    if (range === undefined) {
      range = expand(token);
      ranges.set(token, range);
    }
    return range;
  };
  const tokens = (randexp as unknown as { tokens: Token }).tokens;
  const least = clampTokens(tokens, maxLength);
  if (least > maxLength) {
    throw new MockDocumentError(`pattern 至少生成 ${least} 个字符，超过上限 ${maxLength}`, where);
  }
  return (run) => {
    const value = randexp.gen();
    if (value.length > run.limits.maxStringLength) {
      throw new MockDocumentError(`pattern 生成的字符串长 ${value.length}，超过上限`, where);
    }
    return value;
  };
}

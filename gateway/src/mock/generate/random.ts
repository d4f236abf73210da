import { DEFAULT_LIMITS, type Json, MockDocumentError, type MockLimits, type RunOptions } from './api.js';

/**
 * One answer's randomness and budget. Faker's own Mersenne Twister takes ~30 µs to seed, a third of what a whole
 * typical answer may cost, so runs use sfc32 (four words of state, seeded in a few nanoseconds) and the providers
 * pick from faker's locale data with it.
 */
export class Rng {
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 0;

  seed(seed: number | number[]): void {
    // splitmix32 spreads a small seed (`__seed=1`) over the whole state.
    let s = (Array.isArray(seed) ? seed.reduce((h, n) => Math.imul(h ^ n, 0x9e3779b1), 0x12345) : seed) | 0;
    const mix = () => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = mix();
    this.b = mix();
    this.c = mix();
    this.d = mix();
    for (let i = 0; i < 8; i += 1) this.u32();
  }

  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** [0, 1). */
  next(): number {
    return this.u32() / 4294967296;
  }

  /** An integer in [min, max] (both inclusive); ranges wider than 2^32 draw 53 bits. */
  int(min: number, max: number): number {
    const span = max - min + 1;
    if (span <= 4294967296) return min + Math.floor(this.next() * span);
    const r = ((this.u32() >>> 5) * 67108864 + (this.u32() >>> 6)) / 9007199254740992;
    return Math.min(max, min + Math.floor(r * span));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  bool(probability = 0.5): boolean {
    return this.next() < probability;
  }

  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)] as T;
  }
}

/** The one generator of this thread: runs are synchronous, each seeds it first. */
export const rng = new Rng();

/** A `$ref` followed past `maxRefDepth`: an optional property is left out, a required one is null. */
export const OMIT = Symbol('omit');
export type Value = Json | typeof OMIT;

/** One request's generation: the seeded generator, the deadline and the budget every value is charged to. */
export interface Run {
  rng: Rng;
  limits: MockLimits;
  deadline: number;
  /** Characters of JSON produced so far (strings count their UTF-8 bytes). */
  bytes: number;
  refDepth: number;
  /** The moment `@now` is; random dates fall in the year before the start of its day (a seed repeats all day). */
  now: number;
  day: number;
  /** `@increment`'s counter and the `name|+step` rules' positions. */
  increment: number;
  steps: Map<object, number>;
  /** Loop turns since the clock was last read. */
  turns: number;
  /** Template strings referring to other values (`@/path`), filled once the rest is built (given the root). */
  fixups: ((root: Json) => void)[];
}

export const limitsOf = (limits?: Partial<MockLimits>): MockLimits => ({ ...DEFAULT_LIMITS, ...limits });

const DAY = 86_400_000;

export function startRun(options: RunOptions, limits: MockLimits): Run {
  rng.seed(options.seed);
  const now = options.now ?? Date.now();
  return {
    rng,
    limits,
    deadline: options.deadline,
    bytes: 0,
    refDepth: 0,
    now,
    day: Math.floor(now / DAY) * DAY,
    increment: 0,
    steps: new Map(),
    turns: 0,
    fixups: [],
  };
}

/**
 * Stops a run over its deadline: called on every object and array item, so an abusive document never holds the
 * thread. The clock is read every 32nd turn (reading it costs more than generating a small value); each turn's own
 * work is bounded by the string and item limits.
 */
export function tick(run: Run, where: string): void {
  run.turns += 1;
  if ((run.turns & 31) === 0 && Date.now() > run.deadline) {
    throw new MockDocumentError(`生成超过 ${run.limits.timeMs} ms`, where);
  }
}

export function charge(run: Run, bytes: number, where: string): void {
  run.bytes += bytes;
  if (run.bytes > run.limits.maxBytes) {
    throw new MockDocumentError(`生成的数据超过 ${Math.round(run.limits.maxBytes / 1024)} KB`, where);
  }
}

/** UTF-8 bytes of a string plus its quotes: short strings are counted by hand (cheaper than Buffer.byteLength). */
export function stringBytes(value: string): number {
  if (value.length > 64) return Buffer.byteLength(value) + 2;
  let bytes = 2;
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
  }
  return bytes;
}

/** Charges a generated value (a primitive, or a string checked against the string limit). */
export function charged<T extends Json>(run: Run, value: T, where: string): T {
  if (typeof value === 'string') {
    if (value.length > run.limits.maxStringLength) {
      throw new MockDocumentError(`字符串长 ${value.length}，超过上限 ${run.limits.maxStringLength}`, where);
    }
    charge(run, stringBytes(value), where);
  } else {
    charge(run, 8, where);
  }
  return value;
}

import { type Json, MockDocumentError } from './api.js';
import * as p from './providers.js';
import { type Run, rng } from './random.js';

/** A Mock.js placeholder (`@integer(1, 10)`): run with its parsed arguments. */
export type Placeholder = (run: Run, args: Json[], where: string) => Json;

const num = (value: Json | undefined, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const str = (value: Json | undefined, fallback: string) =>
  value === undefined || value === null ? fallback : typeof value === 'string' ? value : JSON.stringify(value);

/** A count an argument asks for, refused past the limit (a 100 MB `@string(100000000)` is the document's error). */
function count(run: Run, value: number, where: string, limit = run.limits.maxStringLength): number {
  if (value > limit) throw new MockDocumentError(`占位符要求 ${value} 个，超过上限 ${limit}`, where);
  return Math.max(0, Math.floor(value));
}

/** Mock.js's length arguments: `()` the default, `(n)` exactly n, `(min, max)` between. */
function lengthOf(run: Run, args: Json[], min: number, max: number, where: string, limit?: number): number {
  const [a, b] = args;
  if (typeof a === 'number' && typeof b === 'number') {
    return rng.int(count(run, Math.min(a, b), where, limit), count(run, Math.max(a, b), where, limit));
  }
  if (typeof a === 'number') return count(run, a, where, limit);
  return rng.int(min, max);
}

const POOLS: Record<string, string> = {
  lower: 'abcdefghijklmnopqrstuvwxyz',
  upper: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  number: '0123456789',
  symbol: '!@#$%^&*()[]',
};
POOLS.alpha = `${POOLS.lower}${POOLS.upper}`;
const ALL = `${POOLS.alpha}${POOLS.number}${POOLS.symbol}`;
const poolOf = (value: Json | undefined) => (typeof value === 'string' ? (POOLS[value] ?? value) : ALL) || ALL;

/** `@string(pool?, min?, max?)` and `@cword(pool?, min?, max?)`: an optional pool before the length arguments. */
function pooled(run: Run, args: Json[], defaultPool: string, min: number, max: number, where: string) {
  const [first, ...rest] = args;
  const pool = typeof first === 'string' ? poolOf(first) : defaultPool;
  const length = lengthOf(run, typeof first === 'string' ? rest : args, min, max, where);
  const chars = [...pool];
  let out = '';
  for (let i = 0; i < length; i += 1) out += chars[rng.int(0, chars.length - 1)];
  return out;
}

const floatOf = (args: Json[]) => {
  const min = num(args[0], -1e6);
  const max = num(args[1], 1e6);
  const dmin = Math.min(Math.max(num(args[2], 0), 0), 10);
  const dmax = Math.min(Math.max(num(args[3], 10), dmin), 10);
  const whole = rng.int(Math.ceil(Math.min(min, max)), Math.floor(Math.max(min, max)));
  const decimals = rng.int(dmin, dmax);
  if (decimals === 0) return whole;
  // The last decimal is never 0, so the number keeps the decimals asked for.
  const fraction = p.digits(decimals - 1) + String(rng.int(1, 9));
  return Number(`${whole}.${fraction}`);
};

/** `@now(unit?, format?)`: the run's moment, or the start of its unit (year … second) in China's time. */
function now(run: Run, args: Json[]): string {
  const units = ['year', 'month', 'week', 'day', 'hour', 'minute', 'second'];
  const unit = typeof args[0] === 'string' && units.includes(args[0]) ? args[0] : '';
  const format = str(unit ? args[1] : args[0], 'yyyy-MM-dd HH:mm:ss');
  const t = p.chinaParts(run.now);
  const china = run.now + 8 * 3_600_000;
  const dayStart = china - (china % 86_400_000) - 8 * 3_600_000;
  const start: Record<string, number> = {
    year: Date.UTC(t.year, 0, 1) - 8 * 3_600_000,
    month: Date.UTC(t.year, t.month - 1, 1) - 8 * 3_600_000,
    week: dayStart - ((new Date(china).getUTCDay() + 6) % 7) * 86_400_000,
    day: dayStart,
    hour: run.now - (run.now % 3_600_000),
    minute: run.now - (run.now % 60_000),
    second: run.now - (run.now % 1000),
  };
  return p.formatDate(unit ? (start[unit] as number) : run.now, format);
}

function pick(args: Json[]): Json {
  const [list, min, max] = args;
  if (Array.isArray(list)) {
    if (typeof min !== 'number') return list.length ? rng.pick(list) : null;
    const n = typeof max === 'number' ? rng.int(min, max) : min;
    return Array.from({ length: Math.min(n, list.length) }, () => rng.pick(list));
  }
  return args.length ? rng.pick(args) : null;
}

function shuffle(args: Json[]): Json {
  const list = Array.isArray(args[0]) ? [...args[0]] : [...args];
  for (let i = list.length - 1; i > 0; i -= 1) {
    const j = rng.int(0, i);
    [list[i], list[j]] = [list[j] as Json, list[i] as Json];
  }
  return list;
}

function image(args: Json[]): string {
  const [size, background, a, b, c] = args.map((arg) => (arg === undefined ? undefined : String(arg)));
  if (args.length >= 5) return p.image(size, background, a, b, c);
  if (args.length === 4) return p.image(size, background, a, undefined, b);
  if (args.length === 3) return p.image(size, background, undefined, undefined, a);
  return p.image(size, background);
}

/** Every placeholder the contract lists (lower-cased: Mock.js matches names case-insensitively). */
export const PLACEHOLDERS: Record<string, Placeholder> = {
  cname: () => p.cname(),
  cfirst: () => p.cfirst(),
  clast: () => p.clast(),
  name: (_run, args) => (args[0] === true ? `${p.first()} ${p.first()} ${p.last()}` : `${p.first()} ${p.last()}`),
  first: () => p.first(),
  last: () => p.last(),
  id: (run) => p.idCard(run),
  idcard: (run) => p.idCard(run),
  guid: () => p.uuid(),
  uuid: () => p.uuid(),
  increment: (run, args) => {
    run.increment += num(args[0], 1);
    return run.increment;
  },
  integer: (_run, args) => {
    const min = Math.ceil(num(args[0], -1e9));
    return rng.int(min, Math.max(min, Math.floor(num(args[1], 1e9))));
  },
  int: (run, args, where) => PLACEHOLDERS.integer!(run, args, where),
  natural: (_run, args) => {
    const min = Math.max(0, Math.ceil(num(args[0], 0)));
    return rng.int(min, Math.max(min, Math.floor(num(args[1], 1e9))));
  },
  float: (_run, args) => floatOf(args),
  boolean: (_run, args) => {
    const current = args[2] === undefined ? true : Boolean(args[2]);
    const min = num(args[0], 1);
    const max = num(args[1], 1);
    return rng.bool(min / (min + max || 1)) ? current : !current;
  },
  bool: (run, args, where) => PLACEHOLDERS.boolean!(run, args, where),
  character: (_run, args) => rng.pick([...poolOf(args[0])]),
  char: (run, args, where) => PLACEHOLDERS.character!(run, args, where),
  string: (run, args, where) => pooled(run, args, ALL, 3, 7, where),
  word: (run, args, where) => {
    if (args.length === 0) return p.word();
    const length = lengthOf(run, args, 3, 10, where);
    return p.word(length, length);
  },
  cword: (run, args, where) => pooled(run, args, p.CHINESE_CHARS.join(''), 1, 1, where),
  title: (run, args, where) => {
    const n = lengthOf(run, args, 3, 7, where, 10_000);
    return p.title(n, n);
  },
  ctitle: (run, args, where) => p.cword(lengthOf(run, args, 3, 7, where)),
  sentence: (run, args, where) => {
    const n = lengthOf(run, args, 12, 18, where, 10_000);
    return p.sentence(n, n);
  },
  csentence: (run, args, where) => `${p.cword(lengthOf(run, args, 12, 18, where))}。`,
  paragraph: (run, args, where) => {
    const n = lengthOf(run, args, 3, 7, where, 1_000);
    return p.paragraph(n, n);
  },
  cparagraph: (run, args, where) => {
    const n = lengthOf(run, args, 3, 7, where, 1_000);
    return p.cparagraph(n, n);
  },
  date: (run, args) => p.formatDate(p.randomTime(run), str(args[0], 'yyyy-MM-dd')),
  time: (run, args) => p.formatDate(p.randomTime(run), str(args[0], 'HH:mm:ss')),
  datetime: (run, args) => p.formatDate(p.randomTime(run), str(args[0], 'yyyy-MM-dd HH:mm:ss')),
  now: (run, args) => now(run, args),
  timestamp: (run) => p.randomTime(run),
  image: (_run, args) => image(args),
  img: (_run, args) => image(args),
  dataimage: (_run, args) => p.dataImage(str(args[0], '200x200'), args[1] === undefined ? undefined : str(args[1], '')),
  color: () => p.hex(),
  hex: () => p.hex(),
  rgb: () => p.rgb(),
  rgba: () => `rgba(${rng.int(0, 255)}, ${rng.int(0, 255)}, ${rng.int(0, 255)}, ${rng.int(1, 9) / 10})`,
  hsl: () => `hsl(${rng.int(0, 360)}, ${rng.int(0, 100)}, ${rng.int(0, 100)})`,
  email: (_run, args) => p.email(typeof args[0] === 'string' ? args[0] : undefined),
  url: (_run, args) => p.url(str(args[0], 'https'), typeof args[1] === 'string' ? args[1] : undefined),
  domain: (_run, args) => p.domain(typeof args[0] === 'string' ? args[0] : undefined),
  protocol: () => rng.pick(['http', 'https', 'ftp', 'ws', 'wss']),
  tld: () => rng.pick(['com', 'cn', 'net', 'org', 'io']),
  ip: () => p.ip(),
  province: () => p.province(),
  city: (_run, args) => p.city(Boolean(args[0])),
  county: (_run, args) => p.county(Boolean(args[0])),
  region: () => p.region(),
  zip: () => p.zip(),
  phone: () => p.mobile(),
  mobile: () => p.mobile(),
  pick: (_run, args) => pick(args),
  shuffle: (_run, args) => shuffle(args),
  upper: (_run, args) => str(args[0], '').toUpperCase(),
  lower: (_run, args) => str(args[0], '').toLowerCase(),
  capitalize: (_run, args) => {
    const text = str(args[0], '');
    return text.charAt(0).toUpperCase() + text.slice(1);
  },
  range: (run, args, where) => {
    const [a, b, c] = args.map((arg) => num(arg, Number.NaN));
    const [start, stop] = Number.isNaN(b as number) ? [0, num(a, 0)] : [num(a, 0), num(b, 0)];
    const step = Number.isNaN(c as number) || c === 0 ? 1 : (c as number);
    const length = Math.max(0, Math.ceil((stop - start) / step));
    count(run, length, where, run.limits.maxItems);
    return Array.from({ length }, (_, i) => start + i * step);
  },
};

export const isPlaceholder = (name: string) => Object.hasOwn(PLACEHOLDERS, name.toLowerCase());

import * as p from './providers.js';
import { type Run, rng } from './random.js';

type MakeString = (run: Run) => string;

/** JSON Schema string formats (and the OpenAPI ones documents carry) as values ajv-formats accepts. */
const FORMATS: Record<string, MakeString> = {
  'date-time': (run) => p.isoDateTime(p.randomTime(run)),
  date: (run) => p.isoDate(p.randomTime(run)),
  time: (run) => p.isoTime(p.randomTime(run)),
  email: () => p.email(),
  'idn-email': () => p.email(),
  uri: () => p.url(),
  url: () => p.url(),
  iri: () => p.url(),
  'uri-reference': () => `/${p.word(3, 8)}/${rng.int(1, 1000)}`,
  'iri-reference': () => `/${p.word(3, 8)}/${rng.int(1, 1000)}`,
  'uri-template': () => `/${p.word(3, 8)}/{id}`,
  uuid: () => p.uuid(),
  ipv4: () => p.ip(),
  ipv6: () => p.ipv6(),
  hostname: () => p.domain(),
  'idn-hostname': () => p.domain(),
  byte: () => Buffer.from(p.alnum(rng.int(6, 18))).toString('base64'),
  binary: () => p.alnum(rng.int(8, 16)),
  password: () => p.alnum(rng.int(8, 16)),
  duration: () => `P${rng.int(1, 30)}D`,
  'json-pointer': () => `/${p.word(3, 8)}/${rng.int(0, 9)}`,
  'relative-json-pointer': () => `${rng.int(0, 3)}/${p.word(3, 8)}`,
  regex: () => '^[a-z]+$',
  // Not JSON Schema's, but Chinese documents write them.
  mobile: () => p.mobile(),
  phone: () => p.mobile(),
  idcard: (run) => p.idCard(run),
};

export const isStringFormat = (format: string) => Object.hasOwn(FORMATS, format);
export const formatGenerator = (format: string): MakeString | undefined => FORMATS[format];

/** Chinese text of a length in [min, max]: real words, cut to the length drawn. */
export function chineseText(min: number, max: number): MakeString {
  // A phrase has at least two characters.
  if (min <= 2 && max >= 2) return () => p.phrase().slice(0, max);
  return () => {
    const length = rng.int(min, max);
    let out = '';
    while (out.length < length) out += p.phrase();
    return out.slice(0, length);
  };
}

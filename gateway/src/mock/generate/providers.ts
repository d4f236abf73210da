import { faker as enFaker } from '@faker-js/faker/locale/en';
import { faker as zhFaker } from '@faker-js/faker/locale/zh_CN';
import { type Run, rng } from './random.js';
import { BIG_REGIONS, cities, districts, idDistricts, provinces } from './regions.js';

/**
 * The Chinese values the mock makes (names, mobiles, ID cards, addresses, companies, words, dates, amounts, …) from
 * faker's zh_CN and en locale data, picked with the run's seeded generator: faker's own template-driven
 * `person.fullName()` costs ~5 µs and its seeding ~30 µs, a direct pick ~50 ns. Only the two locales are loaded
 * (faker's index loads all of them: ~0.6 s and 20 MB in every worker thread).
 */
const zh = zhFaker.rawDefinitions;
const en = enFaker.rawDefinitions;
const zhPerson = zh.person as { first_name: { generic: string[] }; last_name: { generic: string[] } };
const enPerson = en.person as { first_name: { generic: string[] }; last_name: { generic: string[] } };
const zhWords = zh.word as Record<'noun' | 'verb' | 'adjective' | 'adverb', string[]>;
const zhCompany = zh.company as { category: string[]; legal_entity_type: string[] };
const FREE_EMAIL = (zh.internet as { free_email: string[] }).free_email;
const LOREM = (en.lorem as { word: string[] }).word;
const COLORS = (zh.color as { human: string[] }).human;

const SURNAMES = zhPerson.last_name.generic;
const GIVEN_NAMES = zhPerson.first_name.generic;
/** Common characters for `@cword`/`@csentence`: every character of faker's Chinese word and name lists. */
export const CHINESE_CHARS = [
  ...new Set([...zhWords.noun, ...zhWords.verb, ...zhWords.adjective, ...zhWords.adverb, ...GIVEN_NAMES].join('')),
].filter((c) => /\p{Script=Han}/u.test(c));
const TLDS = ['com', 'cn', 'net', 'org', 'com.cn', 'io'];
const STREET_SUFFIXES = ['路', '街', '大道', '巷'];
// Mainland mobile prefixes whose second digit SPEC §5's pattern allows: ^1[345789]\d{9}$.
const MOBILE_PREFIXES = [
  ...['130', '131', '132', '133', '134', '135', '136', '137', '138', '139', '145', '147', '149'],
  ...['150', '151', '152', '153', '155', '156', '157', '158', '159', '170', '173', '175', '176', '177', '178'],
  ...['180', '181', '182', '183', '184', '185', '186', '187', '188', '189', '191', '198', '199'],
];

const DAY = 86_400_000;
const CHINA_OFFSET = 8 * 3_600_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const digits = (count: number) => {
  let out = '';
  for (let i = 0; i < count; i += 1) out += String(rng.int(0, 9));
  return out;
};
const letters = (count: number, pool = 'abcdefghijklmnopqrstuvwxyz') => {
  let out = '';
  for (let i = 0; i < count; i += 1) out += pool[rng.int(0, pool.length - 1)];
  return out;
};

export const cfirst = () => rng.pick(SURNAMES);
export const clast = () => rng.pick(GIVEN_NAMES);
export const cname = () => cfirst() + clast();
export const first = () => rng.pick(enPerson.first_name.generic);
export const last = () => rng.pick(enPerson.last_name.generic);

export const mobile = () => rng.pick(MOBILE_PREFIXES) + digits(8);

/** GB 11643: the 18th character from the weighted sum of the first 17 digits. */
export function idCheckDigit(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * (weights[i] as number);
  return '10X98765432'[sum % 11] as string;
}

/** An 18-digit resident ID: a real district's code, a birth date 18–70 years before the run's day, a check digit. */
export function idCard(run: Run): string {
  const birth = new Date(run.day - rng.int(18 * 365, 70 * 365) * DAY);
  const date = `${birth.getUTCFullYear()}${pad(birth.getUTCMonth() + 1)}${pad(birth.getUTCDate())}`;
  const first17 = rng.pick(idDistricts).code + date + digits(3);
  return first17 + idCheckDigit(first17);
}

export const cword = (count = 1) => {
  let out = '';
  for (let i = 0; i < count; i += 1) out += rng.pick(CHINESE_CHARS);
  return out;
};
export const ctitle = (min = 3, max = 7) => cword(rng.int(min, max));
export const csentence = (min = 12, max = 18) => `${cword(rng.int(min, max))}。`;
export const cparagraph = (min = 3, max = 7) => {
  const parts: string[] = [];
  for (let i = rng.int(min, max); i > 0; i -= 1) parts.push(csentence());
  return parts.join('');
};
/** A short Chinese phrase from the word lists: an adjective and a noun, or a verb and a noun. */
export const phrase = () =>
  (rng.bool() ? rng.pick(zhWords.adjective) : rng.pick(zhWords.verb)) + rng.pick(zhWords.noun);
export const productName = () => phrase();

export const word = (min = 3, max = 10) => {
  for (let i = 0; i < 4; i += 1) {
    const candidate = rng.pick(LOREM);
    if (candidate.length >= min && candidate.length <= max) return candidate;
  }
  return letters(rng.int(min, max));
};
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const words = (count: number) => Array.from({ length: count }, () => word()).join(' ');
export const title = (min = 3, max = 7) => words(rng.int(min, max)).split(' ').map(capital).join(' ');
export const sentence = (min = 12, max = 18) => `${capital(words(rng.int(min, max)))}.`;
export const paragraph = (min = 3, max = 7) => Array.from({ length: rng.int(min, max) }, () => sentence()).join(' ');

export const province = () => rng.pick(provinces).name;
export const city = (withProvince = false) => {
  const picked = rng.pick(cities);
  return withProvince && picked.name !== picked.province ? `${picked.province} ${picked.name}` : picked.name;
};
export const county = (withParents = false) => {
  const picked = rng.pick(districts);
  if (!withParents) return picked.name;
  return [picked.province, picked.city === picked.province ? '' : picked.city, picked.name].filter(Boolean).join(' ');
};
export const region = () => rng.pick(BIG_REGIONS);
export const zip = () => digits(6);
export function address(): string {
  const at = rng.pick(idDistricts);
  const city = at.city === at.province ? '' : at.city;
  return `${at.province}${city}${at.name}${cfirst()}${rng.pick(STREET_SUFFIXES)}${rng.int(1, 999)}号`;
}

export function company(): string {
  const at = rng.pick(cities).name.replace(/(市|地区|盟|自治州)$/, '');
  return `${at}${clast()}${rng.pick(zhCompany.category)}${rng.pick(zhCompany.legal_entity_type)}`;
}

export const domain = (tld?: string) => `${word(3, 8)}.${tld ?? rng.pick(TLDS)}`;
export const email = (at?: string) => `${first().toLowerCase()}${digits(rng.int(0, 4))}@${at ?? rng.pick(FREE_EMAIL)}`;
export const url = (protocol = 'https', host?: string) => `${protocol}://${host ?? domain()}/${word(3, 8)}`;
export const ip = () => `${rng.int(1, 223)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
export const ipv6 = () => Array.from({ length: 8 }, () => rng.int(0, 0xffff).toString(16)).join(':');
export const hex = () => `#${rng.int(0, 0xffffff).toString(16).padStart(6, '0')}`;
export const rgb = () => `rgb(${rng.int(0, 255)}, ${rng.int(0, 255)}, ${rng.int(0, 255)})`;
export const colorName = () => rng.pick(COLORS);

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** A version 4 UUID from the run's generator (crypto.randomUUID cannot repeat under a seed). */
export function uuid(): string {
  let out = '';
  for (let i = 0; i < 16; i += 1) {
    let byte = rng.u32() & 0xff;
    if (i === 6) byte = (byte & 0x0f) | 0x40;
    if (i === 8) byte = (byte & 0x3f) | 0x80;
    out += HEX[byte];
    if (i === 3 || i === 5 || i === 7 || i === 9) out += '-';
  }
  return out;
}

/** A placeholder image address (Mock.js's own service): no request is made here. */
export function image(size = '200x200', background?: string, foreground = 'ffffff', format = 'png', text?: string) {
  const bg = (background ?? hex()).replace(/^#/, '');
  const fg = foreground.replace(/^#/, '');
  const label = text ? `&text=${encodeURIComponent(text)}` : '';
  return `https://dummyimage.com/${size}/${bg}/${fg}.${format}${label}`;
}

/** An SVG data URI (Mock.js draws a PNG on a canvas; an SVG needs none). */
export function dataImage(size = '200x200', text?: string): string {
  const [width = '200', height = width] = size.split('x');
  const label = (text ?? size).replace(/[<>&"]/g, '');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="${hex()}"/>` +
    `<text x="50%" y="50%" fill="#fff" text-anchor="middle">${label}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** A moment in the year before the run's day. */
export const randomTime = (run: Run) => run.day - rng.int(0, 365 * DAY - 1);

/** Fields of a moment as China reads it (UTC+8, no daylight saving). */
export function chinaParts(epoch: number) {
  const d = new Date(epoch + CHINA_OFFSET);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    ms: d.getUTCMilliseconds(),
  };
}

/** RFC 3339 with China's offset, as JSON Schema's `date-time` wants. */
export function isoDateTime(epoch: number): string {
  const p = chinaParts(epoch);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}+08:00`;
}
export function isoDate(epoch: number): string {
  const p = chinaParts(epoch);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}
export function isoTime(epoch: number): string {
  const p = chinaParts(epoch);
  return `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}+08:00`;
}

const DATE_TOKENS = /yyyy|yy|y|MM|M|dd|d|HH|H|hh|h|mm|m|ss|s|SS|S|A|a|T/g;

/** Mock.js's date formats (`yyyy-MM-dd HH:mm:ss`, `T` the epoch milliseconds), read in China's time. */
export function formatDate(epoch: number, format: string): string {
  const p = chinaParts(epoch);
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return format.replace(DATE_TOKENS, (token) => {
    switch (token) {
      case 'yyyy':
        return String(p.year);
      case 'yy':
      case 'y':
        return String(p.year).slice(-2);
      case 'MM':
        return pad(p.month);
      case 'M':
        return String(p.month);
      case 'dd':
        return pad(p.day);
      case 'd':
        return String(p.day);
      case 'HH':
        return pad(p.hour);
      case 'H':
        return String(p.hour);
      case 'hh':
        return pad(hour12);
      case 'h':
        return String(hour12);
      case 'mm':
        return pad(p.minute);
      case 'm':
        return String(p.minute);
      case 'ss':
        return pad(p.second);
      case 's':
        return String(p.second);
      case 'SS':
        return pad(p.ms, 3);
      case 'S':
        return String(p.ms);
      case 'A':
        return p.hour < 12 ? 'AM' : 'PM';
      case 'a':
        return p.hour < 12 ? 'am' : 'pm';
      default:
        return String(epoch);
    }
  });
}

/** A two-decimal amount. */
export const amount = (min = 1, max = 10_000) => Math.round(rng.float(min, max) * 100) / 100;
export const alnum = (count: number) =>
  letters(count, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
export { digits, letters };

/** A Chinese sentence of real words (the heuristics' descriptions; `@csentence` stays Mock.js's random characters). */
export const zhSentence = () => {
  const parts: string[] = [];
  for (let i = rng.int(2, 4); i > 0; i -= 1) parts.push(phrase());
  return `${parts.join('，')}。`;
};

import type { Json } from './api.js';
import * as p from './providers.js';
import { type Run, rng } from './random.js';

/**
 * Smart mock by name (docs/api/mock-and-fields.md, "Generating data"): a property's name, camelCase or snake_case,
 * picks what its value looks like. Each kind says which JSON types it can make and which string formats its values
 * satisfy, so a document's `format` still wins when the two disagree.
 */

type Make = (run: Run) => Json;
interface Kind {
  string?: Make;
  integer?: Make;
  number?: Make;
  boolean?: Make;
  /** String formats the kind's strings satisfy. */
  formats?: string[];
}

const URI_FORMATS = ['uri', 'url', 'iri', 'uri-reference', 'iri-reference'];
const s = (make: Make, formats?: string[]): Kind => ({ string: make, formats });
const n = (make: () => number): Kind => ({ integer: make, number: make });
const between = (min: number, max: number) => n(() => rng.int(min, max));
const choose = (list: number[]) => n(() => rng.pick(list));

const time: Kind = {
  string: (run) => p.isoDateTime(p.randomTime(run)),
  integer: (run) => p.randomTime(run),
  number: (run) => p.randomTime(run),
  formats: ['date-time'],
};
const date: Kind = { ...time, string: (run) => p.isoDate(p.randomTime(run)), formats: ['date'] };
const id: Kind = { ...between(1, 100_000), string: () => String(rng.int(1, 100_000)) };
const uuidKind = s(() => p.uuid(), ['uuid']);
const amount: Kind = {
  number: () => p.amount(),
  integer: () => rng.int(1, 10_000),
  string: () => p.amount().toFixed(2),
};
const count = between(0, 1000);
const text = s(() => p.zhSentence());
const image = s(() => p.image(), URI_FORMATS);
const url = s(() => p.url(), URI_FORMATS);
const mobile: Kind = { string: () => p.mobile(), integer: () => Number(p.mobile()) };
const person = s(() => p.cname());
const bool: Kind = { boolean: () => rng.bool() };
const codeDigits = s(() => p.digits(6));

const KINDS: Record<string, Kind> = {
  mobile,
  idcard: s((run) => p.idCard(run)),
  person,
  email: s(() => p.email(), ['email', 'idn-email']),
  image,
  url,
  address: s(() => p.address()),
  province: s(() => p.province()),
  city: s(() => p.city()),
  district: s(() => p.county()),
  company: s(() => p.company()),
  time,
  date,
  id,
  amount,
  count,
  title: s(() => p.phrase()),
  text,
  status: { ...choose([0, 1, 2]), string: () => rng.pick(['active', 'inactive', 'pending']) },
  age: between(18, 65),
  gender: { ...choose([0, 1, 2]), string: () => rng.pick(['男', '女']) },
  ip: s(() => p.ip(), ['ipv4']),
  zip: s(() => p.zip()),
  birthday: {
    string: (run) => p.isoDate(run.day - rng.int(18 * 365, 70 * 365) * 86_400_000),
    formats: ['date'],
  },
  color: s(() => p.hex()),
  version: s(() => `${rng.int(1, 9)}.${rng.int(0, 20)}.${rng.int(0, 50)}`),
  token: s(() => p.alnum(32)),
  password: s(() => p.alnum(12)),
  code: codeDigits,
  lat: n(() => Math.round(rng.float(18, 53) * 1e6) / 1e6),
  lng: n(() => Math.round(rng.float(73, 135) * 1e6) / 1e6),
  country: s(() => '中国'),
  qq: s(() => String(rng.int(10_000, 9_999_999_999))),
  page: choose([1, 2, 3]),
  size: choose([10, 20, 50]),
  year: between(2000, 2030),
  month: between(1, 12),
  day: between(1, 28),
  score: between(0, 100),
  percent: n(() => rng.int(0, 100)),
  order: between(1, 100),
  level: between(1, 5),
  uuid: uuidKind,
  domain: s(() => p.domain(), ['hostname', 'idn-hostname']),
  currency: s(() => 'CNY'),
  product: s(() => p.productName()),
  file: s(() => `${p.word(3, 8)}.${rng.pick(['pdf', 'png', 'jpg', 'docx', 'xlsx'])}`),
  serial: { string: () => p.digits(12), integer: () => rng.int(1, 1_000_000) },
  bool,
};

const group = (kind: string, names: string) => names.split(' ').map((name) => [name, kind] as const);

/** Whole names (their words joined, lower-cased): `user_name`, `userName` and `username` are one. */
const EXACT = new Map<string, string>([
  ...group('mobile', 'phone mobile tel telephone phonenumber mobilephone cellphone mobileno phoneno'),
  ...group('idcard', 'idcard idno idnumber idcardno idcardnumber identitycard identityno certno'),
  ...group('person', 'name username realname truename fullname nickname nick cname contact contactname'),
  ...group('email', 'email mail emailaddress'),
  ...group('image', 'avatar image img logo picture pic photo cover thumbnail thumb icon banner poster'),
  ...group('address', 'address addr detailaddress'),
  ...group('province', 'province'),
  ...group('city', 'city'),
  ...group('district', 'district county'),
  ...group('company', 'company corp corporation enterprise organization'),
  ...group('amount', 'price amount money fee cost balance salary'),
  ...group('count', 'count total num quantity qty stock'),
  ...group('url', 'url link href website homepage site'),
  ...group('title', 'title subject headline'),
  ...group('text', 'content description desc remark remarks summary intro introduction comment note notes memo'),
  ...group('text', 'detail details bio message'),
  ...group('status', 'status state'),
  ...group('age', 'age'),
  ...group('gender', 'gender sex'),
  ...group('ip', 'ip ipaddress clientip'),
  ...group('zip', 'zip zipcode postcode postalcode'),
  ...group('birthday', 'birthday birthdate birth'),
  ...group('color', 'color colour'),
  ...group('version', 'version'),
  ...group('password', 'password pwd passwd'),
  ...group('code', 'verifycode smscode captcha checkcode'),
  ...group('lat', 'lat latitude'),
  ...group('lng', 'lng lon longitude'),
  ...group('country', 'country'),
  ...group('qq', 'qq'),
  ...group('page', 'page pageno pagenum pageindex'),
  ...group('size', 'pagesize size limit perpage'),
  ...group('year', 'year'),
  ...group('month', 'month'),
  ...group('day', 'day'),
  ...group('score', 'score rating'),
  ...group('percent', 'rate ratio percent percentage'),
  ...group('order', 'sort order seq sequence weight priority rank'),
  ...group('level', 'level'),
  ...group('uuid', 'uuid guid'),
  ...group('domain', 'domain host hostname'),
  ...group('currency', 'currency'),
]);

/** The last word of a longer name: `createTime`, `created_at`, `userId`, `orderPrice`, `avatarUrl`. */
const SUFFIX = new Map<string, string>([
  ...group('id', 'id'),
  ...group('time', 'time at'),
  ...group('date', 'date'),
  ...group('url', 'url link href'),
  ...group('mobile', 'phone mobile tel'),
  ...group('email', 'email mail'),
  ...group('image', 'avatar image img logo pic picture photo icon cover thumbnail'),
  ...group('address', 'address addr'),
  ...group('amount', 'price amount money fee cost balance'),
  ...group('count', 'count total num quantity qty'),
  ...group('title', 'title'),
  ...group('text', 'content description desc remark remarks summary intro comment note memo'),
  ...group('status', 'status state'),
  ...group('ip', 'ip'),
  ...group('token', 'token'),
  ...group('password', 'password pwd'),
  ...group('code', 'captcha'),
  ...group('serial', 'no number'),
  ...group('uuid', 'uuid guid'),
]);

const PEOPLE = new Set(
  'user real true full nick contact customer author owner creator updater operator manager member teacher student employee person receiver sender consignee buyer seller leader first last display login'.split(
    ' ',
  ),
);
const NAME_OF: Record<string, string> = {
  company: 'company',
  corp: 'company',
  org: 'company',
  shop: 'company',
  store: 'company',
  merchant: 'company',
  province: 'province',
  city: 'city',
  district: 'district',
  county: 'district',
  file: 'file',
  product: 'product',
  goods: 'product',
  item: 'product',
  sku: 'product',
};
const IMAGES = new Set(['avatar', 'image', 'img', 'logo', 'pic', 'picture', 'photo', 'icon', 'cover', 'thumbnail']);
const FLAGS = new Set(['is', 'has', 'can', 'enable', 'allow', 'need', 'should', 'show']);

/** A name's words, lower-cased: `userIDCard` → user id card, `created_at` → created at. */
export function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s_\-.]+/)
    .filter(Boolean);
}

/** The kind a name asks for, or undefined (then the type and format decide). */
export function kindOf(name: string): string | undefined {
  const words = wordsOf(name);
  if (words.length === 0) return undefined;
  const joined = words.join('');
  const exact = EXACT.get(joined);
  if (exact) return exact;
  if (/(idcard|idcardno|idcardnumber)$/.test(joined)) return 'idcard';
  const last = words[words.length - 1] as string;
  const before = words[words.length - 2] ?? '';
  if (words.length > 1 && FLAGS.has(words[0] as string)) return 'bool';
  if (last === 'name') return PEOPLE.has(before) ? 'person' : (NAME_OF[before] ?? 'title');
  if (last === 'url' && IMAGES.has(before)) return 'image';
  if (last === 'code' && (before === 'verify' || before === 'sms' || before === 'check')) return 'code';
  return SUFFIX.get(last);
}

export interface NameGenerator {
  make: Make;
  /** The JSON type made (what the caller's constraints are checked against). */
  type: 'string' | 'integer' | 'number' | 'boolean';
}

/**
 * A generator for a property called `name` of JSON type `type` ('' for any) and string `format` ('' for none), or
 * undefined when the name says nothing the type and format allow.
 */
export function nameGenerator(name: string, type: string, format: string): NameGenerator | undefined {
  const kindName = kindOf(name);
  if (!kindName) return undefined;
  const kind = KINDS[kindName] as Kind;
  if (kindName === 'id' && format === 'uuid') return { make: uuidKind.string as Make, type: 'string' };
  const types = type ? [type] : (['string', 'integer', 'number', 'boolean'] as const);
  for (const candidate of types) {
    const make = kind[candidate as keyof Omit<Kind, 'formats'>];
    if (!make) continue;
    if (candidate === 'string' && format && !kind.formats?.includes(format)) return undefined;
    return { make, type: candidate as NameGenerator['type'] };
  }
  return undefined;
}

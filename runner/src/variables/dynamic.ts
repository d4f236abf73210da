import { randomInt, randomUUID } from 'node:crypto';
import * as w from './words.js';

/**
 * Postman's dynamic variables (`{{$guid}}`, `{{$randomEmail}}` …): a fresh value at every use. The names and the
 * shapes of the values follow Postman's documented list; the values come from the small lists of words.ts.
 */

const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)]!;
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');
const hex = (n: number) => Array.from({ length: n }, () => randomInt(16).toString(16)).join('');
const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const alnum = (n: number) => Array.from({ length: n }, () => ALNUM[randomInt(ALNUM.length)]).join('');
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const words = (list: readonly string[], min: number, max: number) =>
  Array.from({ length: min + randomInt(max - min + 1) }, () => pick(list)).join(' ');
const sentence = () => `${capitalize(words(w.LOREM, 5, 10))}.`;
const dayMs = 86_400_000;
const firstName = () => pick(w.FIRST_NAMES);
const lastName = () => pick(w.LAST_NAMES);
const userName = () => `${firstName()}.${lastName()}${randomInt(100)}`;
const domainWord = () => pick(w.WORDS).replace(/[^a-z]/g, '');
const domainName = () => `${domainWord()}.${pick(w.DOMAIN_SUFFIXES)}`;
const ipv4 = () => Array.from({ length: 4 }, () => randomInt(256)).join('.');
const product = () => `${pick(w.PRODUCT_ADJECTIVES)} ${pick(w.MATERIALS)} ${pick(w.PRODUCTS)}`;
const fileExt = () => pick(w.FILE_TYPES)[0];
const MONTHS = 'January February March April May June July August September October November December'.split(' ');

const generators: Record<string, () => string> = {
  // Common
  guid: () => randomUUID(),
  timestamp: () => String(Math.floor(Date.now() / 1000)),
  isoTimestamp: () => new Date().toISOString(),
  randomUUID: () => randomUUID(),
  // Text, numbers and colours
  randomAlphaNumeric: () => alnum(1),
  randomBoolean: () => String(randomInt(2) === 1),
  randomInt: () => String(randomInt(1001)),
  randomColor: () => pick(w.COLORS),
  randomHexColor: () => `#${hex(6)}`,
  randomAbbreviation: () => pick(w.ABBREVIATIONS),
  // Internet and IP addresses
  randomIP: ipv4,
  randomIPV6: () => Array.from({ length: 8 }, () => hex(4)).join(':'),
  randomMACAddress: () => Array.from({ length: 6 }, () => hex(2)).join(':'),
  randomPassword: () => alnum(15),
  randomLocale: () => pick(w.LOCALES),
  randomUserAgent: () => pick(w.USER_AGENTS),
  randomProtocol: () => pick(['http', 'https']),
  randomSemver: () => `${randomInt(10)}.${randomInt(10)}.${randomInt(10)}`,
  // Names
  randomFirstName: firstName,
  randomLastName: lastName,
  randomFullName: () => `${firstName()} ${lastName()}`,
  randomNamePrefix: () => pick(w.NAME_PREFIXES),
  randomNameSuffix: () => pick(w.NAME_SUFFIXES),
  // Professions
  randomJobArea: () => pick(w.JOB_AREAS),
  randomJobDescriptor: () => pick(w.JOB_DESCRIPTORS),
  randomJobTitle: () => `${pick(w.JOB_DESCRIPTORS)} ${pick(w.JOB_AREAS)} ${pick(w.JOB_TYPES)}`,
  randomJobType: () => pick(w.JOB_TYPES),
  // Phone, address and location
  randomPhoneNumber: () => `${digits(3)}-${digits(3)}-${digits(4)}`,
  randomPhoneNumberExt: () => `${digits(2)}-${digits(3)}-${digits(3)}-${digits(4)}`,
  randomCity: () => pick(w.CITIES),
  randomStreetName: () => `${pick(w.STREET_NAMES)} ${pick(w.STREET_SUFFIXES)}`,
  randomStreetAddress: () => `${1 + randomInt(9999)} ${pick(w.STREET_NAMES)} ${pick(w.STREET_SUFFIXES)}`,
  randomCountry: () => pick(w.COUNTRIES)[0],
  randomCountryCode: () => pick(w.COUNTRIES)[1],
  randomLatitude: () => (randomInt(180_000_000) / 1_000_000 - 90).toFixed(4),
  randomLongitude: () => (randomInt(360_000_000) / 1_000_000 - 180).toFixed(4),
  // Images
  randomAvatarImage: () => `https://example.com/avatars/${alnum(8)}.png`,
  randomImageUrl: () => `https://example.com/images/${640}x${480}/${alnum(8)}.jpg`,
  // Finance
  randomBankAccount: () => digits(8),
  randomBankAccountName: () => `${pick(['Checking', 'Savings', 'Money Market', 'Credit Card'])} Account`,
  randomBankAccountIban: () => `CN${digits(2)}${digits(18)}`,
  randomBankAccountBic: () => `${alnum(4).toUpperCase()}CN${alnum(2).toUpperCase()}`,
  randomCreditCardMask: () => digits(4),
  randomCurrencyCode: () => pick(w.CURRENCIES)[0],
  randomCurrencyName: () => pick(w.CURRENCIES)[1],
  randomCurrencySymbol: () => pick(w.CURRENCIES)[2],
  randomTransactionType: () => pick(w.TRANSACTION_TYPES),
  randomPrice: () => (randomInt(100_000) / 100).toFixed(2),
  // Business
  randomCompanyName: () => `${pick(w.COMPANY_WORDS)} ${pick(w.COMPANY_SUFFIXES)}`,
  randomCompanySuffix: () => pick(w.COMPANY_SUFFIXES),
  // Dates
  randomDateFuture: () => new Date(Date.now() + (1 + randomInt(365)) * dayMs).toString(),
  randomDatePast: () => new Date(Date.now() - (1 + randomInt(365)) * dayMs).toString(),
  randomDateRecent: () => new Date(Date.now() - randomInt(dayMs)).toString(),
  randomWeekday: () => pick(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']),
  randomMonth: () => pick(MONTHS),
  // Domains, emails and user names
  randomDomainName: domainName,
  randomDomainSuffix: () => pick(w.DOMAIN_SUFFIXES),
  randomDomainWord: domainWord,
  randomEmail: () => `${userName()}@${domainName()}`,
  randomExampleEmail: () => `${userName()}@example.com`,
  randomUserName: userName,
  randomUrl: () => `https://${domainName()}`,
  // Files and directories
  randomFileName: () => `${pick(w.WORDS)}_${alnum(6)}.${fileExt()}`,
  randomFileType: () => pick(w.FILE_TYPES)[1].split('/')[0]!,
  randomFileExt: fileExt,
  randomMimeType: () => pick(w.FILE_TYPES)[1],
  randomFilePath: () => `/home/${pick(w.WORDS)}/${pick(w.WORDS)}.${fileExt()}`,
  randomDirectoryPath: () => `/usr/${pick(w.WORDS)}/${pick(w.WORDS)}`,
  // Stores
  randomDepartment: () => pick(w.DEPARTMENTS),
  randomProduct: () => pick(w.PRODUCTS),
  randomProductAdjective: () => pick(w.PRODUCT_ADJECTIVES),
  randomProductMaterial: () => pick(w.MATERIALS),
  randomProductName: product,
  // Databases
  randomDatabaseColumn: () => pick(['id', 'title', 'name', 'email', 'status', 'createdAt', 'updatedAt']),
  randomDatabaseType: () => pick(['int', 'varchar', 'text', 'date', 'boolean', 'decimal', 'json']),
  randomDatabaseEngine: () => pick(['InnoDB', 'MyISAM', 'MEMORY', 'ARCHIVE']),
  randomDatabaseCollation: () => pick(['utf8mb4_general_ci', 'utf8_unicode_ci', 'ascii_bin']),
  // Words and lorem ipsum
  randomWord: () => pick(w.WORDS),
  randomWords: () => words(w.WORDS, 2, 5),
  randomPhrase: () => `${capitalize(words(w.WORDS, 3, 6))}.`,
  randomNoun: () => pick(w.WORDS),
  randomLoremWord: () => pick(w.LOREM),
  randomLoremWords: () => words(w.LOREM, 3, 3),
  randomLoremSentence: sentence,
  randomLoremSentences: () => Array.from({ length: 2 + randomInt(5) }, sentence).join(' '),
  randomLoremParagraph: () => Array.from({ length: 3 }, sentence).join(' '),
  randomLoremParagraphs: () =>
    Array.from({ length: 3 }, () => Array.from({ length: 3 }, sentence).join(' ')).join('\n'),
  randomLoremText: () => Array.from({ length: 2 + randomInt(3) }, sentence).join(' '),
  randomLoremSlug: () => words(w.LOREM, 3, 3).replace(/ /g, '-'),
  randomLoremLines: () => Array.from({ length: 1 + randomInt(5) }, sentence).join('\n'),
};

/** The value of `{{$name}}` (name without the `$`), or undefined when Postman has no such dynamic variable. */
export function dynamicValue(name: string): string | undefined {
  return Object.hasOwn(generators, name) ? generators[name]!() : undefined;
}

/** Every supported dynamic variable name, with its `$` (for the documentation and its test). */
export const DYNAMIC_VARIABLES: readonly string[] = Object.keys(generators).map((name) => `$${name}`);

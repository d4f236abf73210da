/** Small word lists for Postman's `{{$random…}}` variables: plausible test data, not a faker. */

const list = (words: string) => words.trim().split(/\s+/);
const pairs = (entries: string) => entries.split(';').map((entry) => entry.split('|') as [string, string]);

export const FIRST_NAMES = list(`James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William
  Barbara Richard Susan Joseph Jessica Thomas Sarah Charles Karen Daniel Nancy Matthew Lisa Anthony Betty Mark Sandra
  Wei Fang Lei Min Jing Yan Hao Ling`);
export const LAST_NAMES = list(`Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Wilson
  Anderson Taylor Thomas Moore Jackson Martin Lee Thompson White Harris Clark Lewis Walker Hall Young Wang Li Zhang
  Liu Chen Yang Zhao Huang Zhou Wu`);
export const NAME_PREFIXES = list('Mr. Mrs. Ms. Miss Dr.');
export const NAME_SUFFIXES = list('Jr. Sr. I II III IV V MD DDS PhD DVM');

export const WORDS = list(`alpha bravo circuit delta engine fabric gateway harbor index journey kernel ledger matrix
  network orbit pixel quartz render signal token upload vector widget yield zone bandwidth cache driver firewall hub
  interface monitor panel protocol sensor system array bus capacitor feed microchip program transmitter`);
export const LOREM = list(`lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut
  labore et dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea
  commodo consequat`);

export const CITIES = list(`Beijing Shanghai Shenzhen Hangzhou Chengdu Wuhan London Paris Berlin Tokyo Singapore
  Sydney Toronto Chicago Boston Seattle Austin Denver Madrid Rome`);
export const COUNTRIES = pairs(
  'China|CN;Japan|JP;Singapore|SG;Germany|DE;France|FR;United Kingdom|GB;United States|US;Canada|CA;Australia|AU;' +
    'Brazil|BR;India|IN;Spain|ES;Italy|IT;Netherlands|NL;Sweden|SE;Korea|KR',
);
export const STREET_NAMES = list('Main Oak Pine Maple Cedar Elm Lake Hill Park River Sunset Garden Spring');
export const STREET_SUFFIXES = list('Street Avenue Road Lane Drive Court Way Boulevard');

export const COMPANY_WORDS = list('Acme Globex Initech Umbrella Stark Wayne Hooli Vandelay Cyberdyne Soylent Tyrell');
export const COMPANY_SUFFIXES = ['Inc', 'LLC', 'Group', 'and Sons', 'Ltd', 'Co'];
export const JOB_DESCRIPTORS = list('Senior Lead Principal Chief Junior Global Regional Direct');
export const JOB_AREAS = list('Product Security Data Marketing Operations Quality Infrastructure');
export const JOB_TYPES = list('Engineer Designer Manager Analyst Developer Architect Consultant');
export const DEPARTMENTS = list('Books Movies Music Games Electronics Computers Home Garden Tools');
export const PRODUCTS = list('Chair Car Computer Keyboard Mouse Bike Ball Gloves Table Shoes');
export const PRODUCT_ADJECTIVES = list('Small Ergonomic Rustic Intelligent Gorgeous Sleek Handmade');
export const MATERIALS = list('Steel Wooden Concrete Plastic Cotton Granite Rubber Metal Soft');

export const COLORS = list('red green blue yellow orange purple black white gray pink teal olive navy');
/** Code, name, symbol. */
export const CURRENCIES = [
  ['CNY', 'Yuan Renminbi', '¥'],
  ['USD', 'US Dollar', '$'],
  ['EUR', 'Euro', '€'],
  ['JPY', 'Yen', '¥'],
  ['GBP', 'Pound Sterling', '£'],
  ['HKD', 'Hong Kong Dollar', '$'],
  ['SGD', 'Singapore Dollar', '$'],
] as const;
export const DOMAIN_SUFFIXES = list('com net org io info biz name');
export const ABBREVIATIONS = list('SQL PCI JSON HTTP XML SSL TCP SMTP RAM CSS AGP SAS');
/** Extension, media type. */
export const FILE_TYPES = pairs(
  'json|application/json;xml|application/xml;pdf|application/pdf;png|image/png;jpg|image/jpeg;txt|text/plain;' +
    'csv|text/csv;html|text/html;zip|application/zip',
);
export const LOCALES = list('zh_CN zh_TW en en_US en_GB ja ko de fr es it ru');
export const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
];
export const TRANSACTION_TYPES = list('deposit withdrawal payment invoice');

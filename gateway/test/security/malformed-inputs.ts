/**
 * What the malformed-input sweep sends: bad values for one field at a time (form-encoded and as JSON), bodies that
 * try prototype keys, and bodies of the wrong type or size. Values come from the outside review of issue 13 and from
 * the fuzzing of the first slice (injection strings, full-width digits, broken UTF-8).
 */

export interface RawRequest {
  label: string;
  contentType?: string;
  payload: string | Buffer;
  /** Sent instead of the caller's token. */
  authorization?: string;
  /** Envelope codes expected, when not only refusals. */
  codes?: number[];
}

const huge = 'x'.repeat(100_000);

/** A 1×1 PNG, the smallest image the upload accepts. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Form values of a field, raw (already percent-encoded where `raw` says so). */
export const formValues: { label: string; value: string; raw?: boolean }[] = [
  ...[
    '',
    'x'.repeat(20_000),
    '9999999999999999',
    '9007199254740992',
    '0',
    '-1',
    '1.5',
    '1e309',
    '-1e309',
    'NaN',
    'true',
    '__proto__',
    '[1,2]',
    '[9999999999999999]',
    '{"toString":1}',
    '\u0000',
    '１３８００００００００',
    "<script>alert(1)</script>' OR 1=1 --",
  ].map((value) => ({
    label: JSON.stringify(value.length > 40 ? `${value.slice(0, 10)}…(${value.length})` : value),
    value,
  })),
  { label: 'broken UTF-8', value: '%ED%A0%80%FF', raw: true },
];

/** JSON values of a field: wrong types, nesting, numbers JSON.stringify cannot write (sent as raw text). */
export const jsonValues: { label: string; text: string }[] = [
  -1,
  1.5,
  true,
  null,
  [],
  ['a', 'b'],
  {},
  { toString: 1, $gt: '' },
  { nested: { deeper: [1, 2, [3, { four: 4 }]] } },
  huge,
].map((value) => ({ label: `json ${JSON.stringify(value).slice(0, 30)}`, text: JSON.stringify(value) }));
jsonValues.push(
  { label: 'json 1e309', text: '1e309' },
  { label: 'json 9999999999999999', text: '9999999999999999' },
  { label: 'json [9999999999999999]', text: '[9999999999999999]' },
);

const form = (body: Record<string, string>) => new URLSearchParams(body).toString();

/** Bodies of one field: the field alone replaced by each bad value, the rest of the valid body kept. */
export function fieldRequests(base: Record<string, string>, field: string): RawRequest[] {
  const rest = Object.fromEntries(Object.entries(base).filter(([key]) => key !== field));
  const restForm = form(rest);
  const withRest = (part: string) => (restForm ? `${restForm}&${part}` : part);
  const jsonRest = JSON.stringify(rest).slice(1, -1);
  const formType = 'application/x-www-form-urlencoded';
  return [
    ...formValues.map(({ label, value, raw }) => ({
      label: `${field}=${label}`,
      contentType: formType,
      payload: withRest(`${encodeURIComponent(field)}=${raw ? value : encodeURIComponent(value)}`),
    })),
    { label: `${field}[b]=1`, contentType: formType, payload: withRest(`${field}%5Bb%5D=1&${field}=1`) },
    { label: `${field} twice`, contentType: formType, payload: withRest(`${field}=1&${field}=2`) },
    ...jsonValues.map(({ label, text }) => ({
      label: `${field}: ${label}`,
      contentType: 'application/json',
      payload: `{${jsonRest}${jsonRest ? ',' : ''}${JSON.stringify(field)}:${text}}`,
    })),
  ];
}

/** Whole bodies: prototype keys, the wrong content type, unparsable or oversized payloads. */
export function bodyRequests(base: Record<string, string>): RawRequest[] {
  const valid = form(base);
  const json = JSON.stringify(base);
  const formType = 'application/x-www-form-urlencoded';
  const withValid = (part: string) => (valid ? `${valid}&${part}` : part);
  const jsonWith = (entry: string) => (json === '{}' ? `{${entry}}` : `{${entry},${json.slice(1)}`);
  return [
    { label: 'form __proto__', contentType: formType, payload: withValid('__proto__=1&__proto__%5Bpolluted%5D=1') },
    {
      label: 'form constructor',
      contentType: formType,
      payload: withValid('constructor%5Bprototype%5D%5Bpolluted%5D=1'),
    },
    { label: 'json __proto__', contentType: 'application/json', payload: jsonWith('"__proto__":{"polluted":1}') },
    {
      label: 'json constructor',
      contentType: 'application/json',
      payload: jsonWith('"constructor":{"prototype":{"polluted":1}}'),
    },
    { label: 'text/plain', contentType: 'text/plain', payload: 'hello' },
    { label: 'application/xml', contentType: 'application/xml', payload: '<a><b>1</b></a>' },
    {
      label: 'multipart',
      contentType: 'multipart/form-data; boundary=x',
      payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
    },
    { label: 'multipart without boundary', contentType: 'multipart/form-data', payload: 'a=1' },
    { label: 'invalid JSON', contentType: 'application/json', payload: '{"a":' },
    { label: 'JSON array', contentType: 'application/json', payload: '[1,2]' },
    { label: 'JSON string', contentType: 'application/json', payload: '"str"' },
    { label: 'JSON null', contentType: 'application/json', payload: 'null' },
    { label: 'JSON NaN', contentType: 'application/json', payload: 'NaN' },
    { label: 'empty JSON', contentType: 'application/json', payload: '' },
    { label: 'empty form', contentType: formType, payload: '' },
    { label: 'no content type', payload: valid },
    { label: 'form sent as JSON', contentType: 'application/json', payload: valid || 'a=1' },
    { label: 'JSON sent as form', contentType: formType, payload: json },
    { label: 'JSON in latin1', contentType: 'application/json; charset=latin1', payload: json },
    { label: 'oversized form', contentType: formType, payload: withValid(`pad=${'x'.repeat(200_000)}`) },
    { label: 'oversized JSON', contentType: 'application/json', payload: `{"pad":"${'x'.repeat(2_000_000)}"}` },
    { label: 'garbage token', contentType: formType, payload: valid, authorization: 'garbage' },
    { label: 'empty bearer token', contentType: formType, payload: valid, authorization: 'Bearer ' },
    { label: 'huge token', contentType: formType, payload: valid, authorization: `Bearer ${'x'.repeat(20_000)}` },
    { label: 'deep JSON', contentType: 'application/json', payload: `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}` },
  ];
}

/** Queries of the members list (finding 6 of issue 13 and their kin): JSON parameters of the wrong shape. */
export const memberListQueries: string[] = [
  ...[
    '5',
    'null',
    '[]',
    '[0]',
    '[0,"a"]',
    '[-1,5]',
    '[5,1]',
    '[0,1e309]',
    '[0,9999999999999999]',
    '{}',
    '[0,',
    'x'.repeat(2_000),
  ].map((range) => `range=${encodeURIComponent(range)}`),
  ...['{}', '[]', '["a"]', '["nickname","UP"]', '[1,2]', 'null', '"str"', '["x",', '["__proto__","ASC"]'].map(
    (sort) => `sort=${encodeURIComponent(sort)}`,
  ),
  ...[
    '{"q":{"toString":1}}',
    '{"q":["a"]}',
    '{"q":1}',
    '{"role":{}}',
    '[]',
    'null',
    '5',
    '"q"',
    '{bad',
    '{"__proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    `{"q":"${'x'.repeat(500)}"}`,
  ].map((filter) => `filter=${encodeURIComponent(filter)}`),
  'range=[0,1]&range=[0,2]',
  'sort=%ED%A0%80',
  'filter[q]=1',
];

/** Bad `x-team-id` headers and member ids in the path. */
export const badTeamIds = ['9999999999999999', '-1', '0', 'abc', '1e3', '1.5', ''];
export const badMemberIds = [
  '9999999999999999',
  '9007199254740992',
  '-1',
  '0',
  'abc',
  '1.5',
  '%00',
  '%E0%A4%A',
  'x'.repeat(1_000),
];

/** Bodies of a member's role change (PUT), as react-admin sends JSON. */
export const roleBodies: RawRequest[] = [
  { label: 'owner', contentType: 'application/json', payload: '{"role":"owner"}' },
  { label: 'empty object', contentType: 'application/json', payload: '{}' },
  { label: 'role object', contentType: 'application/json', payload: '{"role":{"toString":1}}' },
  { label: 'role list', contentType: 'application/json', payload: '{"role":["member","x"]}' },
  { label: 'invalid JSON', contentType: 'application/json', payload: '{"role":' },
  { label: 'empty JSON', contentType: 'application/json', payload: '' },
  { label: '__proto__', contentType: 'application/json', payload: '{"__proto__":{"polluted":1},"role":"member"}' },
  { label: 'text/plain', contentType: 'text/plain', payload: 'member' },
  { label: 'oversized', contentType: 'application/json', payload: `{"role":"${'x'.repeat(2_000_000)}"}` },
];

/** Uploads that are not a well-formed multipart image (finding 6: truncated; finding 10: an empty JSON body). */
export function uploadRequests(png: Buffer): RawRequest[] {
  const boundary = 'sweepBoundary';
  const part = (name: string, filename: string, content: Buffer | string) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n`),
      Buffer.from('Content-Type: image/png\r\n\r\n'),
      Buffer.from(content),
      Buffer.from('\r\n'),
    ]);
  const end = Buffer.from(`--${boundary}--\r\n`);
  const multipart = `multipart/form-data; boundary=${boundary}`;
  const whole = Buffer.concat([part('file', 'a.png', png), end]);
  return [
    { label: 'empty JSON object', contentType: 'application/json', payload: '{}' },
    { label: 'empty JSON body', contentType: 'application/json', payload: '' },
    { label: 'invalid JSON', contentType: 'application/json', payload: '{"file":' },
    { label: 'text/plain', contentType: 'text/plain', payload: 'hello' },
    { label: 'form', contentType: 'application/x-www-form-urlencoded', payload: 'file=abc' },
    { label: 'no content type', payload: 'abc' },
    { label: 'truncated multipart', contentType: multipart, payload: whole.subarray(0, whole.length - 30) },
    { label: 'truncated part header', contentType: multipart, payload: `--${boundary}\r\nContent-Disposition: form-` },
    { label: 'multipart without boundary', contentType: 'multipart/form-data', payload: whole },
    { label: 'empty multipart', contentType: multipart, payload: end },
    { label: 'another field', contentType: multipart, payload: Buffer.concat([part('other', 'a.png', png), end]) },
    {
      // The first file is the one stored; the other is never read.
      label: 'two files',
      codes: [200, 402],
      contentType: multipart,
      payload: Buffer.concat([part('file', 'a.png', png), part('file', 'b.png', png), end]),
    },
    { label: 'not an image', contentType: multipart, payload: Buffer.concat([part('file', 'a.png', 'hello'), end]) },
    { label: 'empty file', contentType: multipart, payload: Buffer.concat([part('file', 'a.png', ''), end]) },
    {
      label: 'prototype field',
      contentType: multipart,
      payload: Buffer.concat([part('__proto__', 'a.png', png), end]),
    },
    {
      label: 'over 5 MB',
      contentType: multipart,
      payload: Buffer.concat([part('file', 'a.png', Buffer.alloc(5 * 1024 * 1024 + 10)), end]),
    },
  ];
}

import type { ApiDoc, Environment } from '../docApi';
import { exampleOf } from './schemaModel';

/** The request a snippet sends: everything resolved to text. */
export interface SnippetRequest {
  method: string;
  url: string;
  headers: [string, string][];
  /** JSON, XML or raw text; null when there is no text body. */
  body: string | null;
  /** form-data and x-www-form-urlencoded fields; files as `@name`. */
  form: { name: string; value: string; file: boolean }[] | null;
  formKind: 'multipart' | 'urlencoded' | null;
}

const text = (value: unknown) =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);

const exampleText = (parameter: { example: unknown; schema: Record<string, unknown> }) =>
  text(parameter.example !== undefined && parameter.example !== null ? parameter.example : exampleOf(parameter.schema));

/** The document as one concrete request on `baseUrl`: path parameters filled in with examples. */
export function snippetRequest(api: ApiDoc, environment?: Pick<Environment, 'baseUrl' | 'headers'>): SnippetRequest {
  const params = api.parameters ?? [];
  let path = api.path || '/';
  for (const param of params.filter((p) => p.in === 'path')) {
    const value = exampleText(param) || `{${param.name}}`;
    path = path.replaceAll(`{${param.name}}`, encodeURIComponent(value)).replaceAll(`:${param.name}`, value);
  }
  const query = params
    .filter((p) => p.in === 'query')
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(exampleText(p))}`);
  const base = (environment?.baseUrl ?? '').replace(/\/+$/, '');
  const url = `${base || 'http://localhost'}${path.startsWith('/') ? path : `/${path}`}${query.length ? `?${query.join('&')}` : ''}`;

  const headers: [string, string][] = [
    ...(environment?.headers ?? []).filter((h) => h.name).map((h): [string, string] => [h.name, h.value]),
    ...params.filter((p) => p.in === 'header').map((p): [string, string] => [p.name, exampleText(p)]),
  ];
  const cookies = params.filter((p) => p.in === 'cookie').map((p) => `${p.name}=${exampleText(p)}`);
  if (cookies.length) headers.push(['Cookie', cookies.join('; ')]);

  const body = api.requestBody;
  let bodyText: string | null = null;
  let form: SnippetRequest['form'] = null;
  let formKind: SnippetRequest['formKind'] = null;
  const hasHeader = (name: string) => headers.some(([key]) => key.toLowerCase() === name);
  if (body && body.type !== 'none' && api.method !== 'GET' && api.method !== 'HEAD') {
    if (body.type === 'form-data' || body.type === 'x-www-form-urlencoded') {
      formKind = body.type === 'form-data' ? 'multipart' : 'urlencoded';
      form = (body.fields ?? []).map((field) => ({
        name: field.name,
        value: field.type === 'file' ? field.name : text(field.example ?? exampleOf(field.schema)),
        file: field.type === 'file',
      }));
      if (formKind === 'urlencoded' && !hasHeader('content-type')) {
        headers.push(['Content-Type', 'application/x-www-form-urlencoded']);
      }
    } else {
      const example = body.examples?.[0]?.value;
      if (body.type === 'json') {
        bodyText = JSON.stringify(example !== undefined ? example : exampleOf(body.schema), null, 2);
      } else {
        bodyText = body.type === 'binary' ? '' : example !== undefined ? text(example) : body.raw || '';
      }
      const mediaType =
        body.mediaType ||
        { json: 'application/json', xml: 'application/xml', raw: 'text/plain', binary: 'application/octet-stream' }[
          body.type
        ];
      if (mediaType && !hasHeader('content-type')) headers.push(['Content-Type', mediaType]);
    }
  }
  return { method: api.method || 'GET', url, headers, body: bodyText, form, formKind };
}

const single = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;
const quoted = (value: string) => JSON.stringify(value);

function curl(r: SnippetRequest): string {
  const lines = [`curl --location --request ${r.method} ${single(r.url)}`];
  for (const [name, value] of r.headers) lines.push(`--header ${single(`${name}: ${value}`)}`);
  if (r.form) {
    for (const field of r.form) {
      const flag = r.formKind === 'multipart' ? '--form' : '--data-urlencode';
      lines.push(`${flag} ${single(`${field.name}=${field.file ? `@"/path/to/${field.value}"` : field.value}`)}`);
    }
  } else if (r.body !== null) lines.push(`--data-raw ${single(r.body)}`);
  return lines.join(' \\\n  ');
}

function jsBody(r: SnippetRequest, lines: string[]): string | null {
  if (r.form) {
    if (r.formKind === 'multipart') {
      lines.push('const body = new FormData();');
      for (const f of r.form) {
        lines.push(`body.append(${quoted(f.name)}, ${f.file ? 'fileInput.files[0]' : quoted(f.value)});`);
      }
    } else {
      lines.push('const body = new URLSearchParams();');
      for (const f of r.form) lines.push(`body.append(${quoted(f.name)}, ${quoted(f.value)});`);
    }
    return 'body';
  }
  if (r.body === null) return null;
  lines.push(
    `const body = ${r.body.startsWith('{') || r.body.startsWith('[') ? `JSON.stringify(${r.body})` : quoted(r.body)};`,
  );
  return 'body';
}

const headerObject = (headers: [string, string][], indent: string) =>
  `{\n${headers.map(([k, v]) => `${indent}  ${quoted(k)}: ${quoted(v)},`).join('\n')}\n${indent}}`;

function fetchJs(r: SnippetRequest): string {
  const lines: string[] = [];
  const body = jsBody(r, lines);
  const options = [`  method: ${quoted(r.method)},`];
  if (r.headers.length) options.push(`  headers: ${headerObject(r.headers, '  ')},`);
  if (body) options.push(`  body,`);
  lines.push(
    `const response = await fetch(${quoted(r.url)}, {`,
    ...options,
    '});',
    'console.log(await response.text());',
  );
  return lines.join('\n');
}

function axios(r: SnippetRequest): string {
  const lines = ["import axios from 'axios';", ''];
  const body = jsBody(r, lines);
  const options = [`  method: ${quoted(r.method.toLowerCase())},`, `  url: ${quoted(r.url)},`];
  if (r.headers.length) options.push(`  headers: ${headerObject(r.headers, '  ')},`);
  if (body) options.push('  data: body,');
  lines.push('const response = await axios({', ...options, '});', 'console.log(response.data);');
  return lines.join('\n');
}

function python(r: SnippetRequest): string {
  const lines = ['import requests', '', `url = ${quoted(r.url)}`];
  const args = ['url'];
  if (r.headers.length) {
    lines.push(`headers = {\n${r.headers.map(([k, v]) => `    ${quoted(k)}: ${quoted(v)},`).join('\n')}\n}`);
    args.push('headers=headers');
  }
  if (r.form) {
    const fields = r.form.filter((f) => !f.file);
    lines.push(`data = {\n${fields.map((f) => `    ${quoted(f.name)}: ${quoted(f.value)},`).join('\n')}\n}`);
    args.push('data=data');
    const files = r.form.filter((f) => f.file);
    if (files.length) {
      lines.push(
        `files = {\n${files.map((f) => `    ${quoted(f.name)}: open(${quoted(f.value)}, "rb"),`).join('\n')}\n}`,
      );
      args.push('files=files');
    }
  } else if (r.body !== null) {
    // a triple-quoted literal keeps the JSON readable, as written, where nothing in it needs escaping
    const plain = !/\\|"""/.test(r.body) && !r.body.endsWith('"');
    lines.push(`payload = ${plain ? `"""${r.body}"""` : quoted(r.body)}`);
    args.push('data=payload.encode("utf-8")');
  }
  lines.push('', `response = requests.request(${quoted(r.method)}, ${args.join(', ')})`, 'print(response.text)');
  return lines.join('\n');
}

function okhttp(r: SnippetRequest): string {
  const type = r.headers.find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? 'text/plain';
  const lines = ['OkHttpClient client = new OkHttpClient().newBuilder().build();'];
  let body = 'null';
  if (r.form && r.formKind === 'multipart') {
    lines.push('RequestBody body = new MultipartBody.Builder().setType(MultipartBody.FORM)');
    for (const f of r.form) {
      lines.push(
        f.file
          ? `    .addFormDataPart(${quoted(f.name)}, ${quoted(f.value)}, RequestBody.create(new File(${quoted(f.value)}), MediaType.parse("application/octet-stream")))`
          : `    .addFormDataPart(${quoted(f.name)}, ${quoted(f.value)})`,
      );
    }
    lines.push('    .build();');
    body = 'body';
  } else if (r.form) {
    lines.push('RequestBody body = new FormBody.Builder()');
    for (const f of r.form) lines.push(`    .add(${quoted(f.name)}, ${quoted(f.value)})`);
    lines.push('    .build();');
    body = 'body';
  } else if (r.body !== null) {
    lines.push(`MediaType mediaType = MediaType.parse(${quoted(type)});`);
    lines.push(`RequestBody body = RequestBody.create(${quoted(r.body)}, mediaType);`);
    body = 'body';
  } else if (!['GET', 'HEAD'].includes(r.method)) {
    body = 'RequestBody.create(new byte[0])';
  }
  lines.push(
    'Request request = new Request.Builder()',
    `    .url(${quoted(r.url)})`,
    `    .method(${quoted(r.method)}, ${body})`,
  );
  for (const [k, v] of r.headers) lines.push(`    .addHeader(${quoted(k)}, ${quoted(v)})`);
  lines.push(
    '    .build();',
    'Response response = client.newCall(request).execute();',
    'System.out.println(response.body().string());',
  );
  return lines.join('\n');
}

const goString = (value: string) => (value.includes('`') ? quoted(value) : `\`${value}\``);

function go(r: SnippetRequest): string {
  const imports = ['"fmt"', '"io"', '"net/http"'];
  const setup: string[] = [];
  let body = 'nil';
  if (r.form) {
    imports.push('"net/url"', '"strings"');
    setup.push('\tform := url.Values{}');
    for (const f of r.form) setup.push(`\tform.Add(${quoted(f.name)}, ${quoted(f.value)})`);
    body = 'strings.NewReader(form.Encode())';
  } else if (r.body !== null) {
    imports.push('"strings"');
    setup.push(`\tpayload := strings.NewReader(${goString(r.body)})`);
    body = 'payload';
  }
  return [
    'package main',
    '',
    `import (\n${imports
      .sort()
      .map((i) => `\t${i}`)
      .join('\n')}\n)`,
    '',
    'func main() {',
    ...setup,
    `\treq, err := http.NewRequest(${quoted(r.method)}, ${quoted(r.url)}, ${body})`,
    '\tif err != nil {\n\t\tpanic(err)\n\t}',
    ...r.headers.map(([k, v]) => `\treq.Header.Add(${quoted(k)}, ${quoted(v)})`),
    '\tres, err := http.DefaultClient.Do(req)',
    '\tif err != nil {\n\t\tpanic(err)\n\t}',
    '\tdefer res.Body.Close()',
    '\tdata, _ := io.ReadAll(res.Body)',
    '\tfmt.Println(string(data))',
    '}',
  ].join('\n');
}

export const SNIPPET_LANGUAGES = [
  { id: 'curl', label: 'cURL', render: curl },
  { id: 'fetch', label: 'JavaScript fetch', render: fetchJs },
  { id: 'axios', label: 'axios', render: axios },
  { id: 'python', label: 'Python requests', render: python },
  { id: 'okhttp', label: 'Java OkHttp', render: okhttp },
  { id: 'go', label: 'Go', render: go },
] as const;

export type SnippetLanguage = (typeof SNIPPET_LANGUAGES)[number]['id'];

export function renderSnippet(language: SnippetLanguage, request: SnippetRequest): string {
  return (SNIPPET_LANGUAGES.find((l) => l.id === language) ?? SNIPPET_LANGUAGES[0]).render(request);
}

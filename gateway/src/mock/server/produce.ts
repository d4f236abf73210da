import type { MockApi, MockIndex, MockResponse } from '@pmbok/project-service/mock-index';
import {
  type CompiledGenerator,
  compileSchema,
  compileTemplate,
  DEFAULT_LIMITS,
  type GenerateScope,
  isTemplate,
  MockDocumentError,
} from '../generate/index.js';
import {
  chooseExpectation,
  defaultResponse,
  exampleOf,
  httpStatusOf,
  type Json,
  type MockRequest,
  type Overrides,
  responseForStatus,
} from './choose.js';
import { type ValidationError, validateRequest } from './validate.js';

/** What a thread answers for one request (the gateway's thread writes it). */
export type Produced =
  | {
      kind: 'answer';
      status: number;
      headers: [string, string][];
      /** Serialized already; null for no body. */
      body: string | null;
      source: 'example' | 'generated' | 'template' | 'expectation';
      delayMs: number;
    }
  | { kind: 'validation'; errors: ValidationError[] }
  | { kind: 'document'; message: string; where: string }
  /** The caller asked for what the document does not have (a status, an example name). */
  | { kind: 'request'; message: string };

export interface ProduceJob {
  api: number;
  request: MockRequest;
  overrides: Overrides;
}

const scopes = new WeakMap<MockIndex, GenerateScope>();
const generators = new WeakMap<object, CompiledGenerator>();
const regexes = new Map<string, RegExp | null>();

function scopeOf(index: MockIndex): GenerateScope {
  let scope = scopes.get(index);
  if (!scope) {
    scope = { models: index.models as GenerateScope['models'], fields: index.fields };
    scopes.set(index, scope);
  }
  return scope;
}

/** A generator compiled once per schema or template object of the index (the thread keeps the index per revision). */
function generatorOf(owner: object, make: () => CompiledGenerator): CompiledGenerator {
  let generator = generators.get(owner);
  if (!generator) {
    generator = make();
    generators.set(owner, generator);
  }
  return generator;
}

function regexOf(source: string): RegExp | null {
  if (!regexes.has(source)) {
    if (regexes.size > 1_000) regexes.clear();
    let regex: RegExp | null = null;
    for (const flags of ['u', '']) {
      try {
        regex = new RegExp(source, flags);
        break;
      } catch {
        // Unicode mode refuses escapes such as `\-` that plain mode takes; a pattern neither takes never matches.
      }
    }
    regexes.set(source, regex);
  }
  return regexes.get(source) ?? null;
}

const isJsonMedia = (mediaType: string) => mediaType === '' || /json/i.test(mediaType);

function serialize(value: Json | undefined, mediaType: string): string | null {
  if (value === undefined) return null;
  if (typeof value === 'string' && !isJsonMedia(mediaType)) return value;
  return JSON.stringify(value);
}

/** Runs a compiled generator, or a template on its own holder (a template object is compiled once). */
function run(owner: object, value: Json, kind: 'schema' | 'template', index: MockIndex, seed: number, where: string) {
  const generator = generatorOf(owner, () =>
    kind === 'schema'
      ? compileSchema(value as never, scopeOf(index), where)
      : compileTemplate(value as never, scopeOf(index)),
  );
  return generator({ seed, deadline: Date.now() + DEFAULT_LIMITS.timeMs }) as Json;
}

function documentedHeaders(response: MockResponse, index: MockIndex, seed: number, where: string): [string, string][] {
  return response.headers.map((header) => {
    const schema = (header.schema ?? { type: 'string' }) as Json;
    const holder = typeof schema === 'object' && schema !== null ? schema : { type: 'string' };
    const value = run(holder, holder as Json, 'schema', index, seed, `${where} › 响应头 ${header.name}`);
    return [header.name, typeof value === 'string' ? value : JSON.stringify(value)];
  });
}

function limited(body: string | null, where: string): string | null {
  if (body !== null && Buffer.byteLength(body) > DEFAULT_LIMITS.maxBytes)
    throw new MockDocumentError(`响应超过 ${DEFAULT_LIMITS.maxBytes / 1024 / 1024} MB`, where);
  return body;
}

function fromResponse(api: MockApi, job: ProduceJob, index: MockIndex, seed: number): Produced {
  const { overrides } = job;
  const response = overrides.status ? responseForStatus(api, overrides.status) : defaultResponse(api);
  if (!response)
    return {
      kind: 'request',
      message: overrides.status ? `文档没有状态码 ${overrides.status} 的响应` : '文档没有定义响应',
    };
  const where = `${api.name} › 响应 ${response.status}`;
  const mediaType = response.mediaType || 'application/json';
  const example = overrides.dynamic ? undefined : exampleOf(response, overrides.example);
  if (overrides.example !== undefined && !overrides.dynamic && !example)
    return { kind: 'request', message: `响应 ${response.status} 没有名为 ${overrides.example} 的示例` };
  let body: Json | undefined;
  let source: 'example' | 'generated' | 'template';
  if (example) {
    const template = isTemplate(example.value as never);
    body = template ? run(example, example.value, 'template', index, seed, where) : example.value;
    source = template ? 'template' : 'example';
  } else {
    const hasSchema = response.schema !== null && typeof response.schema === 'object';
    body = hasSchema ? run(response, response.schema, 'schema', index, seed, where) : undefined;
    source = 'generated';
  }
  const headers = documentedHeaders(response, index, seed, where);
  const serialized = limited(serialize(body, mediaType), where);
  if (serialized !== null) headers.push(['content-type', contentTypeOf(mediaType)]);
  return {
    kind: 'answer',
    status: httpStatusOf(response, overrides.status),
    headers,
    body: serialized,
    source,
    delayMs: 0,
  };
}

export const contentTypeOf = (mediaType: string) =>
  /charset=/i.test(mediaType) || !/^(application\/(.*\+)?json|text\/)/i.test(mediaType)
    ? mediaType
    : `${mediaType}; charset=utf-8`;

function fromExpectation(api: MockApi, job: ProduceJob, index: MockIndex, seed: number): Produced | null {
  const expectation = chooseExpectation(api, job.request, regexOf);
  if (!expectation) return null;
  const { response } = expectation;
  const where = `${api.name} › 期望 ${expectation.name}`;
  let body: string | null;
  let mediaType = 'application/json';
  if (response.bodyType === 'text') {
    body = response.text;
    mediaType = 'text/plain';
  } else if (response.bodyType === 'example') {
    body = serialize(response.body, mediaType);
  } else {
    const holder = response.body !== null && typeof response.body === 'object' ? response.body : response;
    body = serialize(
      run(holder, response.body, response.bodyType === 'schema' ? 'schema' : 'template', index, seed, where),
      mediaType,
    );
  }
  const headers: [string, string][] = response.headers.map((h) => [h.name, h.value]);
  if (body !== null && !headers.some(([name]) => name.toLowerCase() === 'content-type'))
    headers.push(['content-type', contentTypeOf(mediaType)]);
  return {
    kind: 'answer',
    status: response.status,
    headers,
    body: limited(body, where),
    source: 'expectation',
    delayMs: Math.min(Math.max(response.delayMs, 0), 10_000),
  };
}

/** The answer to one request: validation, the first matching expectation, else the response it asks for. */
export function produce(index: MockIndex, job: ProduceJob): Produced {
  const api = index.apis[job.api];
  if (!api) return { kind: 'request', message: '接口不存在' };
  if (index.validateRequests) {
    const errors = validateRequest(api, job.request, index);
    if (errors.length > 0) return { kind: 'validation', errors };
  }
  const seed = job.overrides.seed ?? Math.floor(Math.random() * 2 ** 31);
  try {
    return fromExpectation(api, job, index, seed) ?? fromResponse(api, job, index, seed);
  } catch (error) {
    if (error instanceof MockDocumentError) return { kind: 'document', message: error.message, where: error.where };
    throw error;
  }
}

import type { MockApi, MockIndex, MockResponse } from '@pmbok/project-service/mock-index';
import {
  type CompiledGenerator,
  compileSchema,
  compileTemplate,
  DEFAULT_LIMITS,
  type GenerateScope,
  isTemplate,
  MockDocumentError,
  type MockLimits,
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

/**
 * Limits of an answer made on the gateway's own thread (`produceInline`): a few milliseconds and a small body at
 * most, so that running it costs less than sending it to a thread; what needs more goes to the threads.
 */
export const INLINE_LIMITS: MockLimits = {
  maxBytes: 64 * 1024,
  maxItems: 100,
  maxStringLength: 4 * 1024,
  maxRefDepth: DEFAULT_LIMITS.maxRefDepth,
  timeMs: 5,
};

const scopes = new WeakMap<MockIndex, Map<MockLimits, GenerateScope>>();
const generators = new WeakMap<object, Map<MockLimits, CompiledGenerator>>();
const regexes = new Map<string, RegExp | null>();

function scopeOf(index: MockIndex, limits: MockLimits): GenerateScope {
  let byLimits = scopes.get(index);
  if (!byLimits) {
    byLimits = new Map();
    scopes.set(index, byLimits);
  }
  let scope = byLimits.get(limits);
  if (!scope) {
    scope = { models: index.models as GenerateScope['models'], fields: index.fields, limits };
    byLimits.set(limits, scope);
  }
  return scope;
}

/** A generator compiled once per schema or template object of the index (the thread keeps the index per revision). */
function generatorOf(owner: object, limits: MockLimits, make: () => CompiledGenerator): CompiledGenerator {
  let byLimits = generators.get(owner);
  if (!byLimits) {
    byLimits = new Map();
    generators.set(owner, byLimits);
  }
  let generator = byLimits.get(limits);
  if (!generator) {
    generator = make();
    byLimits.set(limits, generator);
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
function run(
  owner: object,
  value: Json,
  kind: 'schema' | 'template',
  index: MockIndex,
  seed: number,
  where: string,
  limits: MockLimits,
) {
  const generator = generatorOf(owner, limits, () =>
    kind === 'schema'
      ? compileSchema(value as never, scopeOf(index, limits), where)
      : compileTemplate(value as never, scopeOf(index, limits)),
  );
  return generator({ seed, deadline: Date.now() + limits.timeMs }) as Json;
}

function documentedHeaders(
  response: MockResponse,
  index: MockIndex,
  seed: number,
  where: string,
  limits: MockLimits,
): [string, string][] {
  return response.headers.map((header) => {
    const schema = (header.schema ?? { type: 'string' }) as Json;
    const holder = typeof schema === 'object' && schema !== null ? schema : { type: 'string' };
    const value = run(holder, holder as Json, 'schema', index, seed, `${where} › 响应头 ${header.name}`, limits);
    return [header.name, typeof value === 'string' ? value : JSON.stringify(value)];
  });
}

function limited(body: string | null, where: string, limits: MockLimits): string | null {
  if (body !== null && Buffer.byteLength(body) > limits.maxBytes)
    throw new MockDocumentError(`响应超过 ${limits.maxBytes / 1024 / 1024} MB`, where);
  return body;
}

function fromResponse(api: MockApi, job: ProduceJob, index: MockIndex, seed: number, limits: MockLimits): Produced {
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
    body = template ? run(example, example.value, 'template', index, seed, where, limits) : example.value;
    source = template ? 'template' : 'example';
  } else {
    const hasSchema = response.schema !== null && typeof response.schema === 'object';
    body = hasSchema ? run(response, response.schema, 'schema', index, seed, where, limits) : undefined;
    source = 'generated';
  }
  const headers = documentedHeaders(response, index, seed, where, limits);
  const serialized = limited(serialize(body, mediaType), where, limits);
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

function fromExpectation(
  api: MockApi,
  job: ProduceJob,
  index: MockIndex,
  seed: number,
  limits: MockLimits,
): Produced | null {
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
      run(holder, response.body, response.bodyType === 'schema' ? 'schema' : 'template', index, seed, where, limits),
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
    body: limited(body, where, limits),
    source: 'expectation',
    delayMs: Math.min(Math.max(response.delayMs, 0), 10_000),
  };
}

/** The answer to one request: validation, the first matching expectation, else the response it asks for. */
export function produce(index: MockIndex, job: ProduceJob, limits: MockLimits = DEFAULT_LIMITS): Produced {
  const api = index.apis[job.api];
  if (!api) return { kind: 'request', message: '接口不存在' };
  if (index.validateRequests) {
    const errors = validateRequest(api, job.request, index);
    if (errors.length > 0) return { kind: 'validation', errors };
  }
  const seed = job.overrides.seed ?? Math.floor(Math.random() * 2 ** 31);
  try {
    return fromExpectation(api, job, index, seed, limits) ?? fromResponse(api, job, index, seed, limits);
  } catch (error) {
    if (error instanceof MockDocumentError) return { kind: 'document', message: error.message, where: error.where };
    throw error;
  }
}

/**
 * Generation on the gateway's thread, for routes that need no thread's checks (no expectations, simple parameter
 * checks): a 20-field answer takes ~20 µs, less than a message to a thread and back. Under INLINE_LIMITS; null
 * when the answer needs more than they allow (the caller sends the request to a thread, which has the full limits).
 */
export function produceInline(index: MockIndex, job: ProduceJob): Produced | null {
  const produced = produce(index, job, INLINE_LIMITS);
  return produced.kind === 'document' ? null : produced;
}

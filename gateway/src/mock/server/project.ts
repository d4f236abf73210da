import { timingSafeEqual } from 'node:crypto';
import type { MockApi, MockIndex } from '@pmbok/project-service/mock-index';
import { DEFAULT_LIMITS, isTemplate } from '../generate/index.js';
import { defaultResponse, httpStatusOf, type Json } from './choose.js';
import { contentTypeOf } from './produce.js';
import { compileRouter, type Router } from './router.js';
import { checksAreSimple, hasChecks } from './validate.js';

/** An answer ready to write: a route's fixed example, serialized once per index revision. */
export interface FastAnswer {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** The request is checked first, on the gateway's thread (parameters of simple schemas only). */
  checked: boolean;
}

/** A project's index as the gateway's thread uses it: routes compiled, the token hashed, fixed answers on demand. */
export interface CompiledProject {
  projectId: number;
  revision: string;
  index: MockIndex;
  router: Router;
  /** The key a thread holds this index under, and the index as JSON text to send it (copied faster than objects). */
  contextKey: string;
  contextText: string;
  tokenMatches(given: string | undefined): boolean;
  /** The route's fixed answer, or null when a thread must answer (checks, expectations, generation). */
  fastAnswer(api: number): FastAnswer | null;
  /** Routes whose work ran past the thread deadline: how often lately, and until when that counts. */
  timeouts: Map<number, { count: number; until: number }>;
  /**
   * Whether the route's answer may be made on the gateway's thread (produceInline): no expectations (their
   * patterns run in threads) and nothing but simple parameter checks. `refuseInline` keeps a route that needed more
   * than the inline limits in the threads for this revision.
   */
  inline(api: number): boolean;
  refuseInline(api: number): void;
}

/** A documented header's value when its schema fixes one (otherwise a thread generates it). */
function fixedValue(schema: Json): string | undefined {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return undefined;
  const examples = schema.examples;
  const enumValues = schema.enum;
  const value =
    schema.example ??
    schema.default ??
    schema.const ??
    (Array.isArray(enumValues) ? enumValues[0] : undefined) ??
    (Array.isArray(examples) ? examples[0] : undefined);
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function fastAnswerOf(api: MockApi, validates: boolean): FastAnswer | null {
  const checked = validates && hasChecks(api);
  if (checked && !checksAreSimple(api)) return null;
  if (api.expectations.some((e) => e.enabled)) return null;
  const response = defaultResponse(api);
  const example = response?.examples[0];
  if (!response || !example || isTemplate(example.value as never)) return null;
  const headers: [string, string][] = [];
  for (const header of response.headers) {
    const value = fixedValue(header.schema as Json);
    if (value === undefined) return null;
    headers.push([header.name, value]);
  }
  const mediaType = response.mediaType || 'application/json';
  const text =
    typeof example.value === 'string' && !/json/i.test(mediaType) ? example.value : JSON.stringify(example.value);
  const body = Buffer.from(text);
  // Over the limit: a thread refuses it with the document's place.
  if (body.length > DEFAULT_LIMITS.maxBytes) return null;
  headers.push(['content-type', contentTypeOf(mediaType)]);
  return { status: httpStatusOf(response), headers, body, checked };
}

export function compileProject(index: MockIndex, json?: string): CompiledProject {
  const token = index.access === 'token' ? Buffer.from(index.token) : null;
  const fast = new Map<number, FastAnswer | null>();
  const inline = new Map<number, boolean>();
  return {
    projectId: index.projectId,
    revision: index.revision,
    index,
    router: compileRouter(index.apis),
    contextKey: `${index.projectId}:${index.revision}`,
    contextText: json ?? JSON.stringify(index),
    // Compared in constant time: a wrong token's timing says nothing of the right one's characters (only that its
    // length differs, and every token is 32 characters). A digest of each request's token cost a tenth of an answer.
    tokenMatches: (given) => {
      if (token === null) return true;
      if (!given || token.length === 0) return false;
      const bytes = Buffer.from(given);
      return bytes.length === token.length && timingSafeEqual(bytes, token);
    },
    fastAnswer(api) {
      if (!fast.has(api)) {
        const entry = index.apis[api];
        fast.set(api, entry ? fastAnswerOf(entry, index.validateRequests) : null);
      }
      return fast.get(api) ?? null;
    },
    timeouts: new Map(),
    inline(api) {
      let verdict = inline.get(api);
      if (verdict === undefined) {
        const entry = index.apis[api];
        verdict =
          !!entry && !entry.expectations.some((e) => e.enabled) && (!index.validateRequests || checksAreSimple(entry));
        inline.set(api, verdict);
      }
      return verdict;
    },
    refuseInline(api) {
      inline.set(api, false);
    },
  };
}

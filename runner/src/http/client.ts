import { STATUS_CODES } from 'node:http';
import type { RunLimits } from '../model.js';
import type { HttpClient, HttpPolicy, HttpResponse, PreparedRequest } from '../ports.js';
import { isPublicAddress } from './address.js';
import { ACCEPT_ENCODING, bodyText, decodeContent } from './body.js';
import { type Agents, directAgents, policyAgents } from './connector.js';
import { HttpFailure, httpMessages, refusal } from './errors.js';
import { Deadline, exchange, type HopRequest } from './exchange.js';
import { bareHost, isLiteralHost, parseTarget, prefixesOf, type Target, underPrefix } from './target.js';

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Framing and hop-by-hop headers the client sets itself (a caller's would contradict how the body is sent). */
const FRAMING = new Set([
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
  'expect',
  'proxy-connection',
  'te',
]);
/** Dropped when a redirect turns the request into a GET without body (as browsers and Postman do). */
const BODY_HEADERS = new Set(['content-type', 'content-encoding', 'content-language', 'content-location']);
/** Dropped when a redirect leaves the origin: credentials are for the origin they were written for. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const DEFAULT_HEADERS: [string, string][] = [
  ['accept', '*/*'],
  ['accept-encoding', ACCEPT_ENCODING],
  ['user-agent', 'pmbok-test/0.1'],
];

/** The caller's headers checked, framing ones left out, and the client's defaults added where the caller set none. */
function headersOf(given: [string, string][], authorization: string | undefined): [string, string][] {
  const headers: [string, string][] = [];
  const names = new Set<string>();
  for (const [name, value] of given) {
    const lower = name.toLowerCase();
    if (!TOKEN.test(name) || /[\r\n\0]/.test(value)) {
      throw new HttpFailure('invalid', httpMessages.badHeader(name), 'request');
    }
    if (FRAMING.has(lower) || (lower === 'host' && names.has('host'))) continue;
    // Node writes header strings as Latin-1: non-ASCII text goes as its UTF-8 bytes, as Postman sends it.
    headers.push([name, /[^\x20-\x7e\t]/.test(value) ? Buffer.from(value, 'utf8').toString('latin1') : value]);
    names.add(lower);
  }
  if (authorization && !names.has('authorization')) headers.push(['authorization', authorization]);
  for (const pair of DEFAULT_HEADERS) if (!names.has(pair[0])) headers.push(pair);
  return headers;
}

function headerOf(headers: [string, string][], name: string): string | undefined {
  return headers.find(([key]) => key.toLowerCase() === name)?.[1];
}

/**
 * The runner's HTTP client: node:http and node:https with keep-alive pools, redirects followed by hand and
 * re-checked, the body bounded on the wire and after decompression, one deadline for the whole exchange. With
 * `allowPrivate: false` (the server) every connection opens only to an address the guard allowed (see
 * connector.ts); requests under an `alwaysAllowed` prefix go through agents of their own that connect to exactly
 * that origin. (Node's own http rather than undici: undici's HTTP parser is WebAssembly, and compiling and
 * running it cost the CLI ~40 MB more than node:http's for the same requests: docs/benchmarks.md.)
 */
export function createHttpClient(
  policy: HttpPolicy,
  limits: Pick<RunLimits, 'maxRedirects' | 'responseMaxBytes'>,
): HttpClient {
  const prefixes = prefixesOf(policy.alwaysAllowed);
  const allowedNetworks = policy.allowedNetworks ?? [];
  const agents = policyAgents(policy);
  let direct: Agents | undefined;
  const maxBytes = limits.responseMaxBytes;

  const agentsFor = (url: URL) => {
    if (underPrefix(url, prefixes)) {
      direct ??= directAgents(policy);
      return direct;
    }
    // Address literals are refused before anything is queued; names are checked when their connection opens.
    if (!policy.allowPrivate && isLiteralHost(url) && !isPublicAddress(bareHost(url), allowedNetworks)) {
      throw refusal.notPublic(url.hostname);
    }
    return agents;
  };

  async function follow(request: PreparedRequest, deadline: Deadline) {
    let target: Target = parseTarget(request.url);
    let hop: HopRequest = {
      url: target.url,
      // Methods are case-sensitive on the wire; what people type (`get`) means the standard one, as in Postman.
      method: request.method.toUpperCase(),
      headers: [],
      body: request.body,
    };
    let headers = headersOf(request.headers, target.authorization);
    for (let redirects = 0; ; redirects++) {
      hop.headers = headers.flat();
      const response = await exchange(agentsFor(hop.url), hop, maxBytes, deadline);
      const location = REDIRECTS.has(response.status) ? headerOf(response.headers, 'location') : undefined;
      if (location === undefined || limits.maxRedirects <= 0) return { hop, response };
      if (redirects >= limits.maxRedirects) {
        throw new HttpFailure('network', httpMessages.redirects(limits.maxRedirects), 'redirects', hop.url.host);
      }
      const from = hop.url;
      target = parseTarget(location, from.href);
      const toGet = response.status !== 307 && response.status !== 308 && hop.method !== 'HEAD';
      headers = headers.filter(([name]) => {
        const lower = name.toLowerCase();
        if (toGet && BODY_HEADERS.has(lower)) return false;
        if (target.url.origin !== from.origin && (CREDENTIAL_HEADERS.has(lower) || lower === 'host')) return false;
        return !(target.authorization && lower === 'authorization');
      });
      if (target.authorization) headers.push(['authorization', target.authorization]);
      hop = { url: target.url, method: toGet ? 'GET' : hop.method, headers: [], body: toGet ? undefined : hop.body };
    }
  }

  return {
    async send(request) {
      const started = performance.now();
      const deadline = new Deadline(request.timeoutMs);
      try {
        const { hop, response } = await follow(request, deadline);
        const raw = await decodeContent(response.body, headerOf(response.headers, 'content-encoding'), maxBytes);
        if (deadline.expired) throw deadline.error;
        const { text, encoding } = bodyText(raw, headerOf(response.headers, 'content-type'));
        const result: HttpResponse = {
          status: response.status,
          statusText: response.statusText || STATUS_CODES[response.status] || '',
          headers: response.headers,
          body: text,
          bodyEncoding: encoding,
          size: raw.byteLength,
          timings: { totalMs: performance.now() - started, firstByteMs: response.firstByteAt - started },
          raw: new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength),
          url: hop.url.href,
        };
        return result;
      } finally {
        deadline.clear();
      }
    },
    async close() {
      // Destroy rather than wait: nothing is in flight once a run ends, and a connection still opening is not waited for.
      agents.destroy();
      direct?.destroy();
    },
  };
}

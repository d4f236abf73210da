import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { DomainError, invalid } from '@pmbok/infra';
import ipaddr from 'ipaddr.js';

/** docs/api/publishing.md: a URL source is read within 10 s, at most 20 MB, following at most 3 redirects. */
export const FETCH_LIMITS = { timeoutMs: 10_000, maxBytes: 20 * 1024 * 1024, maxRedirects: 3 };

export const fetchMessages = {
  badUrl: '导入地址格式不正确',
  badScheme: '只能从 http 或 https 地址导入',
  credentials: '导入地址不能包含用户名或密码',
  notPublic: (host: string) => `不能从内网、本机或云服务元数据地址导入：${host}`,
  unresolved: (host: string) => `无法解析导入地址的域名：${host}`,
  timeout: '导入地址超过 10 秒未完成响应',
  tooLarge: '导入地址的内容超过 20 MB',
  tooManyRedirects: '导入地址重定向超过 3 次',
  status: (status: number) => `导入地址返回 HTTP ${status}`,
  failed: '无法读取导入地址，请检查地址是否可以公开访问',
} as const;

export interface FetchOptions {
  /**
   * Networks (CIDR) an operator lets imports reach although they are not public, e.g. an intranet's API gateway.
   * Empty by default: only public unicast addresses.
   */
  allowedNetworks?: string[];
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** The resolver, replaceable in tests to point a public-looking name at a given address. */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
}

export interface FetchedSource {
  text: string;
  /** The last URL (after redirects), whose file name names the source. */
  url: string;
  contentType: string;
}

type Parsed = ipaddr.IPv4 | ipaddr.IPv6;

/** The networks of `PMBOK_IMPORT_ALLOWED_NETWORKS` (comma-separated CIDRs); malformed entries are ignored. */
export function allowedNetworksOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => {
      try {
        ipaddr.parseCIDR(entry);
        return true;
      } catch {
        return false;
      }
    });
}

/**
 * Whether an address may be fetched: only what ipaddr.js calls plain `unicast` (so loopback, private, link-local
 * with the 169.254.169.254 metadata service, CGNAT with 100.100.100.200, ULA, multicast, reserved and the IPv6
 * forms that embed an IPv4 address are refused), or an address inside a network the operator allowed.
 */
export function isFetchableAddress(address: string, allowedNetworks: readonly string[] = []): boolean {
  let parsed: Parsed;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return false;
  }
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  for (const network of allowedNetworks) {
    const [range, bits] = ipaddr.parseCIDR(network);
    if (range.kind() === parsed.kind() && parsed.match(range, bits)) return true;
  }
  return parsed.range() === 'unicast';
}

const defaultResolve = (hostname: string) => dnsLookup(hostname, { all: true, verbatim: true });

/** The URL checked for shape: http(s), no credentials. */
function checkUrl(value: string, base?: string): URL {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    throw invalid(fetchMessages.badUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid(fetchMessages.badScheme);
  if (url.username || url.password) throw invalid(fetchMessages.credentials);
  return url;
}

/** Resolves the host once and checks every address; the request then connects to the first, and only to it. */
async function pinnedAddress(url: URL, options: FetchOptions): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const allowed = options.allowedNetworks ?? [];
  if (ipaddr.isValid(host)) {
    if (!isFetchableAddress(host, allowed)) throw invalid(fetchMessages.notPublic(url.hostname));
    return { address: host, family: host.includes(':') ? 6 : 4 };
  }
  let addresses: { address: string; family: number }[];
  try {
    addresses = await (options.resolve ?? defaultResolve)(host);
  } catch {
    throw invalid(fetchMessages.unresolved(host));
  }
  if (addresses.length === 0) throw invalid(fetchMessages.unresolved(host));
  // A name with any private address is refused outright: a resolver answering both could be rebinding.
  if (addresses.some((entry) => !isFetchableAddress(entry.address, allowed))) {
    throw invalid(fetchMessages.notPublic(host));
  }
  return addresses[0]!;
}

type Step = { redirect: string } | { source: FetchedSource };

function requestOnce(url: URL, pinned: { address: string; family: number }, signal: AbortSignal, maxBytes: number) {
  // The socket connects to the checked address whatever the name resolves to by now (no DNS rebinding).
  const lookup = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  }) as unknown as LookupFunction;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Step>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'GET',
        lookup,
        signal,
        agent: false,
        headers: { accept: 'application/json, application/yaml, text/yaml, */*', 'accept-encoding': 'identity' },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          resolve({ redirect: response.headers.location });
          return;
        }
        if (status < 200 || status >= 300) {
          response.resume();
          reject(invalid(fetchMessages.status(status)));
          return;
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          response.destroy();
          reject(invalid(fetchMessages.tooLarge));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            reject(invalid(fetchMessages.tooLarge));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            source: {
              text: Buffer.concat(chunks).toString('utf8'),
              url: url.toString(),
              contentType: String(response.headers['content-type'] ?? ''),
            },
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/**
 * Reads a URL the way an import may: public addresses only (checked for every redirect, the connection pinned to
 * the checked address), within the time and size limits. Every refusal is `invalid(...)` with a Chinese message.
 */
export async function fetchImportSource(value: string, options: FetchOptions = {}): Promise<FetchedSource> {
  const timeoutMs = options.timeoutMs ?? FETCH_LIMITS.timeoutMs;
  const maxBytes = options.maxBytes ?? FETCH_LIMITS.maxBytes;
  const maxRedirects = options.maxRedirects ?? FETCH_LIMITS.maxRedirects;
  const signal = AbortSignal.timeout(timeoutMs);
  let url = checkUrl(value.trim());
  for (let redirects = 0; ; redirects++) {
    const pinned = await pinnedAddress(url, options);
    let step: Step;
    try {
      step = await requestOnce(url, pinned, signal, maxBytes);
    } catch (error) {
      if (signal.aborted) throw invalid(fetchMessages.timeout);
      if (error instanceof DomainError) throw error;
      throw invalid(fetchMessages.failed);
    }
    if ('source' in step) return step.source;
    if (redirects >= maxRedirects) throw invalid(fetchMessages.tooManyRedirects);
    url = checkUrl(step.redirect, url.toString());
  }
}

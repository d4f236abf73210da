import { isIP } from 'node:net';
import { HttpFailure, httpMessages } from './errors.js';

/** A URL ready to be requested: normalized, http(s), credentials taken out. */
export interface Target {
  url: URL;
  /** `Basic …` from the URL's `user:pass@`, as Postman sends it. */
  authorization?: string;
}

/**
 * Parses with WHATWG URL, which normalizes what a guard must not be fooled by: `2130706433`, `0x7f000001`,
 * `0177.0.0.1` and `127.1` become `127.0.0.1`, full-width digits and percent-escapes in hosts are decoded, and
 * `..` and `%2e%2e` segments are resolved.
 */
export function parseTarget(value: string, base?: string): Target {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    throw new HttpFailure('invalid', httpMessages.badUrl(value), 'url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new HttpFailure('invalid', httpMessages.scheme, 'scheme');
  }
  if (!url.username && !url.password) return { url };
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  };
  const credentials = `${decode(url.username)}:${decode(url.password)}`;
  url.username = '';
  url.password = '';
  return { url, authorization: `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}` };
}

/** The host of a URL as the guard and the connection see it: an IPv6 literal without brackets. */
export function bareHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

export function isLiteralHost(url: URL): boolean {
  return isIP(bareHost(url)) !== 0;
}

interface Prefix {
  origin: string;
  path: string;
}

/** `policy.alwaysAllowed`, normalized like the requests they are compared with; malformed entries are ignored. */
export function prefixesOf(values: readonly string[] = []): Prefix[] {
  const prefixes: Prefix[] = [];
  for (const value of values) {
    try {
      const url = new URL(value);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      prefixes.push({ origin: url.origin, path: url.pathname });
    } catch {
      // Not a URL: nothing is allowed by it.
    }
  }
  return prefixes;
}

/**
 * Whether a (normalized) URL lies under one of the prefixes: same origin, and the path equal to the prefix's or
 * below it by whole segments. A path with an encoded slash or backslash never matches, since a server that decodes
 * it would see other segments than the ones compared here.
 */
export function underPrefix(url: URL, prefixes: readonly Prefix[]): boolean {
  if (prefixes.length === 0 || /%2f|%5c/i.test(url.pathname)) return false;
  return prefixes.some(({ origin, path }) => {
    if (url.origin !== origin) return false;
    if (path.endsWith('/')) return url.pathname.startsWith(path);
    return url.pathname === path || url.pathname.startsWith(`${path}/`);
  });
}

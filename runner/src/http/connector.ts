import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { buildConnector } from 'undici';
import type { HttpPolicy } from '../ports.js';
import { isPublicAddress } from './address.js';
import { refusal } from './errors.js';

type Resolver = NonNullable<HttpPolicy['resolve']>;

const systemResolve: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/** How long a TCP (and TLS) connection may take to open; the request's own deadline may end it sooner. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The `lookup` handed to `net.connect` for names: it resolves, refuses the name when any of its addresses is not
 * allowed (a resolver answering a public and a private address may be rebinding), and gives the socket only the
 * addresses it checked. It runs for every new connection, so a name that resolves to a public address first and to
 * a private one later is refused on the connection that would reach the private one.
 */
function checkedLookup(resolve: Resolver, allowedNetworks: readonly string[] | undefined): LookupFunction {
  const lookup = (hostname: string, options: LookupOptions, callback: (...args: unknown[]) => void) => {
    resolve(hostname).then(
      (found) => {
        if (allowedNetworks) {
          const refused = found.find((entry) => !isPublicAddress(entry.address, allowedNetworks));
          if (refused) return callback(refusal.notPublic(hostname, refused.address));
        }
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable: LookupAddress[] = family ? found.filter((entry) => entry.family === family) : found;
        if (usable.length === 0) return callback(refusal.unresolved(hostname));
        if (options.all) return callback(null, usable);
        return callback(null, usable[0]!.address, usable[0]!.family);
      },
      () => callback(refusal.unresolved(hostname)),
    );
  };
  return lookup as unknown as LookupFunction;
}

/**
 * The connect function of a client's undici Agent. With `allowPrivate: false` an address literal (after
 * `resolveOverrides`) is checked here and a name by `checkedLookup`, so every connection, redirects and pooled
 * reconnections included, opens only to an allowed address. `resolveOverrides` changes where the socket goes, not
 * the Host header or the TLS server name (as curl's --resolve).
 */
export function policyConnector(policy: HttpPolicy): buildConnector.connector {
  const allowedNetworks = policy.allowPrivate ? undefined : (policy.allowedNetworks ?? []);
  const lookup =
    allowedNetworks || policy.resolve ? checkedLookup(policy.resolve ?? systemResolve, allowedNetworks) : undefined;
  const base = buildConnector({
    rejectUnauthorized: !policy.insecure,
    timeout: CONNECT_TIMEOUT_MS,
    ...(lookup ? { lookup } : {}),
  });
  const overrides = new Map(
    Object.entries(policy.resolveOverrides ?? {}).map(([key, address]) => [
      key.toLowerCase(),
      address.replace(/^\[(.*)\]$/, '$1'),
    ]),
  );
  return (options, callback) => {
    const port = options.port || (options.protocol === 'https:' ? '443' : '80');
    const name = options.hostname.toLowerCase();
    const hostname = overrides.get(`${name}:${port}`) ?? overrides.get(`[${name}]:${port}`) ?? options.hostname;
    if (allowedNetworks && isIP(hostname) && !isPublicAddress(hostname, allowedNetworks)) {
      callback(refusal.notPublic(options.hostname, hostname), null);
      return;
    }
    base({ ...options, hostname }, callback);
  };
}

/** The connect function for `alwaysAllowed` prefixes: exactly the URL's host and port, no overrides, no checks. */
export function directConnector(policy: HttpPolicy): buildConnector.connector {
  return buildConnector({ rejectUnauthorized: !policy.insecure, timeout: CONNECT_TIMEOUT_MS });
}

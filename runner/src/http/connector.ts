import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { type AgentOptions, type ClientRequestArgs, Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { HttpPolicy } from '../ports.js';
import { isPublicAddress } from './address.js';
import { HttpFailure, httpMessages, refusal } from './errors.js';

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
 * An idle pooled connection is closed after this (sooner when the server's `Keep-Alive: timeout=` says so, less a
 * second): a server closes its idle connections too, and a request must not be written to one it is closing.
 */
const IDLE_TIMEOUT_MS = 4_000;

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

/** What an agent hands its `createConnection`: the request's host and port, TLS options for https. */
type ConnectOptions = ClientRequestArgs & { servername?: string };
type Created = (error: Error | null, socket: Duplex) => void;

/** Where a new connection goes, or why it may not open; undefined leaves the options as they are. */
type Route = (options: ConnectOptions, https: boolean) => { host?: string; lookup?: LookupFunction } | HttpFailure;

type CreateConnection = (options: ConnectOptions) => Socket;

/**
 * Opens a connection through `open` (the agent's own: net.connect, or tls.connect with its session cache) after
 * `route` said where; a refusal reaches the request as its error without any socket opened, and a connection that
 * has not opened within CONNECT_TIMEOUT_MS is ended.
 */
function guardedConnection(
  open: CreateConnection,
  route: Route,
  https: boolean,
  options: ConnectOptions,
  callback: Created | undefined,
): Socket | undefined {
  const routed = route(options, https);
  if (routed instanceof HttpFailure) {
    // The agent hears of it as of a socket that failed to open: the request's error, nothing pooled.
    if (!callback) throw routed;
    process.nextTick(() => callback(routed, undefined as never));
    return undefined;
  }
  const socket = open({ ...options, ...routed });
  const host = `${options.host ?? options.hostname}:${options.port}`;
  const timer = setTimeout(
    () => socket.destroy(new HttpFailure('network', httpMessages.failed(`连接 ${host} 超时`), 'network', host)),
    CONNECT_TIMEOUT_MS,
  );
  timer.unref();
  const opened = () => clearTimeout(timer);
  socket.once(https ? 'secureConnect' : 'connect', opened);
  socket.once('close', opened);
  return socket;
}

class GuardedHttpAgent extends HttpAgent {
  constructor(
    options: AgentOptions,
    private readonly route: Route,
  ) {
    super(options);
  }

  override createConnection(options: ConnectOptions, callback?: Created) {
    const open = (routed: ConnectOptions) => super.createConnection(routed) as Socket;
    return guardedConnection(open, this.route, false, options, callback);
  }
}

class GuardedHttpsAgent extends HttpsAgent {
  constructor(
    options: AgentOptions & { rejectUnauthorized: boolean },
    private readonly route: Route,
  ) {
    super(options);
  }

  override createConnection(options: ConnectOptions, callback?: Created) {
    const open = (routed: ConnectOptions) => super.createConnection(routed) as Socket;
    return guardedConnection(open, this.route, true, options, callback);
  }
}

/** A client's keep-alive pools, one per scheme. */
export interface Agents {
  http: HttpAgent;
  https: HttpsAgent;
  destroy(): void;
}

function agentsOf(route: Route, policy: HttpPolicy): Agents {
  const pooled: AgentOptions = { keepAlive: true, timeout: IDLE_TIMEOUT_MS, scheduling: 'lifo' };
  const http = new GuardedHttpAgent(pooled, route);
  const https = new GuardedHttpsAgent({ ...pooled, rejectUnauthorized: !policy.insecure }, route);
  return {
    http,
    https,
    destroy() {
      http.destroy();
      https.destroy();
    },
  };
}

/**
 * The agents of a client. With `allowPrivate: false` an address literal (after `resolveOverrides`) is checked as its
 * connection opens and a name by `checkedLookup`, so every connection, redirects and pooled reconnections included,
 * opens only to an allowed address. `resolveOverrides` changes where the socket goes, not the Host header or the TLS
 * server name (as curl's --resolve).
 */
export function policyAgents(policy: HttpPolicy): Agents {
  const allowedNetworks = policy.allowPrivate ? undefined : (policy.allowedNetworks ?? []);
  const lookup =
    allowedNetworks || policy.resolve ? checkedLookup(policy.resolve ?? systemResolve, allowedNetworks) : undefined;
  const overrides = new Map(
    Object.entries(policy.resolveOverrides ?? {}).map(([key, address]) => [
      key.toLowerCase(),
      address.replace(/^\[(.*)\]$/, '$1'),
    ]),
  );
  return agentsOf((options, https) => {
    const given = String(options.host ?? options.hostname ?? '');
    const port = String(options.port || (https ? 443 : 80));
    const name = given.toLowerCase();
    const host = overrides.get(`${name}:${port}`) ?? overrides.get(`[${name}]:${port}`) ?? given;
    if (allowedNetworks && isIP(host) && !isPublicAddress(host, allowedNetworks)) {
      return refusal.notPublic(given, host);
    }
    return { host, ...(lookup ? { lookup } : {}) };
  }, policy);
}

/** The agents for `alwaysAllowed` prefixes: exactly the URL's host and port, no overrides, no checks. */
export function directAgents(policy: HttpPolicy): Agents {
  return agentsOf(() => ({}), policy);
}

import { setMaxListeners } from 'node:events';
import { type Client, type CompatServiceDefinition, createChannel, createClientFactory } from 'nice-grpc';
import { HealthDefinition } from 'nice-grpc-server-health';
import { inProcessClient } from './inProcess.js';
import { clientWatch } from './observe.js';
import { GRPC_MESSAGE_LIMITS } from './server.js';
import { type ClientWatch, clientMiddleware, nested } from './watch.js';

/** How far apart the deadlines of calls may be and still share one signal. */
const DEADLINE_GRAIN_MS = 100;

/**
 * Deadline signals shared by the calls whose deadlines fall in the same `DEADLINE_GRAIN_MS`: a call's deadline is at
 * least its timeout and at most one grain later. One AbortController and one timer per grain and timeout instead of
 * one per call: creating them was a few per cent of a small read's CPU (issue 24), and an `AbortSignal.timeout` per
 * call used to leave a timer that fired seconds later to abort a signal nobody listened to
 * (docs/adr/0017-request-path-idle-time.md). A finished call removes its listeners (nice-grpc's network client and
 * the in-process transport both do), so the shared signal fires at its time for the calls still running only.
 */
class DeadlineSignals {
  private at = 0;
  private controller: AbortController | undefined;

  constructor(private readonly timeoutMs: number) {}

  signal(): AbortSignal {
    const at = Math.ceil((Date.now() + this.timeoutMs) / DEADLINE_GRAIN_MS) * DEADLINE_GRAIN_MS;
    if (this.controller && at === this.at) return this.controller.signal;
    const controller = new AbortController();
    // Every call in flight in this grain listens to it: as many as there are calls, not a leak.
    setMaxListeners(0, controller.signal);
    const timer = setTimeout(
      () => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
      at - Date.now(),
    );
    // Like AbortSignal.timeout's timer, this one does not keep the process alive on its own.
    timer.unref();
    this.at = at;
    this.controller = controller;
    return controller.signal;
  }
}

const unchanged = (error?: unknown) => error;

/** Every call gets a deadline unless the caller passes its own signal. */
export function deadlineWatch(timeoutMs: number): ClientWatch {
  const deadlines = new DeadlineSignals(timeoutMs);
  return (_path, options) => ({
    options: options.signal ? options : { ...options, signal: deadlines.signal() },
    end: unchanged,
  });
}

/** The deadline as nice-grpc middleware. */
export const withDeadline = (timeoutMs: number) => clientMiddleware(deadlineWatch(timeoutMs));

export interface ServiceConnection<D extends CompatServiceDefinition> {
  client: Client<D>;
  health: Client<typeof HealthDefinition>;
  close(): void;
}

export function connectService<D extends CompatServiceDefinition>(
  definition: D,
  address: string,
  timeoutMs = 4_500,
  /** Who calls (`gateway`, a service's name): the component its client spans belong to. */
  caller = 'gateway',
): ServiceConnection<D> {
  // Lazy: a channel connects on its first call, which never comes while the server is in this process.
  const channel = createChannel(address, undefined, GRPC_MESSAGE_LIMITS);
  // Metrics and the client span outside the deadline, so that a call's time includes waiting for it.
  const watch = nested(clientWatch(caller), deadlineWatch(timeoutMs));
  const middleware = clientMiddleware(watch);
  const factory = createClientFactory().use(middleware);
  const definitionOf = definition as unknown as Parameters<typeof inProcessClient>[0];
  const bare = createClientFactory();
  return {
    client: inProcessClient(
      definitionOf,
      address,
      { network: factory.create(definition, channel), bare: bare.create(definition, channel) },
      watch,
    ),
    health: inProcessClient(
      HealthDefinition,
      address,
      { network: factory.create(HealthDefinition, channel), bare: bare.create(HealthDefinition, channel) },
      watch,
    ),
    close: () => channel.close(),
  };
}

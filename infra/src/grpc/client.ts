import {
  type CallOptions,
  type Client,
  type ClientMiddlewareCall,
  type CompatServiceDefinition,
  composeClientMiddleware,
  createChannel,
  createClientFactory,
} from 'nice-grpc';
import { HealthDefinition } from 'nice-grpc-server-health';
import { inProcessClient } from './inProcess.js';
import { observeClient } from './observe.js';
import { GRPC_MESSAGE_LIMITS } from './server.js';

/**
 * Every call gets a deadline unless the caller passes its own signal. The deadline's timer is cleared when the call
 * settles: `AbortSignal.timeout` cannot be cleared, so every finished call used to leave a timer that fired seconds
 * later only to abort a signal nobody listened to (a DOMException and an Event per call, three calls per
 * `getUserInfo`: docs/adr/0017-request-path-idle-time.md).
 */
export function withDeadline(timeoutMs: number) {
  return async function* <Req, Res>(call: ClientMiddlewareCall<Req, Res>, options: CallOptions) {
    if (options.signal) return yield* call.next(call.request, options);
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
      timeoutMs,
    );
    // Like AbortSignal.timeout's timer, this one does not keep the process alive on its own.
    timer.unref();
    try {
      return yield* call.next(call.request, { ...options, signal: controller.signal });
    } finally {
      clearTimeout(timer);
    }
  };
}

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
  const middleware = composeClientMiddleware(observeClient(caller), withDeadline(timeoutMs));
  const factory = createClientFactory().use(middleware);
  const definitionOf = definition as unknown as Parameters<typeof inProcessClient>[0];
  const bare = createClientFactory();
  return {
    client: inProcessClient(
      definitionOf,
      address,
      { network: factory.create(definition, channel), bare: bare.create(definition, channel) },
      middleware,
    ),
    health: inProcessClient(
      HealthDefinition,
      address,
      { network: factory.create(HealthDefinition, channel), bare: bare.create(HealthDefinition, channel) },
      middleware,
    ),
    close: () => channel.close(),
  };
}

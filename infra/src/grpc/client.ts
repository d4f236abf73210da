import {
  type CallOptions,
  type Client,
  type ClientMiddlewareCall,
  type CompatServiceDefinition,
  createChannel,
  createClientFactory,
} from 'nice-grpc';
import { HealthDefinition } from 'nice-grpc-server-health';
import { GRPC_MESSAGE_LIMITS } from './server.js';

/** Every call gets a deadline unless the caller passes its own signal. */
function withDeadline(timeoutMs: number) {
  return async function* <Req, Res>(call: ClientMiddlewareCall<Req, Res>, options: CallOptions) {
    return yield* call.next(call.request, { ...options, signal: options.signal ?? AbortSignal.timeout(timeoutMs) });
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
): ServiceConnection<D> {
  const channel = createChannel(address, undefined, GRPC_MESSAGE_LIMITS);
  const factory = createClientFactory().use(withDeadline(timeoutMs));
  return {
    client: factory.create(definition, channel),
    health: factory.create(HealthDefinition, channel),
    close: () => channel.close(),
  };
}

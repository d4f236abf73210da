import { AbortError, isAbortError } from 'abort-controller-x';
import {
  type CallContext,
  type CallOptions,
  ClientError,
  type Metadata,
  type MethodDescriptor,
  ServerError,
  Status,
  type TsProtoServiceDefinition,
} from 'nice-grpc';
import { CallMetadata } from './metadata.js';
import { type ClientWatch, clientMiddleware, type ServerWatch, serverMiddleware, watched } from './watch.js';

/**
 * The in-process transport (docs/adr/0019-in-process-transport.md). A gRPC server registers its handlers here under
 * its address; a client in the same process whose address names a registered server calls the handlers directly,
 * through the same client and server middleware (metrics, spans, deadlines, error mapping), with each message copied
 * through its type (`fromPartial`: the known fields only, defaults filled, nested messages and lists copied), so a
 * handler sees the message it would get over the wire and the caller the answer or `ClientError`. Only HTTP/2 and the socket are left out. A server that stopped is no longer registered and
 * its callers fall back to the network, which fails the way a stopped server does.
 */

interface Codec {
  path: string;
  descriptor: MethodDescriptor;
  /** The message as the other side gets it: a copy of its own, as the wire would give (ADR 21). */
  copyRequest(value: unknown): unknown;
  copyResponse(value: unknown): unknown;
}

interface MessageType {
  encode(value: unknown): { finish(): Uint8Array };
  decode(bytes: Uint8Array): unknown;
  fromPartial?(value: unknown): unknown;
}

/**
 * ts-proto's `fromPartial` builds a new message from the known fields, defaults filled, nested messages, lists and
 * maps copied: what decoding the encoded message gives, for the values pmbok's types allow, at about a sixtieth of
 * the cost (a page of 20 tasks: 1 µs against 65 µs). A type without it takes the wire's encoding.
 */
const copier = (type: MessageType) =>
  type.fromPartial ? type.fromPartial.bind(type) : (value: unknown) => type.decode(type.encode(value).finish());

type Unary = (request: unknown, context: CallContext) => Promise<unknown>;
type Streamed = (request: unknown, context: CallContext) => AsyncGenerator<unknown, unknown, undefined>;

interface Registered {
  unary: Map<string, Unary>;
  streams: Map<string, Streamed>;
  inFlight: number;
  settled?: () => void;
}

const servers = new Map<string, Registered>();

/** Off with `PMBOK_GRPC_TRANSPORT=network`: every call then takes loopback gRPC, as separate processes do. */
const enabled = () => process.env.PMBOK_GRPC_TRANSPORT !== 'network';

function codecsOf(definition: TsProtoServiceDefinition & { fullName: string }): Map<string, Codec> {
  const codecs = new Map<string, Codec>();
  for (const [key, method] of Object.entries(definition.methods)) {
    const path = `/${definition.fullName}/${method.name}`;
    const { requestType: req, responseType: res } = method;
    codecs.set(key, {
      path,
      descriptor: {
        path,
        requestStream: method.requestStream,
        responseStream: method.responseStream,
        options: method.options ?? {},
      },
      copyRequest: copier(req as MessageType),
      copyResponse: copier(res as MessageType),
    });
  }
  return codecs;
}

/**
 * Registers a listening server's services under its address, with what its middleware does (`watch`): around a
 * unary call directly, and as nice-grpc middleware around a stream.
 */
export function registerInProcess(
  address: string,
  services: { definition: TsProtoServiceDefinition & { fullName: string }; implementation: unknown }[],
  watch: ServerWatch,
): () => Promise<void> {
  const middleware = serverMiddleware(watch);
  const unary = new Map<string, Unary>();
  const streams = new Map<string, Streamed>();
  for (const { definition, implementation } of services) {
    const methods = implementation as Record<string, (request: unknown, context: CallContext) => unknown>;
    for (const [key, codec] of codecsOf(definition)) {
      const method = methods[key]?.bind(implementation);
      if (!method || codec.descriptor.requestStream) continue;
      if (!codec.descriptor.responseStream) {
        unary.set(codec.path, async (request, context) => {
          const answer = await watched(watch(codec.path, context), async (given) => method(request, given));
          if (answer == null) throw new Error('A middleware returned void, but expected to return a message');
          return answer;
        });
        continue;
      }
      const next = async function* (request: unknown, context: CallContext) {
        yield* method(request, context) as AsyncIterable<unknown>;
      };
      streams.set(codec.path, (request, context) =>
        middleware(
          { method: codec.descriptor, requestStream: false, request, responseStream: true, next: next as never },
          context,
        ),
      );
    }
  }
  const entry: Registered = { unary, streams, inFlight: 0 };
  servers.set(address, entry);
  // Unregistered first, so that new calls go to the network (and fail like calls to a stopped server); then the
  // calls already running finish, as a gRPC server's shutdown lets them.
  return async () => {
    if (servers.get(address) === entry) servers.delete(address);
    if (entry.inFlight > 0) await new Promise<void>((resolve) => (entry.settled = resolve));
  };
}

/** What a server's failure looks like to a gRPC client: the same code and details the network would carry. */
function asClientError(path: string, error: unknown): unknown {
  if (error instanceof ServerError) return new ClientError(path, error.code, error.details);
  if (isAbortError(error)) return new ClientError(path, Status.CANCELLED, 'The operation was cancelled');
  return new ClientError(path, Status.UNKNOWN, 'Unknown server error occurred');
}

const never = new AbortController().signal;
const noop = () => {};

/** What a handler is given; header and trailer are made when a handler touches them (none of pmbok's does). */
class HandlerContext implements CallContext {
  // A copy, as the wire makes one: a handler never shares the caller's object.
  readonly metadata: Metadata;
  readonly peer = 'in-process';
  readonly sendHeader = noop;
  private madeHeader: Metadata | undefined;
  private madeTrailer: Metadata | undefined;

  constructor(
    metadata: Metadata | undefined,
    readonly signal: AbortSignal,
  ) {
    this.metadata = CallMetadata.copyOf(metadata);
  }

  get header(): Metadata {
    this.madeHeader ??= new CallMetadata();
    return this.madeHeader;
  }

  get trailer(): Metadata {
    this.madeTrailer ??= new CallMetadata();
    return this.madeTrailer;
  }
}

/**
 * The handler's context. A unary handler shares its caller's signal (aborted by the caller's deadline or cancel, which
 * is all that aborts it); a stream gets a signal of its own, aborted also when its caller stops reading.
 */
function serverContext(
  options: CallOptions,
  ownSignal: boolean,
): { context: CallContext; abort(): void; release(): void } {
  const context = (signal: AbortSignal): CallContext => new HandlerContext(options.metadata, signal);
  const signal = options.signal;
  if (!ownSignal) return { context: context(signal ?? never), abort: noop, release: noop };
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal?.addEventListener('abort', abort, { once: true });
  return { context: context(controller.signal), abort, release: () => signal?.removeEventListener('abort', abort) };
}

function enter(entry: Registered): () => void {
  entry.inFlight += 1;
  return () => {
    entry.inFlight -= 1;
    if (entry.inFlight === 0) entry.settled?.();
  };
}

/**
 * A client whose methods call the server registered at `address` in this process, or `network`'s methods when there
 * is none (another process, or a stopped server). The middleware is the client factory's, applied to both.
 */
export function inProcessClient<C>(
  definition: TsProtoServiceDefinition & { fullName: string },
  address: string,
  /** The network client with the middleware, and the same without it (the fallback runs inside ours). */
  { network, bare }: { network: C; bare: C },
  /** What the client's middleware does: around a unary call directly, as nice-grpc middleware around a stream. */
  watch: ClientWatch,
): C {
  if (!enabled()) return network;
  const middleware = clientMiddleware(watch);
  const client: Record<string, unknown> = {};
  type Methods = Record<string, (request: unknown, options?: CallOptions) => unknown>;
  for (const [key, codec] of codecsOf(definition)) {
    const networkMethod = (bare as Methods)[key]?.bind(bare);
    if (!networkMethod) continue;
    if (codec.descriptor.requestStream) {
      client[key] = (network as Methods)[key]?.bind(network);
      continue;
    }
    const call = (request: unknown, options: CallOptions, next: (r: never, o: CallOptions) => AsyncGenerator) =>
      middleware(
        {
          method: codec.descriptor,
          requestStream: false,
          request,
          responseStream: codec.descriptor.responseStream,
          next: next as never,
        },
        options,
      );
    if (codec.descriptor.responseStream) {
      const streamed = async function* (request: unknown, options: CallOptions) {
        const entry = servers.get(address);
        const handler = entry?.streams.get(codec.path);
        if (!entry || !handler) return yield* networkMethod(request, options) as AsyncIterable<unknown>;
        const leave = enter(entry);
        const server = serverContext(options, true);
        const answers = handler(codec.copyRequest(request), server.context);
        try {
          for (;;) {
            const step = await abortable(options.signal, answers.next(), server.abort);
            if (step.done) return;
            yield codec.copyResponse(step.value);
          }
        } catch (error) {
          // The caller's own abort (its deadline) rejects with the signal's reason, as nice-grpc's network client does.
          throw options.signal?.aborted ? error : asClientError(codec.path, error);
        } finally {
          server.abort();
          server.release();
          await answers.return(undefined).catch(() => {});
          leave();
        }
      };
      client[key] = (request: unknown, options: CallOptions = {}) => call(request, options, streamed as never);
      continue;
    }
    const unary = async (request: unknown, options: CallOptions) => {
      const entry = servers.get(address);
      const handler = entry?.unary.get(codec.path);
      if (!entry || !handler) return await networkMethod(request, options);
      const server = serverContext(options, false);
      try {
        const work = handler(codec.copyRequest(request), server.context);
        // In flight until the handler settles, even when its caller gave up on it.
        const leave = enter(entry);
        work.then(leave, leave);
        const answer = await abortable(options.signal, work, server.abort);
        return codec.copyResponse(answer);
      } catch (error) {
        // The caller's own abort (its deadline) rejects with the signal's reason, as nice-grpc's network client does.
        throw options.signal?.aborted ? error : asClientError(codec.path, error);
      } finally {
        server.release();
      }
    };
    client[key] = (request: unknown, options: CallOptions = {}) =>
      watched(watch(codec.path, options), (given) => unary(request, given));
  }
  return client as C;
}

/** Per signal, the calls waiting on it. */
const waiting = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * One listener per signal, not one per call: calls share their deadline's signal (client.ts), and adding and removing
 * an EventTarget listener for every call was a few per cent of a small read's CPU (issue 24).
 */
function whenAborted(signal: AbortSignal, listener: () => void): () => void {
  let listeners = waiting.get(signal);
  if (!listeners) {
    const all = new Set<() => void>();
    listeners = all;
    waiting.set(signal, all);
    signal.addEventListener(
      'abort',
      () => {
        for (const each of [...all]) each();
        all.clear();
      },
      { once: true },
    );
  }
  const own = listeners;
  own.add(listener);
  return () => own.delete(listener);
}

/** Settles with `work`, or rejects with the signal's reason as soon as the caller's signal aborts (the call's cancel). */
function abortable<T>(signal: AbortSignal | undefined, work: Promise<T>, cancel: () => void): Promise<T> {
  if (!signal) return work;
  // The handler's failure after its caller gave up is nobody's to handle.
  work.catch(() => {});
  if (signal.aborted) return Promise.reject(signal.reason ?? new AbortError());
  return new Promise<T>((resolve, reject) => {
    const forget = whenAborted(signal, () => {
      cancel();
      reject(signal.reason ?? new AbortError());
    });
    work.then(
      (value) => {
        forget();
        resolve(value);
      },
      (error: unknown) => {
        forget();
        reject(error);
      },
    );
  });
}

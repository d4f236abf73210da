import { type Context, context as otelContext } from '@opentelemetry/api';
import type {
  CallContext,
  CallOptions,
  ClientMiddleware,
  ClientMiddlewareCall,
  ServerMiddleware,
  ServerMiddlewareCall,
} from 'nice-grpc-common';
import { inContext } from './observe.js';

/**
 * What pmbok's gRPC middleware does around a call, written once as a start and an end so that it runs two ways:
 * as nice-grpc middleware (the network, and streams in process), and directly around an in-process unary call,
 * without the async generators nice-grpc's middleware is made of (five of them per call, a few µs each: issue 24).
 */
export interface Watched<O> {
  /** The options (client) or context (server) the rest of the call gets. */
  options: O;
  /** The trace context the rest of the call runs in, when traces are on. */
  active?: Context;
  /** Called once when the call ends; with its failure, it returns what the caller is to get instead. */
  end(error?: unknown): unknown;
}

export type Watch<O> = (path: string, options: O) => Watched<O>;
export type ClientWatch = Watch<CallOptions>;
export type ServerWatch = Watch<CallContext>;

/** `outer` around `inner`: started in that order, ended in the other. */
export function nested<O>(outer: Watch<O>, inner: Watch<O>): Watch<O> {
  return (path, options) => {
    const a = outer(path, options);
    const b = inner(path, a.options);
    return {
      options: b.options,
      active: b.active ?? a.active,
      end: (error) => {
        if (error === undefined) {
          b.end();
          return a.end();
        }
        return a.end(b.end(error));
      },
    };
  };
}

/** Runs `work` inside the watch: in its trace context, ended with its outcome. */
export async function watched<O, T>(watch: Watched<O>, work: (options: O) => Promise<T>): Promise<T> {
  let answer: T;
  try {
    answer = await (watch.active ? otelContext.with(watch.active, () => work(watch.options)) : work(watch.options));
  } catch (error) {
    throw watch.end(error);
  }
  watch.end();
  return answer;
}

/** Runs a generator inside the watch, each step in its trace context; ended once, also when its consumer stops. */
async function* watchedSteps<O>(
  watch: Watched<O>,
  inner: AsyncGenerator<unknown, unknown, undefined>,
): AsyncGenerator<unknown, unknown, undefined> {
  let ended = false;
  try {
    return yield* watch.active ? inContext(watch.active, inner) : inner;
  } catch (error) {
    ended = true;
    throw watch.end(error);
  } finally {
    if (!ended) watch.end();
  }
}

export function clientMiddleware(watch: ClientWatch): ClientMiddleware {
  return <Req, Res>(call: ClientMiddlewareCall<Req, Res>, options: CallOptions) => {
    const w = watch(call.method.path, options);
    return watchedSteps(w, call.next(call.request, w.options) as never) as never;
  };
}

export function serverMiddleware(watch: ServerWatch): ServerMiddleware {
  return <Req, Res>(call: ServerMiddlewareCall<Req, Res>, context: CallContext) => {
    const w = watch(call.method.path, context);
    return watchedSteps(w, call.next(call.request, w.options) as never) as never;
  };
}

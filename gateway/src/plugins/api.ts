import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import rateLimit from '@fastify/rate-limit';
import { type Caller, cachedBy, HotCounter, registeredMetric } from '@pmbok/infra';
import { type Static, type TObject, type TProperties, type TSchema, Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Metadata } from 'nice-grpc';
import { optionalId } from '../schemas/fields.js';
import { envelopeOf } from '../schemas/wire.js';
import type { Access } from './caller.js';
import { ApiError, type Envelope, envelope } from './envelope.js';
import { acceptedEncoding, SerializedAnswer } from './serializedAnswer.js';

export { ApiError } from './envelope.js';
export { SerializedAnswer } from './serializedAnswer.js';

/** One call of SPEC §7: `POST /pmbok/api/<module>/<call>`. */
export interface ApiCall<P extends TProperties = TProperties, R extends TSchema = TSchema> {
  module: string;
  /** Empty for a call at the module's own path, such as `/pmbok/api/feedback`. */
  call: string;
  /** `user` calls need a valid token; `public` ones do not; `optional` ones use a token when one is sent. */
  access: Access;
  /** The call's own fields; `teamId` and `version` (added by the client to every body) are accepted too. */
  fields: P;
  /**
   * A public call that records something (a captcha, a QR ticket): limited per client address, so nobody can make
   * the server store without bound (the records themselves expire, see the auth service's expiry).
   */
  anonymousWrite?: true;
  /** Bytes of body the call accepts when more than the form parser's 64 KB (a document, a whole tree's drop). */
  bodyLimit?: number;
  /** `msg` of a successful answer, when the client's contract names one; `success` otherwise. */
  successMessage?: string;
  /**
   * The `data` of a successful answer (gateway/src/schemas): Fastify serializes the envelope with it, writing only
   * the properties it names, and the console imports its static type. `null` is every call's failure `data`.
   */
  response: R;
  handle(
    input: Static<TObject<P>>,
    context: CallContext,
  ): Promise<Static<R> | null | undefined | ApiAnswer | ApiStream | SerializedAnswer>;
}

/** What a call's handler is given besides its input: the request's own `caller` and `metadata` (plugins/caller.ts). */
export interface CallContext {
  services: FastifyInstance['services'];
  caller: Caller;
  /** gRPC metadata carrying the caller to the services. */
  metadata: Metadata;
  request: FastifyRequest;
  reply: FastifyReply;
}

export const defineCall = <P extends TProperties, R extends TSchema>(call: ApiCall<P, R>): ApiCall =>
  call as unknown as ApiCall;

/**
 * An answer whose envelope code is not 200 but which is no error: 508 (a QR scan by someone without an account,
 * carrying the ticket to register with), 880 (still waiting; the console ignores it, SPEC §8) and 409 (a save over
 * a newer version, carrying that version to merge with). Its `data` must fit the call's `response` schema.
 */
export class ApiAnswer {
  constructor(
    readonly code: 409 | 508 | 880,
    readonly msg: string,
    readonly data: unknown = null,
  ) {}
}

/**
 * A streamed answer (`ai/chat/ask`): one envelope per line (`application/x-ndjson`), each written as it is made. The
 * handler has already read what can fail before anything is sent (so those failures get the usual JSON envelope);
 * `close` runs when the client goes away or the stream ends, to stop what produces the lines.
 */
export class ApiStream {
  constructor(
    readonly frames: AsyncIterable<unknown>,
    readonly close: () => void,
  ) {}
}

function sendSerialized(request: FastifyRequest, reply: FastifyReply, answer: SerializedAnswer) {
  // A string or buffer skips preSerialization, where every other answer is counted.
  answerCounter(request.routeOptions.url ?? 'unknown', 200)();
  reply.type('application/json; charset=utf-8');
  if (!answer.compressible) return reply.send(answer.body);
  reply.header('vary', 'accept-encoding');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(answer.body);
  return reply.header('content-encoding', encoding).send(answer.encoded(encoding));
}

/** The envelope of a successful answer, serialized by the route's own compiled response schema. */
export function serializeAnswer(reply: FastifyReply, data: unknown, msg = 'success'): SerializedAnswer {
  const serialize = reply.getSerializationFunction('200');
  if (!serialize) throw new Error(`${reply.request.url} has no response schema to serialize with`);
  return new SerializedAnswer(serialize(envelope(200, msg, data) as unknown as Record<string, unknown>));
}

const apiAnswers = registeredMetric(
  'pmbok_api_answers_total',
  () =>
    new HotCounter({
      name: 'pmbok_api_answers_total',
      help: 'API answers by call and envelope code',
      labelNames: ['call', 'code'],
    }),
);

/** The answers counter bound per call and code. */
const answerCounter = cachedBy((call: string, code: number) => apiAnswers.bind({ call, code }));

const clientFields = {
  teamId: optionalId,
  version: Type.Optional(Type.String({ maxLength: 20 })),
};

/**
 * Registers calls under /pmbok/api with validation and the envelope; the caller comes from plugins/caller.ts (by the
 * call's `access`) and failures from the gateway's one error handler (plugins/envelope.ts, `api` statuses).
 */
export default fp<{ calls: ApiCall[]; anonymousWritesPerMinute?: number }>(
  async (app, { calls, anonymousWritesPerMinute = 20 }) => {
    await app.register(
      async (api) => {
        // Only on the routes that ask for it (`anonymousWrite`); in memory, per gateway replica.
        await api.register(rateLimit, {
          global: false,
          errorResponseBuilder: () => new ApiError(400, '操作过于频繁，请稍后再试'),
        });
        // Callback hooks, so that they make no promise per request.
        api.addHook('preValidation', (request, _reply, done) => {
          if (request.body === undefined || request.body === null) request.body = {};
          done();
        });
        // Every answer is counted once here, failures and unknown calls too, by the code its envelope carries.
        api.addHook('preSerialization', (request, _reply, payload: Envelope, done) => {
          answerCounter(request.routeOptions.url ?? 'unknown', payload.code)();
          done(null, payload);
        });
        api.setNotFoundHandler((request, reply) =>
          reply.status(404).send(envelope(404, `未知接口：${request.method} ${request.url.split('?')[0]}`)),
        );
        for (const call of calls) {
          const url = call.call ? `/${call.module}/${call.call}` : `/${call.module}`;
          const limit = call.anonymousWrite
            ? { rateLimit: { max: anonymousWritesPerMinute, timeWindow: 60_000 } }
            : undefined;
          api.post(
            url,
            {
              ...(call.bodyLimit ? { bodyLimit: call.bodyLimit } : {}),
              schema: {
                body: Type.Object({ ...clientFields, ...call.fields }),
                response: { 200: envelopeOf(call.response) },
              },
              config: { access: call.access, surface: 'api', ...limit },
            },
            async (request, reply) => {
              const { caller, metadata } = request;
              const data = await call.handle(request.body as never, {
                services: app.services,
                caller,
                metadata,
                request,
                reply,
              });
              if (data instanceof ApiAnswer) return envelope(data.code, data.msg, data.data);
              if (data instanceof ApiStream) return streamed(request, reply, data);
              if (data instanceof SerializedAnswer) return sendSerialized(request, reply, data);
              return envelope(200, call.successMessage ?? 'success', data ?? null);
            },
          );
        }
      },
      { prefix: '/pmbok/api' },
    );
  },
  { name: 'api', dependencies: ['services', 'request-caller', 'envelope'] },
);

async function* lines(stream: ApiStream) {
  for await (const frame of stream.frames) yield `${JSON.stringify(envelope(200, 'success', frame))}\n`;
}

function streamed(request: FastifyRequest, reply: FastifyReply, stream: ApiStream) {
  answerCounter(request.routeOptions.url ?? 'unknown', 200)();
  // A client that goes away half-closes its side: the request ends before the response could.
  request.raw.once('close', stream.close);
  reply.raw.once('close', stream.close);
  return reply
    .header('content-type', 'application/x-ndjson; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-accel-buffering', 'no')
    .send(Readable.from(lines(stream)));
}

/**
 * The command id of a request the client may retry, from its `Idempotency-Key` header and prefixed with the call, so
 * the service appends nothing twice for one key; none when the header is absent or malformed.
 */
export function commandIdFrom(request: FastifyRequest, call: string): string | undefined {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && /^[A-Za-z0-9._-]{8,64}$/.test(key) ? `${call}:${key}` : undefined;
}

export const newRequestId = (incoming: string | string[] | undefined): string =>
  typeof incoming === 'string' && /^[A-Za-z0-9._-]{8,64}$/.test(incoming) ? incoming : randomUUID();

import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import { apiCodeOf, type Caller, callerMetadata, INTERNAL_ERROR_MESSAGE } from '@pmbok/infra';
import { type Static, type TObject, type TProperties, Type } from '@sinclair/typebox';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ClientError, type Metadata, Status } from 'nice-grpc';
import { Counter } from 'prom-client';
import { optionalId } from '../schemas/fields.js';
import { describeValidationError } from '../schemas/messages.js';

/** One call of SPEC §7: `POST /pmbok/api/<module>/<call>`. */
export interface ApiCall<P extends TProperties = TProperties> {
  module: string;
  /** Empty for a call at the module's own path, such as `/pmbok/api/feedback`. */
  call: string;
  /** `user` calls need a valid token; `public` ones do not; `optional` ones use a token when one is sent. */
  access: 'public' | 'user' | 'optional';
  /** The call's own fields; `teamId` and `version` (added by the client to every body) are accepted too. */
  fields: P;
  /**
   * A public call that records something (a captcha, a QR ticket): limited per client address, so nobody can make
   * the server store without bound (the records themselves expire, see the auth service's expiry).
   */
  anonymousWrite?: true;
  /** `msg` of a successful answer, when the client's contract names one; `success` otherwise. */
  successMessage?: string;
  handle(input: Static<TObject<P>>, context: CallContext): Promise<unknown>;
}

export interface CallContext {
  services: FastifyInstance['services'];
  caller: Caller;
  /** gRPC metadata carrying the caller to the services. */
  metadata: Metadata;
  request: FastifyRequest;
}

export const defineCall = <P extends TProperties>(call: ApiCall<P>): ApiCall => call as unknown as ApiCall;

/**
 * An answer whose envelope code is not 200 but which is no error: 508 (a QR scan by someone without an account,
 * carrying the ticket to register with) and 880 (still waiting; the console ignores it, SPEC §8).
 */
export class ApiAnswer {
  constructor(
    readonly code: 508 | 880,
    readonly msg: string,
    readonly data: unknown = null,
  ) {}
}

/** The envelope of every answer (SPEC §7): HTTP 200 with `{code, msg, data}`, except 404 for an unknown call. */
export class ApiError extends Error {
  constructor(
    readonly code: 400 | 402 | 404 | 500,
    message: string,
  ) {
    super(message);
  }
}

const apiAnswers = new Counter({
  name: 'pmbok_api_answers_total',
  help: 'API answers by call and envelope code',
  labelNames: ['call', 'code'],
});

const clientFields = {
  teamId: optionalId,
  version: Type.Optional(Type.String({ maxLength: 20 })),
};

/** Maps anything a call may throw to the envelope, so no internals leak and nothing answers with a stack. */
export function toEnvelope(error: unknown, request: FastifyRequest): { httpStatus: number; code: number; msg: string } {
  if (error instanceof ApiError)
    return { httpStatus: error.code === 404 ? 404 : 200, code: error.code, msg: error.message };
  if (error instanceof ClientError) {
    const code = apiCodeOf(error.code);
    if (code !== 500) return { httpStatus: 200, code, msg: error.details };
    request.log.error({ err: error }, 'service call failed');
    const msg =
      error.code === Status.DEADLINE_EXCEEDED || error.code === Status.UNAVAILABLE
        ? '服务暂时不可用，请稍后再试'
        : INTERNAL_ERROR_MESSAGE;
    return { httpStatus: 200, code: 500, msg };
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    return { httpStatus: 200, code: 400, msg: describeValidationError(fastifyError) };
  }
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return { httpStatus: 200, code: 400, msg: describeValidationError(fastifyError) };
  }
  request.log.error({ err: error }, 'unhandled error');
  return { httpStatus: 200, code: 500, msg: INTERNAL_ERROR_MESSAGE };
}

const anonymous = { userId: 0, sessionId: '' };

/** Resolves the authorization token to a user through the auth service. */
export async function identify(
  app: FastifyInstance,
  request: FastifyRequest,
  access: ApiCall['access'],
): Promise<{ userId: number; sessionId: string }> {
  if (access === 'public') return anonymous;
  const header = request.headers.authorization ?? '';
  const token = header.replace(/^Bearer\s+/i, '').trim();
  if (!token) {
    if (access === 'optional') return anonymous;
    throw new ApiError(402, '请先登录');
  }
  try {
    return await app.services.auth.authenticate({ token }, { metadata: callerMetadata({ correlationId: request.id }) });
  } catch (error) {
    if (access === 'optional' && error instanceof ClientError && error.code === Status.UNAUTHENTICATED)
      return anonymous;
    throw error;
  }
}

/** Registers calls under /pmbok/api with validation, authentication and the envelope. */
export default fp<{ calls: ApiCall[]; anonymousWritesPerMinute?: number }>(
  async (app, { calls, anonymousWritesPerMinute = 20 }) => {
    await app.register(
      async (api) => {
        // Only on the routes that ask for it (`anonymousWrite`); in memory, per gateway replica.
        await api.register(rateLimit, {
          global: false,
          errorResponseBuilder: () => new ApiError(400, '操作过于频繁，请稍后再试'),
        });
        api.addHook('preValidation', async (request) => {
          if (request.body === undefined || request.body === null) request.body = {};
        });
        api.setErrorHandler((error, request, reply) => {
          const { httpStatus, code, msg } = toEnvelope(error, request);
          apiAnswers.inc({ call: request.routeOptions.url ?? 'unknown', code });
          return reply.status(httpStatus).send({ code, msg, data: null });
        });
        api.setNotFoundHandler((request, reply) => {
          apiAnswers.inc({ call: 'unknown', code: 404 });
          return reply
            .status(404)
            .send({ code: 404, msg: `未知接口：${request.method} ${request.url.split('?')[0]}`, data: null });
        });
        for (const call of calls) {
          const url = call.call ? `/${call.module}/${call.call}` : `/${call.module}`;
          const limit = call.anonymousWrite
            ? { rateLimit: { max: anonymousWritesPerMinute, timeWindow: 60_000 } }
            : undefined;
          api.post(
            url,
            { schema: { body: Type.Object({ ...clientFields, ...call.fields }) }, config: limit },
            async (request) => {
              const body = request.body as Record<string, unknown> & { teamId?: string };
              const identity = await identify(app, request, call.access);
              const caller: Caller = {
                ...identity,
                teamId: Number(body.teamId || 0),
                clientIp: request.ip,
                correlationId: request.id,
              };
              const data = await call.handle(body as never, {
                services: app.services,
                caller,
                metadata: callerMetadata(caller),
                request,
              });
              if (data instanceof ApiAnswer) {
                apiAnswers.inc({ call: url, code: data.code });
                return { code: data.code, msg: data.msg, data: data.data };
              }
              apiAnswers.inc({ call: url, code: 200 });
              return { code: 200, msg: call.successMessage ?? 'success', data: data ?? null };
            },
          );
        }
      },
      { prefix: '/pmbok/api' },
    );
  },
  { name: 'api', dependencies: ['services'] },
);

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

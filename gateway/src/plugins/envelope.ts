import { apiCodeOf, INTERNAL_ERROR_MESSAGE } from '@pmbok/infra';
import type { FastifyBaseLogger, FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { ClientError, Status } from 'nice-grpc';
import { describeValidationError } from '../schemas/messages.js';

/** The body of every answer (SPEC §7), whatever the surface: API, admin REST, uploads, files, live messages. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export const envelope = <T = null>(code: number, msg: string, data: T = null as T): Envelope<T> => ({
  code,
  msg,
  data,
});

/**
 * A failure the gateway itself decides (bad input it checks, not signed in, unknown item); its code is the envelope's
 * and its message is shown to the user as it is.
 */
export class ApiError extends Error {
  constructor(
    readonly code: 400 | 402 | 404 | 500,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Which HTTP statuses a route's failed answers carry; the envelope is the same on every surface.
 * - `api`: HTTP 200 with the code in the body (SPEC §8: the console treats any other status as a network error), 404
 *   for an unknown call (ADR 2);
 * - `admin`: the statuses react-admin reads (400, 401, 403, 404, 500), with the text also in `message`, where its
 *   fetchJson looks;
 * - `http` (the default: files, the WeChat callback, the dev outbox): the failure's own status.
 */
export type Surface = 'api' | 'admin' | 'http';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How the route's failures use HTTP statuses (`http` when absent). */
    surface?: Surface;
  }
}

/** A failure as the envelope tells it, with the HTTP status it means on a surface that uses statuses. */
export interface Failure {
  code: 400 | 402 | 404 | 500;
  msg: string;
  status: number;
}

const statusOfCode = { 400: 400, 402: 401, 404: 404, 500: 500 } as const;

/** Maps anything a route may throw to the envelope, so no internals leak and nothing answers with a stack. */
export function failureOf(error: unknown, log: FastifyBaseLogger): Failure {
  if (error instanceof ApiError) return { code: error.code, msg: error.message, status: statusOfCode[error.code] };
  if (error instanceof ClientError) {
    const code = apiCodeOf(error.code);
    if (code === 400) return { code, msg: error.details, status: error.code === Status.PERMISSION_DENIED ? 403 : 400 };
    if (code === 402) return { code, msg: error.details, status: 401 };
    log.error({ err: error }, 'service call failed');
    const unavailable = error.code === Status.DEADLINE_EXCEEDED || error.code === Status.UNAVAILABLE;
    return { code: 500, msg: unavailable ? '服务暂时不可用，请稍后再试' : INTERNAL_ERROR_MESSAGE, status: 500 };
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) return { code: 400, msg: describeValidationError(fastifyError), status: 400 };
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) return { code: 400, msg: describeValidationError(fastifyError), status };
  log.error({ err: error }, 'unhandled error');
  return { code: 500, msg: INTERNAL_ERROR_MESSAGE, status: 500 };
}

const statusPolicies: Record<Surface, (failure: Failure) => number> = {
  api: ({ code }) => (code === 404 ? 404 : 200),
  admin: ({ status }) => ([400, 401, 403, 404].includes(status) ? status : status < 500 ? 400 : 500),
  http: ({ status }) => status,
};

/** The one error handler of the gateway and its answer to unknown paths. */
export default fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) => {
      const surface = request.routeOptions.config.surface ?? 'http';
      const failure = failureOf(error, request.log);
      const answer = envelope(failure.code, failure.msg);
      return reply
        .status(statusPolicies[surface](failure))
        .send(surface === 'admin' ? { ...answer, message: failure.msg } : answer);
    });
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send(envelope(404, `未找到：${request.method} ${request.url.split('?')[0]}`)),
    );
  },
  { name: 'envelope' },
);

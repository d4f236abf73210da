import { Status } from 'nice-grpc-common';

/**
 * The kinds of failure a service may report. Each maps to one gRPC status (between services) and one
 * API code (to the browser), in the tables below and nowhere else.
 */
export type ErrorKind =
  | 'invalid' // the request breaks a rule the user can fix: API 400
  | 'not_found' // API 400
  | 'conflict' // already exists / state forbids it: API 400
  | 'forbidden' // signed in but not allowed: API 400
  | 'rate_limited' // API 400
  | 'unauthenticated' // no, unknown, expired or revoked token: API 402
  | 'concurrency'; // optimistic concurrency lost; retried by the command handler, else API 400

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly details?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string) => new DomainError('invalid', message);
export const notFound = (message: string) => new DomainError('not_found', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const rateLimited = (message: string) => new DomainError('rate_limited', message);
export const failedPrecondition = (message: string) => new DomainError('conflict', message);
export const unauthenticated = (message = '登录已失效，请重新登录') => new DomainError('unauthenticated', message);

export const grpcStatusOf: Record<ErrorKind, Status> = {
  invalid: Status.INVALID_ARGUMENT,
  not_found: Status.NOT_FOUND,
  conflict: Status.FAILED_PRECONDITION,
  forbidden: Status.PERMISSION_DENIED,
  rate_limited: Status.RESOURCE_EXHAUSTED,
  unauthenticated: Status.UNAUTHENTICATED,
  concurrency: Status.ABORTED,
};

/** API codes of SPEC §7/§8: 200 ok, 400 shown to the user, 402 sign in again, 404 unknown call, 500 internal. */
export type ApiCode = 200 | 400 | 402 | 404 | 500;

const apiCodeOfStatus: Partial<Record<Status, ApiCode>> = {
  [Status.INVALID_ARGUMENT]: 400,
  [Status.NOT_FOUND]: 400,
  [Status.FAILED_PRECONDITION]: 400,
  [Status.ALREADY_EXISTS]: 400,
  [Status.PERMISSION_DENIED]: 400,
  [Status.RESOURCE_EXHAUSTED]: 400,
  [Status.ABORTED]: 400,
  [Status.OUT_OF_RANGE]: 400,
  [Status.UNAUTHENTICATED]: 402,
};

export const apiCodeOf = (status: Status): ApiCode => apiCodeOfStatus[status] ?? 500;

/** What the user sees for an internal failure: never the internals. */
export const INTERNAL_ERROR_MESSAGE = '服务器繁忙，请稍后再试';

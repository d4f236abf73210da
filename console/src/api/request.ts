import { loginPathFor } from '../navigation/loginPath';
import { clearSession, getTeamId, getToken } from '../session/session';
import { publishNotice } from './notices';

const API_BASE = '/pmbok/api';
const REQUEST_TIMEOUT_MS = 5000;
const API_VERSION = '1';

export const ApiCode = {
  ok: 200,
  businessError: 400,
  notSignedIn: 402,
  internal: 500,
  ignored: 880,
} as const;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface Envelope<T> {
  code: number;
  msg?: string;
  data: T;
}

export interface RequestOptions {
  /** false: the caller shows errors itself (no automatic toast). */
  notify?: boolean;
  /** A call that reads or writes a lot (an import of a 20 MB file) waits longer than REQUEST_TIMEOUT_MS. */
  timeoutMs?: number;
}

export type Body = Record<string, string | number | boolean | null | undefined>;

function encodeBody(body: Body): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  // The selected team, unless the call names a team itself (team settings, switching, quitting).
  if (!form.has('teamId')) form.set('teamId', String(getTeamId() ?? ''));
  form.set('version', API_VERSION);
  return form;
}

/** The URL and request of a call as every console call sends it: the form with the team and version, the token. */
export function apiPost(call: string, body: Body, headers: Record<string, string> = {}): [string, RequestInit] {
  return [
    `${API_BASE}/${call}`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
        authorization: getToken() ?? '',
        ...headers,
      },
      body: encodeBody(body),
    },
  ];
}

async function send(call: string, body: Body, timeoutMs = REQUEST_TIMEOUT_MS): Promise<Response> {
  try {
    const [url, init] = apiPost(call, body);
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError(timedOut ? 'app.request.timeout' : (error as Error).message, 0);
  }
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T> | undefined> {
  try {
    return (await response.json()) as Envelope<T>;
  } catch {
    return undefined;
  }
}

/** SPEC §8 code 402: the session is gone; back to login with the current path as redirect. */
export function signOutToLogin(): void {
  clearSession();
  const current = window.location.hash.replace(/^#/, '') || '/';
  if (!current.startsWith('/login')) window.location.hash = `#${loginPathFor(current)}`;
}

/** POST /pmbok/api/{call}: resolves with `data` on code 200, rejects with an ApiError otherwise. */
export async function request<T = unknown>(call: string, body: Body = {}, options: RequestOptions = {}): Promise<T> {
  const notify = options.notify ?? true;
  const fail = (error: ApiError, toast?: string): never => {
    if (notify && toast) publishNotice({ message: toast, type: 'error' });
    throw error;
  };

  let response: Response;
  try {
    response = await send(call, body, options.timeoutMs);
  } catch (error) {
    return fail(error as ApiError, (error as ApiError).message);
  }
  const envelope = await readEnvelope<T>(response);
  if (response.status !== 200 || !envelope) {
    const message = envelope?.msg || 'app.request.network_error';
    return fail(new ApiError(message, envelope?.code ?? response.status), 'app.request.network_error');
  }

  switch (envelope.code) {
    case ApiCode.ok:
      return envelope.data;
    case ApiCode.businessError:
      return fail(
        new ApiError(envelope.msg || 'app.request.error', envelope.code),
        envelope.msg || 'app.request.error',
      );
    case ApiCode.notSignedIn:
      signOutToLogin();
      return fail(new ApiError(envelope.msg || 'app.guard.verification_failed', envelope.code));
    default:
      // 500 and 880 are ignored silently; other codes (e.g. 508 in the QR flow) are the caller's to handle.
      return fail(new ApiError(envelope.msg ?? '', envelope.code, envelope.data));
  }
}

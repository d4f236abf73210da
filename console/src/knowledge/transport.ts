import { publishNotice } from '../api/notices';
import { ApiCode, ApiError, type Body, request } from '../api/request';

/**
 * The one way the knowledge screens reach `/pmbok/api/project/…` and `/pmbok/api/projectUser/…`. Local mode
 * (signed out, SPEC §1 and §4) installs a handler that answers the same calls from the browser's own store, so the
 * screens work unchanged on a project that never leaves the browser.
 */
export type KnowledgeHandler = <T>(call: string, body: Body) => Promise<T>;

let local: KnowledgeHandler | null = null;

/** Local mode on (a handler) or off (null). */
export function setLocalKnowledge(handler: KnowledgeHandler | null): void {
  local = handler;
}

export const isLocalKnowledge = () => local !== null;

/** SPEC §5: a project id is invalid when zero, empty or not a number. */
export function isValidProjectId(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  const id = Number(value);
  return Number.isInteger(id) && id > 0;
}

/**
 * POST /pmbok/api/{module}/{call}, `module` project unless the call names another (`projectUser/index`).
 * SPEC §4: a call about a project whose id is missing or invalid makes no request and answers `stub`.
 */
export function knowledgeCall<T>(
  call: string,
  body: Body = {},
  options: { notify?: boolean; stub?: T; timeoutMs?: number } = {},
) {
  const path = call.includes('/') ? call : `project/${call}`;
  if ('projectId' in body && !isValidProjectId(body.projectId) && 'stub' in options) {
    return Promise.resolve(options.stub as T);
  }
  const notify = options.notify ?? true;
  if (local) return notifyRefusal(local<T>(path, body), notify);
  return request<T>(path, body, { notify, timeoutMs: options.timeoutMs });
}

/** A local answer's refusal shows as a server's would (SPEC §8: code 400, an error toast with its message). */
function notifyRefusal<T>(answer: Promise<T>, notify: boolean): Promise<T> {
  return answer.catch((error: unknown) => {
    if (notify && error instanceof ApiError && error.code === ApiCode.businessError) {
      publishNotice({ message: error.message, type: 'error' });
    }
    throw error;
  });
}

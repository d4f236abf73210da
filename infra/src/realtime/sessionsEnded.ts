/**
 * The announcement that sessions ended (logout, password or telephone change, password reset, account closed),
 * published by the auth service on the `sessions` topic before the command that ended them is answered. Every
 * gateway replica hears it: its session cache forgets the sessions and their live sockets say 402 and close. It is
 * never forwarded to a browser as such.
 */
export const SESSIONS_ENDED = 402;

export interface SessionsEndedPush {
  code: typeof SESSIONS_ENDED;
  msg: string;
  data: { sessionIds: string[] };
}

export const sessionsEndedPush = (sessionIds: string[]): SessionsEndedPush => ({
  code: SESSIONS_ENDED,
  msg: '登录已失效',
  data: { sessionIds },
});

/** The ended sessions a push names, or `undefined` when it is not that control push. */
export function endedSessionsOf(payload: unknown): string[] | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { code, data } = payload as { code?: unknown; data?: { sessionIds?: unknown } };
  if (code !== SESSIONS_ENDED || !Array.isArray(data?.sessionIds)) return undefined;
  return data.sessionIds.filter((id): id is string => typeof id === 'string');
}

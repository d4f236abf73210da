import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { request } from '../api/request';
import { getToken, useSessionUser, useTeamId } from '../session/session';
import { type ChatPush, chatPushOf } from './chatPush';
import { LiveConnection, type LiveEnvironment, type LiveMessage, type LiveSocket, liveUrl } from './liveConnection';

const browser: LiveEnvironment = {
  createSocket: (url) => new WebSocket(url) as unknown as LiveSocket,
  setInterval: (callback, ms) => window.setInterval(callback, ms),
  clearInterval: (handle) => window.clearInterval(handle as number),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

const LiveContext = createContext<LiveConnection | null>(null);

/**
 * The badge as the server counts it now: read whenever the socket opens, since nothing is pushed while it is closed
 * (and the first push comes only with the next change). Quiet: before the team has messages it may not answer.
 */
async function readUnread(live: LiveConnection) {
  const pushes = live.unreadPushes;
  try {
    const { unReadCount } = await request<{ unReadCount: number }>('message/unread', {}, { notify: false });
    // a count pushed while the call was under way is newer than its answer
    if (live.unreadPushes === pushes) live.setUnread(Number(unReadCount));
  } catch {
    // the pushed count stands
  }
}

/** Holds the live connection while a user is signed in, one per user and team. */
export function LiveProvider({ children }: { children: ReactNode }) {
  const user = useSessionUser();
  const teamId = useTeamId();
  const [connection, setConnection] = useState<LiveConnection | null>(null);
  const userId = user?.userId;
  useEffect(() => {
    const token = getToken();
    if (!userId || !token || typeof WebSocket === 'undefined') return;
    const live = new LiveConnection(liveUrl(window.location, teamId), token, browser, teamId);
    const stopReading = teamId ? live.onOpen(() => void readUnread(live)) : undefined;
    live.start();
    setConnection(live);
    return () => {
      stopReading?.();
      live.stop();
      setConnection(null);
    };
  }, [userId, teamId]);
  return <LiveContext.Provider value={connection}>{children}</LiveContext.Provider>;
}

/** The unread count the server last pushed or answered (0 until it does). */
export function useUnreadCount(): number {
  const live = useContext(LiveContext);
  const [count, setCount] = useState(live?.unread ?? 0);
  useEffect(() => {
    setCount(live?.unread ?? 0);
    return live?.onUnread(setCount);
  }, [live]);
  return count;
}

/** Sets the badge from a call's answer (marking read answers the new count before the push comes). */
export function useSetUnread(): (count: number) => void {
  const live = useContext(LiveContext);
  return (count: number) => live?.setUnread(count);
}

/** Calls `listener` for each push other than heartbeats and unread counts. */
export function useLiveMessages(listener: (message: LiveMessage) => void): void {
  const live = useContext(LiveContext);
  useEffect(() => live?.onMessage(listener), [live, listener]);
}

/** Calls `listener` each time the socket opens; `reconnected` after a drop (read what was missed then). */
export function useLiveOpen(listener: (reconnected: boolean) => void): void {
  const live = useContext(LiveContext);
  useEffect(() => live?.onOpen(listener), [live, listener]);
}

/** Calls `listener` with each messaging push of the current team (docs/api/messaging.md). */
export function useChatPushes(listener: (push: ChatPush) => void): void {
  const live = useContext(LiveContext);
  const teamId = useTeamId();
  useEffect(
    () =>
      live?.onMessage((message) => {
        const push = chatPushOf(message, teamId);
        if (push) listener(push);
      }),
    [live, listener, teamId],
  );
}

import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { getToken, useSessionUser, useTeamId } from '../session/session';
import { LiveConnection, type LiveEnvironment, type LiveMessage, type LiveSocket, liveUrl } from './liveConnection';

const browser: LiveEnvironment = {
  createSocket: (url) => new WebSocket(url) as unknown as LiveSocket,
  setInterval: (callback, ms) => window.setInterval(callback, ms),
  clearInterval: (handle) => window.clearInterval(handle as number),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

const LiveContext = createContext<LiveConnection | null>(null);

/** Holds the live connection while a user is signed in, one per user and team. */
export function LiveProvider({ children }: { children: ReactNode }) {
  const user = useSessionUser();
  const teamId = useTeamId();
  const [connection, setConnection] = useState<LiveConnection | null>(null);
  const userId = user?.userId;
  useEffect(() => {
    const token = getToken();
    if (!userId || !token || typeof WebSocket === 'undefined') return;
    const live = new LiveConnection(liveUrl(window.location, teamId), token, browser);
    live.start();
    setConnection(live);
    return () => {
      live.stop();
      setConnection(null);
    };
  }, [userId, teamId]);
  return <LiveContext.Provider value={connection}>{children}</LiveContext.Provider>;
}

/** The unread count the server last pushed (0 until it does). */
export function useUnreadCount(): number {
  const live = useContext(LiveContext);
  const [count, setCount] = useState(live?.unread ?? 0);
  useEffect(() => {
    setCount(live?.unread ?? 0);
    return live?.onUnread(setCount);
  }, [live]);
  return count;
}

/** Calls `listener` for each push other than heartbeats and unread counts. */
export function useLiveMessages(listener: (message: LiveMessage) => void): void {
  const live = useContext(LiveContext);
  useEffect(() => live?.onMessage(listener), [live, listener]);
}

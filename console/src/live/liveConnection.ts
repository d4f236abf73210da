/**
 * The live connection of SPEC §4: opened once user info has loaded (never without a token). The token is the
 * socket's first message (code 200000), never in its URL, which servers and proxies write to their logs. A heartbeat
 * (code 200001) every 5 s, reconnection 3 s after a close for up to 3 attempts in a row, sends queued while
 * the socket is not open and retried every second. Code 200201 carries the unread count (one of another team than
 * the connection's is ignored: the user's pushes reach every tab); 200100 and 200101 are read and otherwise ignored;
 * anything else goes to the listeners (e.g. a board that refreshes itself). Each time the socket opens the open
 * listeners hear whether it is a reconnection, so screens can read what they missed while it was closed.
 */
export const LIVE_CODES = { authenticate: 200000, heartbeat: 200001, unread: 200201, signedOut: 402 } as const;
export const HEARTBEAT_MS = 5_000;
export const RECONNECT_MS = 3_000;
export const RECONNECT_ATTEMPTS = 3;
export const RETRY_SEND_MS = 1_000;

export interface LiveMessage {
  code: number;
  msg?: string;
  data?: unknown;
}

/** What the connection needs from its environment, so that tests drive it without a browser or timers. */
export interface LiveEnvironment {
  createSocket(url: string): LiveSocket;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface LiveSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number): void;
  onopen: (() => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}

const OPEN = 1;

export function liveUrl(location: { protocol: string; host: string }, teamId: number | null): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = new URLSearchParams({ teamId: String(teamId ?? 0) });
  return `${scheme}//${location.host}/pmbok/ws?${query}`;
}

export class LiveConnection {
  private socket: LiveSocket | null = null;
  private heartbeat: unknown = null;
  private retry: unknown = null;
  private reconnect: unknown = null;
  private attempts = 0;
  private stopped = false;
  private readonly queue: string[] = [];
  private readonly listeners = new Set<(message: LiveMessage) => void>();
  unread = 0;
  /** How many counts have been pushed: a count read by a call that a push overtook is stale. */
  unreadPushes = 0;
  private readonly unreadListeners = new Set<(count: number) => void>();
  private readonly openListeners = new Set<(reconnected: boolean) => void>();
  private opened = false;

  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly env: LiveEnvironment,
    /** The connection's team: an unread count pushed for another team is not this tab's badge. */
    private readonly teamId: number | null = null,
  ) {}

  start(): void {
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    this.env.clearInterval(this.heartbeat);
    this.env.clearInterval(this.retry);
    this.env.clearTimeout(this.reconnect);
    this.heartbeat = this.retry = this.reconnect = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
  }

  /** Sends now when open, else queues the message and retries every second until it goes. */
  send(message: LiveMessage & { authorization?: string }): void {
    const data = JSON.stringify(message);
    if (this.socket?.readyState === OPEN) this.socket.send(data);
    else {
      this.queue.push(data);
      this.retry ??= this.env.setInterval(() => this.flush(), RETRY_SEND_MS);
    }
  }

  onMessage(listener: (message: LiveMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onUnread(listener: (count: number) => void): () => void {
    this.unreadListeners.add(listener);
    return () => this.unreadListeners.delete(listener);
  }

  /** Called each time the socket opens: `reconnected` is false the first time, true after a drop. */
  onOpen(listener: (reconnected: boolean) => void): () => void {
    this.openListeners.add(listener);
    return () => this.openListeners.delete(listener);
  }

  /** A count read by a call (the badge on opening, after marking read) rather than pushed. */
  setUnread(count: number): void {
    if (!Number.isFinite(count) || count < 0 || count === this.unread) return;
    this.unread = count;
    for (const listener of this.unreadListeners) listener(count);
  }

  private open(): void {
    const socket = this.env.createSocket(this.url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempts = 0;
      // Before anything queued: the server answers nothing until the token is checked.
      socket.send(JSON.stringify({ code: LIVE_CODES.authenticate, token: this.token }));
      this.flush();
      this.heartbeat = this.env.setInterval(
        () => this.send({ code: LIVE_CODES.heartbeat, authorization: this.token, data: {} }),
        HEARTBEAT_MS,
      );
      const reconnected = this.opened;
      this.opened = true;
      for (const listener of this.openListeners) listener(reconnected);
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = (event) => {
      this.env.clearInterval(this.heartbeat);
      this.heartbeat = null;
      if (this.socket !== socket || this.stopped) return;
      this.socket = null;
      // The server refused the token: reconnecting would be refused again.
      if (event.code === 4402) return;
      if (this.attempts >= RECONNECT_ATTEMPTS) return;
      this.attempts += 1;
      this.reconnect = this.env.setTimeout(() => {
        this.reconnect = null;
        if (!this.stopped) this.open();
      }, RECONNECT_MS);
    };
  }

  private flush(): void {
    while (this.queue.length > 0 && this.socket?.readyState === OPEN) this.socket.send(this.queue.shift() as string);
    if (this.queue.length === 0 && this.retry !== null) {
      this.env.clearInterval(this.retry);
      this.retry = null;
    }
  }

  private receive(data: unknown): void {
    let message: LiveMessage;
    try {
      message = JSON.parse(String(data));
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null || typeof message.code !== 'number') return;
    if (message.code === LIVE_CODES.unread) {
      const data = message.data as { unReadCount?: unknown; teamId?: unknown } | undefined;
      const count = Number(data?.unReadCount);
      const team = Number(data?.teamId);
      if (this.teamId && team && team !== this.teamId) return;
      if (Number.isFinite(count) && count >= 0) {
        this.unreadPushes += 1;
        this.unread = count;
        for (const listener of this.unreadListeners) listener(count);
      }
      return;
    }
    for (const listener of this.listeners) listener(message);
  }
}

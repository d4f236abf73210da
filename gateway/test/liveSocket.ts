import WebSocket from 'ws';

/** A socket with its messages queued, so that a test reads them in order without timers. */
export class Inbox {
  private readonly queue: unknown[] = [];
  private waiting: ((message: unknown) => void) | undefined;
  readonly closed: Promise<{ code: number }>;
  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (this.waiting) {
        const resolve = this.waiting;
        this.waiting = undefined;
        resolve(message);
      } else this.queue.push(message);
    });
    this.closed = new Promise((resolve) => socket.once('close', (code) => resolve({ code })));
  }
  next(): Promise<any> {
    if (this.queue.length > 0) return Promise.resolve(this.queue.shift());
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }
  send(message: unknown) {
    this.socket.send(JSON.stringify(message));
  }
  /** Closes from the client side and waits until the server saw it. */
  async close() {
    this.socket.close();
    await this.closed;
  }
}

/** The client's first message on the live connection: the token, never in the URL. */
export const authMessage = (token: string) => ({ code: 200000, token });

/** Opens a live connection; with `token`, sends it as the first message as the console does. */
export function openLive(url: string, token?: string): Inbox {
  const inbox = new Inbox(new WebSocket(url));
  if (token !== undefined) inbox.socket.once('open', () => inbox.send(authMessage(token)));
  return inbox;
}

/** The connection's first answer once authenticated: `{code: 200, data: {userId, teamId}}`. */
export async function connected(inbox: Inbox): Promise<{ userId: number; teamId: number }> {
  const hello = await inbox.next();
  if (hello.code !== 200) throw new Error(`live connection refused: ${JSON.stringify(hello)}`);
  return hello.data;
}

import { describe, expect, it } from 'vitest';
import {
  HEARTBEAT_MS,
  LiveConnection,
  type LiveEnvironment,
  type LiveSocket,
  liveUrl,
  RECONNECT_MS,
  RETRY_SEND_MS,
} from '../src/live/liveConnection';

/** Sockets and timers the test drives by hand. */
class FakeSocket implements LiveSocket {
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  opened() {
    this.readyState = 1;
    this.onopen?.();
  }
  dropped(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  receive(message: unknown) {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
}

function environment() {
  const sockets: FakeSocket[] = [];
  let next = 1;
  const timers = new Map<number, { callback: () => void; ms: number; repeat: boolean }>();
  const env: LiveEnvironment = {
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    setInterval: (callback, ms) => {
      timers.set(next, { callback, ms, repeat: true });
      return next++;
    },
    clearInterval: (handle) => void timers.delete(handle as number),
    setTimeout: (callback, ms) => {
      timers.set(next, { callback, ms, repeat: false });
      return next++;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
  };
  /** Fires every timer of that period once (timeouts are removed). */
  const tick = (ms: number) => {
    for (const [id, timer] of [...timers]) {
      if (timer.ms !== ms) continue;
      if (!timer.repeat) timers.delete(id);
      timer.callback();
    }
  };
  return { env, sockets, tick, timers };
}

describe('live connection client', () => {
  it('builds the socket URL with the team only, secure under https', () => {
    expect(liveUrl({ protocol: 'https:', host: 'pm.example.cn' }, 7)).toBe('wss://pm.example.cn/pmbok/ws?teamId=7');
    expect(liveUrl({ protocol: 'http:', host: 'localhost:8080' }, null)).toBe('ws://localhost:8080/pmbok/ws?teamId=0');
  });

  it('sends the token as its first message, then a heartbeat with the token every 5 s', () => {
    const { env, sockets, tick } = environment();
    const live = new LiveConnection('ws://x/pmbok/ws', 'tok', env);
    live.start();
    sockets[0]!.opened();
    tick(HEARTBEAT_MS);
    tick(HEARTBEAT_MS);
    expect(sockets[0]!.sent.map((s) => JSON.parse(s))).toEqual([
      { code: 200000, token: 'tok' },
      { code: 200001, authorization: 'tok', data: {} },
      { code: 200001, authorization: 'tok', data: {} },
    ]);
  });

  it('authenticates again on every reconnection, before what was queued meanwhile', () => {
    const { env, sockets, tick } = environment();
    const live = new LiveConnection('ws://x', 'tok', env);
    live.start();
    sockets[0]!.opened();
    sockets[0]!.dropped();
    live.send({ code: 1, data: 'while away' });
    tick(RECONNECT_MS);
    sockets[1]!.opened();
    expect(sockets[1]!.sent.map((s) => JSON.parse(s))).toEqual([
      { code: 200000, token: 'tok' },
      { code: 1, data: 'while away' },
    ]);
  });

  it('queues sends while closed and retries them every second until the socket is open', () => {
    const { env, sockets, tick } = environment();
    const live = new LiveConnection('ws://x', 't', env);
    live.start();
    live.send({ code: 1, data: 'early' });
    tick(RETRY_SEND_MS);
    expect(sockets[0]!.sent).toEqual([]);
    sockets[0]!.readyState = 1;
    tick(RETRY_SEND_MS);
    expect(sockets[0]!.sent).toEqual([JSON.stringify({ code: 1, data: 'early' })]);
  });

  it('reconnects 3 s after a drop, at most 3 times in a row, and not after the server refused the token', () => {
    const { env, sockets, tick } = environment();
    const live = new LiveConnection('ws://x', 't', env);
    live.start();
    for (let attempt = 1; attempt <= 3; attempt++) {
      sockets.at(-1)!.dropped();
      tick(RECONNECT_MS);
      expect(sockets).toHaveLength(attempt + 1);
    }
    sockets.at(-1)!.dropped();
    tick(RECONNECT_MS);
    expect(sockets).toHaveLength(4);

    const second = environment();
    const refused = new LiveConnection('ws://x', 'bad', second.env);
    refused.start();
    second.sockets[0]!.dropped(4402);
    second.tick(RECONNECT_MS);
    expect(second.sockets).toHaveLength(1);
  });

  it('counts attempts afresh after a successful open', () => {
    const { env, sockets, tick } = environment();
    const live = new LiveConnection('ws://x', 't', env);
    live.start();
    for (let i = 0; i < 5; i++) {
      sockets.at(-1)!.opened();
      sockets.at(-1)!.dropped();
      tick(RECONNECT_MS);
    }
    expect(sockets).toHaveLength(6);
  });

  it('keeps the unread count from 200201 and passes other pushes to listeners', () => {
    const { env, sockets } = environment();
    const live = new LiveConnection('ws://x', 't', env);
    const counts: number[] = [];
    const pushes: unknown[] = [];
    live.onUnread((n) => counts.push(n));
    live.onMessage((m) => pushes.push(m));
    live.start();
    sockets[0]!.opened();
    sockets[0]!.receive({ code: 200201, data: { unReadCount: 12 } });
    sockets[0]!.receive({ code: 200201, data: { unReadCount: 'x' } });
    sockets[0]!.receive('not json');
    sockets[0]!.receive({ code: 200300, data: { taskProjectId: 3 } });
    expect(counts).toEqual([12]);
    expect(live.unread).toBe(12);
    expect(pushes).toEqual([{ code: 200300, data: { taskProjectId: 3 } }]);
  });

  it('stops for good: closes the socket, cancels timers and does not reconnect', () => {
    const { env, sockets, tick, timers } = environment();
    const live = new LiveConnection('ws://x', 't', env);
    live.start();
    sockets[0]!.opened();
    live.stop();
    expect(sockets[0]!.closedWith).toBe(1000);
    sockets[0]!.dropped(1000);
    tick(RECONNECT_MS);
    expect(sockets).toHaveLength(1);
    expect(timers.size).toBe(0);
  });
});

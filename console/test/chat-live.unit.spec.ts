import { describe, expect, it } from 'vitest';
import { LiveConnection, type LiveEnvironment, type LiveSocket, RECONNECT_MS } from '../src/live/liveConnection';

/** A socket and timers driven by hand (the connection's SPEC §4 behaviour is live.unit.spec.ts's). */
class Socket implements LiveSocket {
  readyState = 0;
  onopen: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  send() {}
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

function setUp(teamId: number | null = 7) {
  const sockets: Socket[] = [];
  const timeouts: (() => void)[] = [];
  const env: LiveEnvironment = {
    createSocket: () => {
      const socket = new Socket();
      sockets.push(socket);
      return socket;
    },
    setInterval: () => 0,
    clearInterval: () => undefined,
    setTimeout: (callback, ms) => {
      expect(ms).toBe(RECONNECT_MS);
      timeouts.push(callback);
      return timeouts.length;
    },
    clearTimeout: () => undefined,
  };
  const live = new LiveConnection('ws://x', 'tok', env, teamId);
  return { live, sockets, reconnect: () => timeouts.shift()?.() };
}

describe('the live connection for team messages', () => {
  it('tells its open listeners of the first opening and of each reconnection after a drop', () => {
    const { live, sockets, reconnect } = setUp();
    const opens: boolean[] = [];
    live.onOpen((reconnected) => opens.push(reconnected));
    live.start();
    sockets[0]!.open();
    sockets[0]!.drop();
    reconnect();
    sockets[1]!.open();
    expect(opens).toEqual([false, true]);
  });

  it('ignores an unread count pushed for another team, and takes one read by a call', () => {
    const { live, sockets } = setUp(7);
    const counts: number[] = [];
    live.onUnread((count) => counts.push(count));
    live.start();
    sockets[0]!.open();
    sockets[0]!.receive({ code: 200201, data: { unReadCount: 5, teamId: 8 } });
    sockets[0]!.receive({ code: 200201, data: { unReadCount: 3, teamId: 7 } });
    live.setUnread(4);
    live.setUnread(-1);
    expect(counts).toEqual([3, 4]);
    expect(live.unread).toBe(4);
  });
});

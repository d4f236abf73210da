import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Realtime } from '../realtime/types.js';

/** The behaviour every realtime adapter must have. `open` is called twice to stand for two gateway replicas. */
export function realtimeContract(name: string, open: () => Promise<Realtime>): void {
  describe(`realtime contract: ${name}`, () => {
    let publisher: Realtime;
    let receiver: Realtime;
    beforeEach(async () => {
      publisher = await open();
      receiver = await open();
    });
    afterEach(async () => {
      await publisher.close();
      await receiver.close();
    });

    const nextMessage = (realtime: Realtime, audience: { userId: number } | { teamId: number }) =>
      new Promise<{ payload: unknown; unsubscribe: () => Promise<void> }>((resolve) => {
        const unsubscribing = realtime.subscribe(audience, (payload) => {
          void unsubscribing.then((unsubscribe) => resolve({ payload, unsubscribe }));
        });
      });

    it('pushes to a user and to a team, and only to them', async () => {
      const others: unknown[] = [];
      const stopOther = await receiver.subscribe({ userId: 2 }, (p) => others.push(p));
      const user = nextMessage(receiver, { userId: 1 });
      const team = nextMessage(receiver, { teamId: 1 });
      await publisher.publish({ userId: 1 }, { code: 200201, data: { unReadCount: 3 } });
      await publisher.publish({ teamId: 1 }, { hello: 'team' });
      const [u, t] = await Promise.all([user, team]);
      expect(u.payload).toEqual({ code: 200201, data: { unReadCount: 3 } });
      expect(t.payload).toEqual({ hello: 'team' });
      await Promise.all([u.unsubscribe(), t.unsubscribe(), stopOther()]);
      expect(others).toEqual([]);
    });

    it('stops delivering after unsubscribe', async () => {
      const seen: unknown[] = [];
      const stop = await receiver.subscribe({ userId: 5 }, (p) => seen.push(p));
      await stop();
      await publisher.publish({ userId: 5 }, 'late');
      const probe = nextMessage(receiver, { userId: 6 });
      await publisher.publish({ userId: 6 }, 'probe');
      await (await probe).unsubscribe();
      expect(seen).toEqual([]);
    });
  });
}

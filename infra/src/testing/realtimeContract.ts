import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Audience, Realtime } from '../realtime/types.js';

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

    /** Subscribes (resolving once the subscription is in place) and exposes the first message received. */
    const listen = async (realtime: Realtime, audience: Audience) => {
      let resolve!: (payload: unknown) => void;
      const received = new Promise<unknown>((r) => {
        resolve = r;
      });
      const unsubscribe = await realtime.subscribe(audience, (payload) => resolve(payload));
      return { received, unsubscribe };
    };

    it('pushes to a user and to a team, and only to them', async () => {
      const others: unknown[] = [];
      const stopOther = await receiver.subscribe({ userId: 2 }, (p) => others.push(p));
      const user = await listen(receiver, { userId: 1 });
      const team = await listen(receiver, { teamId: 1 });
      await publisher.publish({ userId: 1 }, { code: 200201, data: { unReadCount: 3 } });
      await publisher.publish({ teamId: 1 }, { hello: 'team' });
      expect(await user.received).toEqual({ code: 200201, data: { unReadCount: 3 } });
      expect(await team.received).toEqual({ hello: 'team' });
      // A message to user 2 after those would arrive after them on one connection; none was sent.
      await Promise.all([user.unsubscribe(), team.unsubscribe(), stopOther()]);
      expect(others).toEqual([]);
    });

    it('stops delivering after unsubscribe', async () => {
      const seen: unknown[] = [];
      const stop = await receiver.subscribe({ userId: 5 }, (p) => seen.push(p));
      await stop();
      await publisher.publish({ userId: 5 }, 'late');
      // A later message on the same path arrives after 'late' would have: once it is here, 'late' is not coming.
      const probe = await listen(receiver, { userId: 6 });
      await publisher.publish({ userId: 6 }, 'probe');
      expect(await probe.received).toBe('probe');
      await probe.unsubscribe();
      expect(seen).toEqual([]);
    });
  });
}

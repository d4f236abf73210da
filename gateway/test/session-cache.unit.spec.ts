import { describe, expect, it } from 'vitest';
import { SessionCache } from '../src/plugins/sessions.js';

describe('session cache', () => {
  const identity = (n: number) => ({ userId: n, sessionId: `s${n}` });

  it('keeps a verified session until its time to live, and no longer', () => {
    let now = 1_000;
    const cache = new SessionCache(60_000, 10, () => now);
    cache.keep('t1', identity(1), 0);
    expect(cache.get('t1')).toMatchObject(identity(1));
    now += 59_999;
    expect(cache.get('t1')).toMatchObject(identity(1));
    now += 1;
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never keeps a session past its own expiry', () => {
    let now = 1_000;
    const cache = new SessionCache(60_000, 10, () => now);
    cache.keep('t1', identity(1), 6_000);
    now = 5_999;
    expect(cache.get('t1')).toBeDefined();
    now = 6_000;
    expect(cache.get('t1')).toBeUndefined();
  });

  it('forgets an ended session by its id, and only it', () => {
    const cache = new SessionCache();
    cache.keep('t1', identity(1), 0);
    cache.keep('t2', identity(2), 0);
    cache.forget('s1');
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.get('t2')).toMatchObject(identity(2));
    cache.forget('unknown');
    expect(cache.size).toBe(1);
  });

  it('holds at most its cap, letting the oldest go first', () => {
    const cache = new SessionCache(60_000, 3);
    for (let n = 1; n <= 5; n++) cache.keep(`t${n}`, identity(n), 0);
    expect(cache.size).toBe(3);
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.get('t2')).toBeUndefined();
    expect(cache.get('t5')).toMatchObject(identity(5));
  });
});

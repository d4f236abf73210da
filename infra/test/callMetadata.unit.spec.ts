import { Metadata } from 'nice-grpc-common';
import { describe, expect, it } from 'vitest';
import { callerMetadata, callerOf } from '../src/grpc/caller.js';
import { CallMetadata } from '../src/grpc/metadata.js';

const entries = (metadata: Iterable<[string, unknown[]]>) => [...metadata].map(([key, values]) => [key, [...values]]);

/** Each step applied to nice-grpc's Metadata and to ours: both end the same, or both throw the same message. */
function both(step: (m: Metadata) => unknown) {
  const run = (m: Metadata) => {
    try {
      return { value: step(m), entries: entries(m) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  };
  return { nice: run(Metadata()), ours: run(new CallMetadata()) };
}

describe('CallMetadata (issue 24)', () => {
  it('behaves as nice-grpc’s Metadata: keys lower-cased, lists joined, binary kept apart, bad entries refused', () => {
    const steps: ((m: Metadata) => unknown)[] = [
      (m) => m.set('X-Pmbok-User-Id', '42').get('x-pmbok-user-id'),
      (m) => m.set('a', ['1', '2']).getAll('a'),
      (m) => m.append('a', '1').append('a', '2').get('a'),
      (m) => m.set('k-bin', [new Uint8Array([1]), new Uint8Array([2])]).getAll('k-bin').length,
      (m) => m.set('a', '1').set('a', []).has('a'),
      (m) => {
        m.set('a', '1');
        m.delete('A');
        return m.has('a');
      },
      (m) => m.set('bad key', '1'),
      (m) => m.set('k', 'zh 中文'),
      (m) => m.set('k-bin', 'text' as never),
      (m) => m.set('k', new Uint8Array([1]) as never),
    ];
    for (const step of steps) {
      const { nice, ours } = both(step);
      expect(ours).toEqual(nice);
    }
  });

  it('copies without sharing: a later change to either side is not seen by the other', () => {
    const source = callerMetadata({ userId: 7, teamId: 3, correlationId: 'req-12345678' });
    const copy = CallMetadata.copyOf(source);
    copy.append('x-pmbok-team-id', '4');
    source.set('x-pmbok-user-id', '8');
    expect(source.get('x-pmbok-team-id')).toBe('3');
    expect(copy.get('x-pmbok-user-id')).toBe('7');
    expect(copy.get('x-pmbok-team-id')).toBe('3, 4');
    // from nice-grpc's kind too, checked as it is copied
    const nice = Metadata({ 'x-pmbok-user-id': '9' });
    expect(CallMetadata.copyOf(nice).get('x-pmbok-user-id')).toBe('9');
    expect(entries(CallMetadata.copyOf(undefined))).toEqual([]);
  });

  it('carries the caller as the services read it', () => {
    const caller = { userId: 11, sessionId: 's1', teamId: 5, clientIp: '127.0.0.1', correlationId: 'c-123456789' };
    const metadata = callerMetadata(caller);
    expect(callerOf({ metadata } as never)).toEqual(caller);
    expect(() => callerMetadata({ correlationId: 'bad\nvalue' })).toThrow(/illegal characters/);
  });
});

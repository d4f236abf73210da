import { describe, expect, it } from 'vitest';
import { parseStreamId, StreamIdError, splitStreamId, streamId } from '../src/streamIds.js';

describe('stream ids', () => {
  it('round-trips a numeric id through its kind', () => {
    const id = streamId('team', 1234567890123);
    expect(id).toBe('team-1234567890123');
    expect(parseStreamId(id, 'team')).toBe(1234567890123);
    expect(parseStreamId(streamId('taskProject', 0), 'taskProject')).toBe(0);
  });

  it('refuses a stream of another kind, where slicing the prefix off read another id', () => {
    expect(() => parseStreamId('teamSelection-42', 'team')).toThrow(StreamIdError);
    expect(() => parseStreamId('user-42', 'team')).toThrow(StreamIdError);
  });

  it('refuses ids that are not plain non-negative integers', () => {
    for (const malformed of [
      'team-',
      'team-abc',
      'team-1e3',
      'team-0x1',
      'team- 1',
      'team-01',
      'team--1',
      'team-1.5',
    ]) {
      expect(() => parseStreamId(malformed, 'team'), malformed).toThrow(StreamIdError);
    }
    expect(() => parseStreamId(`team-${2 ** 53}`, 'team')).toThrow(StreamIdError);
    expect(() => streamId('team', Number.NaN)).toThrow(StreamIdError);
    expect(() => streamId('team', -1)).toThrow(StreamIdError);
  });

  it('splits a numeric stream id into kind and id, and leaves string-keyed streams alone', () => {
    expect(splitStreamId('task-7')).toEqual({ kind: 'task', id: 7 });
    expect(splitStreamId('templateCopy-3f2a-7')).toBeNull();
    expect(splitStreamId('telephone-13800000000x')).toBeNull();
  });
});

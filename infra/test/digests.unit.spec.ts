import { describe, expect, it } from 'vitest';
import { digestsEqual, sha256 } from '../src/ids.js';

describe('digestsEqual', () => {
  const digest = sha256('answer');

  it('matches the same digest, in either case', () => {
    expect(digestsEqual(digest, digest)).toBe(true);
    expect(digestsEqual(digest.toUpperCase(), digest)).toBe(true);
  });

  it('refuses another digest, a prefix, and a digest with a tail of other characters', () => {
    expect(digestsEqual(sha256('other'), digest)).toBe(false);
    expect(digestsEqual(digest.slice(0, 32), digest)).toBe(false);
    // Buffer.from(…, 'hex') would stop at the first non-hex character and decode these to the same bytes
    expect(digestsEqual(`${digest}zz`, digest)).toBe(false);
    expect(digestsEqual(`${digest}!`, digest)).toBe(false);
    expect(digestsEqual(`${digest}0`, digest)).toBe(false);
  });

  it('refuses empty and non-hex values', () => {
    expect(digestsEqual('', '')).toBe(false);
    expect(digestsEqual('xyz', 'xyz')).toBe(false);
  });
});

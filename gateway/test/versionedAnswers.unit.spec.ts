import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SerializedAnswer } from '../src/plugins/api.js';
import { acceptedEncoding } from '../src/plugins/serializedAnswer.js';
import { perApp, VersionedAnswers } from '../src/routes/api/versionedAnswers.js';

const answer = (size: number, mark = 'x') => new SerializedAnswer(mark.repeat(size));

describe('versioned answers (the gateway keeps serialized trees by the version the service gave them)', () => {
  it('gives a kept answer back only at its version, and keeps one version per key', () => {
    const kept = new VersionedAnswers();
    expect(kept.knownVersion(7)).toBe(0);
    const first = kept.keep(7, 3, answer(10, 'a'));
    expect(kept.knownVersion(7)).toBe(3);
    expect(kept.answerAt(7, 3)).toBe(first);
    expect(kept.answerAt(7, 4)).toBeUndefined();
    expect(kept.answerAt(8, 3)).toBeUndefined();
    const second = kept.keep(7, 5, answer(10, 'b'));
    expect(kept.answerAt(7, 3)).toBeUndefined();
    expect(kept.answerAt(7, 5)).toBe(second);
  });

  it('keeps nothing at version 0 (a tree never changed has no version to compare) and nothing too large', () => {
    const kept = new VersionedAnswers(100);
    const unversioned = answer(10);
    expect(kept.keep(1, 0, unversioned)).toBe(unversioned);
    expect(kept.knownVersion(1)).toBe(0);
    kept.keep(2, 1, answer(101));
    expect(kept.knownVersion(2)).toBe(0);
  });

  it('forgets the least recently used answers beyond its size', () => {
    const kept = new VersionedAnswers(100);
    kept.keep(1, 1, answer(40));
    kept.keep(2, 1, answer(40));
    kept.answerAt(1, 1); // 1 is now the most recently used
    kept.keep(3, 1, answer(40));
    expect([1, 2, 3].map((key) => kept.knownVersion(key))).toEqual([1, 0, 1]);
    kept.keep(1, 2, answer(60)); // replacing an answer gives its size back first
    expect([1, 2, 3].map((key) => kept.knownVersion(key))).toEqual([2, 0, 1]);
  });

  it('makes one cache per app', () => {
    const of = perApp(() => new VersionedAnswers());
    const a = {};
    expect(of(a)).toBe(of(a));
    expect(of(a)).not.toBe(of({}));
  });
});

describe('the encoding a kept answer goes in', () => {
  it('prefers brotli, then gzip, and honours a refusal by q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('BR')).toBe('br');
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding('gzip;q=0')).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });

  it('compresses large answers once per encoding and leaves small ones alone', () => {
    const large = new SerializedAnswer(JSON.stringify({ nodes: Array.from({ length: 2_000 }, (_, i) => ({ i })) }));
    expect(large.compressible).toBe(true);
    expect(large.encoded('br')).toBe(large.encoded('br'));
    expect(brotliDecompressSync(large.encoded('br')).equals(large.body)).toBe(true);
    expect(gunzipSync(large.encoded('gzip')).equals(large.body)).toBe(true);
    expect(new SerializedAnswer('{"code":200}').compressible).toBe(false);
  });
});

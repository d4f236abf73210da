import { describe, expect, it } from 'vitest';
import { decryptScript, encryptScript } from '../src/knowledge/scriptCipher';

const script = 'pm.environment.set("token", "令牌");';
const nonce = Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
/**
 * The gateway test's vector (made by Python's `cryptography` AESGCM under the shared key), so the console and the
 * gateway provably speak the same format rather than each agreeing with itself.
 */
const VECTOR = 'AAECAwQFBgcICQoLwc73kAHYhP/CK2ebkyjuV16e618yArQfSVPbzHLw4FSEOALupyqmWCKcx+Xj2FF961neZR+v';

describe('the scripts wire cipher (AES-256-GCM, base64(nonce ‖ ciphertext ‖ tag))', () => {
  it('matches the gateway known vector both ways', () => {
    expect(encryptScript(script, nonce)).toBe(VECTOR);
    expect(decryptScript(VECTOR)).toBe(script);
  });

  it('round-trips with a fresh nonce each time, and an empty script as empty text', () => {
    const first = encryptScript(script);
    expect(first).not.toBe(encryptScript(script));
    expect(decryptScript(first)).toBe(script);
    expect(encryptScript('')).toBe('');
    expect(decryptScript('')).toBe('');
  });

  it('refuses a text it did not make', () => {
    const altered = Uint8Array.from(atob(VECTOR), (char) => char.charCodeAt(0));
    altered[20] = (altered[20] ?? 0) ^ 1;
    const text = btoa(String.fromCharCode(...altered));
    for (const bad of [text, 'not base64!', btoa('return 1; // never encrypted'), VECTOR.slice(0, 24)])
      expect(decryptScript(bad)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/plugins/api.js';
import { decryptScript, encryptScript, MAX_SCRIPT_BYTES, scriptOfSave } from '../src/routes/api/scriptCipher.js';

const script = 'pm.environment.set("token", "令牌");';
const nonce = Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
/**
 * `script` under the fixed key with `nonce`, made by another implementation (Python's `cryptography` AESGCM), so the
 * format here is the one the console's @noble/ciphers twin must produce, not only one this file agrees with itself on.
 */
const VECTOR = 'AAECAwQFBgcICQoLwc73kAHYhP/CK2ebkyjuV16e618yArQfSVPbzHLw4FSEOALupyqmWCKcx+Xj2FF961neZR+v';

const refusal = (text: string) => {
  try {
    scriptOfSave(text);
  } catch (error) {
    return error instanceof ApiError ? `${error.code} ${error.message}` : String(error);
  }
  return 'accepted';
};

describe('script cipher (AES-256-GCM, base64(nonce ‖ ciphertext ‖ tag))', () => {
  it('matches the known vector both ways', () => {
    expect(encryptScript(script, nonce)).toBe(VECTOR);
    expect(decryptScript(VECTOR)).toBe(script);
  });

  it('round-trips with a fresh nonce each time', () => {
    const first = encryptScript(script);
    expect(first).not.toBe(encryptScript(script));
    expect(decryptScript(first)).toBe(script);
    expect(encryptScript('')).toBe('');
    expect(decryptScript('')).toBe('');
  });

  it('refuses a text this key did not make', () => {
    const bytes = Buffer.from(VECTOR, 'base64');
    bytes[20] = (bytes[20] ?? 0) ^ 1;
    for (const text of [
      bytes.toString('base64'),
      VECTOR.slice(0, -8),
      'not base64!',
      'AAAA',
      Buffer.from(script).toString('base64'),
      `${VECTOR}AA==`,
    ]) {
      expect(decryptScript(text), text).toBeUndefined();
      expect(refusal(text)).toBe('400 脚本内容无法解密');
    }
  });

  it('checks a saved script: JavaScript that parses (top-level await allowed), at most 100 KB, never run', () => {
    expect(scriptOfSave(encryptScript(script))).toBe(script);
    expect(refusal(encryptScript('const r = await fetch(url); return r;'))).toBe('accepted');
    // It would throw if it ran.
    expect(refusal(encryptScript('throw new Error("ran")'))).toBe('accepted');
    expect(refusal(encryptScript('function (')).startsWith('400 脚本不是有效的JavaScript')).toBe(true);
    expect(refusal(encryptScript('}); (async () => {'))).toMatch(/^400 脚本不是有效的JavaScript/);
    expect(refusal(encryptScript(`//${'x'.repeat(MAX_SCRIPT_BYTES)}`))).toBe('400 脚本最多100KB');
  });
});

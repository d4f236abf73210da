import { gcm } from '@noble/ciphers/aes.js';
import { hexToBytes, randomBytes } from '@noble/ciphers/utils.js';

/*
 * The wire cipher of a project's before and after scripts (SPEC §7: the client encrypts them with a fixed symmetric
 * key). The twin of gateway/src/routes/api/scriptCipher.ts, whose comment is the format both follow: AES-256-GCM,
 * 128-bit tag, no associated data; base64(nonce (12) ‖ ciphertext ‖ tag (16)); an empty script travels as ''.
 * The key ships in every browser, so it is no secret: it keeps a script out of casual logs and proxies, nothing more.
 */
const SCRIPT_KEY_HEX = 'a4c2ad8717a1823c6d653af8837a99ce2825f527bfc7a0eadd2affd37af556f8';
const KEY = hexToBytes(SCRIPT_KEY_HEX);
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

const toBase64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

/** The wire text of `script`, with a fresh nonce (or `nonce` for a known vector). */
export function encryptScript(script: string, nonce: Uint8Array = randomBytes(NONCE_BYTES)): string {
  if (script === '') return '';
  const sealed = gcm(KEY, nonce).encrypt(new TextEncoder().encode(script));
  const wire = new Uint8Array(NONCE_BYTES + sealed.length);
  wire.set(nonce);
  wire.set(sealed, NONCE_BYTES);
  return toBase64(wire);
}

/** The script a wire text carries; undefined when this key did not make it (altered, truncated, another key). */
export function decryptScript(text: string): string | undefined {
  if (text === '') return '';
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return undefined;
  const bytes = fromBase64(text);
  if (bytes.length < NONCE_BYTES + TAG_BYTES) return undefined;
  try {
    const plain = gcm(KEY, bytes.subarray(0, NONCE_BYTES)).decrypt(bytes.subarray(NONCE_BYTES));
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    return undefined;
  }
}

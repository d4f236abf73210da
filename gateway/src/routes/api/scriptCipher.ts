import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { ApiError } from '../../plugins/api.js';

/*
 * The cipher of a project's before and after scripts on the wire (SPEC §7: the client encrypts them with a fixed
 * symmetric key). The console's twin is console/src/knowledge/scriptCipher.ts (@noble/ciphers); both must agree on:
 *
 *   algorithm  AES-256-GCM, 128-bit tag, no associated data
 *   key        the 32 bytes of SCRIPT_KEY_HEX below
 *   text       base64( nonce (12 random bytes) ‖ ciphertext ‖ tag (16 bytes) ), standard alphabet with padding,
 *              of the script's UTF-8 bytes; an empty script is sent as an empty text, not encrypted
 *
 * The key ships in every browser, so it is no secret: it keeps a script out of casual logs and proxies, nothing more.
 */
export const SCRIPT_KEY_HEX = 'a4c2ad8717a1823c6d653af8837a99ce2825f527bfc7a0eadd2affd37af556f8';

const KEY = Buffer.from(SCRIPT_KEY_HEX, 'hex');
/** Parses a function body without running it; async, as a script may `await` and `return` at its top. */
const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (body: string) => unknown;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** docs/api/knowledge.md: a script is at most 100 KB once decrypted. */
export const MAX_SCRIPT_BYTES = 100 * 1024;

/** The wire text of `script`, with a fresh nonce (or `nonce` for a known vector). */
export function encryptScript(script: string, nonce: Buffer = randomBytes(NONCE_BYTES)): string {
  if (script === '') return '';
  const cipher = createCipheriv('aes-256-gcm', KEY, nonce, { authTagLength: TAG_BYTES });
  const body = Buffer.concat([cipher.update(script, 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64');
}

/** The script a wire text carries; undefined when it is not one this key made (altered, truncated, other key). */
export function decryptScript(text: string): string | undefined {
  if (text === '') return '';
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return undefined;
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length < NONCE_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', KEY, bytes.subarray(0, NONCE_BYTES), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]);
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    return undefined;
  }
}

/**
 * The script a save sends, decrypted and checked: within the size limit and JavaScript that parses (compiled, never
 * run), else a 400 the settings screen shows.
 */
export function scriptOfSave(text: string): string {
  const script = decryptScript(text);
  if (script === undefined) throw new ApiError(400, '脚本内容无法解密');
  if (Buffer.byteLength(script, 'utf8') > MAX_SCRIPT_BYTES) throw new ApiError(400, '脚本最多100KB');
  try {
    // Building the function checks the syntax only; it is never called, so nothing of the script runs here.
    new AsyncFunction(script);
  } catch (error) {
    const reason = error instanceof SyntaxError ? `：${error.message}`.slice(0, 200) : '';
    throw new ApiError(400, `脚本不是有效的JavaScript${reason}`);
  }
  return script;
}

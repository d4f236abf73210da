import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's cost (N = 2^14, r = 8, p = 1): node's default, some 50 ms per check, 16 MB of memory. */
const KEY_LENGTH = 32;

const derive = (password: string, salt: Buffer) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, (error, key) => (error ? reject(error) : resolve(key))),
  );

/** `salt:hash` in hex: what a link keeps of its password. */
export async function hashSharePassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return `${salt.toString('hex')}:${(await derive(password, salt)).toString('hex')}`;
}

export async function verifySharePassword(password: string, stored: string): Promise<boolean> {
  const [salt, hash] = stored.split(':');
  if (!salt || !hash) return false;
  const expected = Buffer.from(hash, 'hex');
  const actual = await derive(password, Buffer.from(salt, 'hex'));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

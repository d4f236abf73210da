import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * Numeric ids (the API shows user, team and project ids as numbers, 0 meaning none), time-ordered and safe in
 * JSON: milliseconds since 2024 × 2^11 + 11 bits that start at random in each millisecond and then count, which
 * stays below 2^53 for a century. Two processes meeting on one id make a stream append fail its expected
 * version (the command is retried), never a merged record.
 */
const EPOCH = Date.UTC(2024, 0, 1);
let lastMs = 0;
let sequence = 0;

export function nextNumericId(now = Date.now()): number {
  const ms = now - EPOCH;
  if (ms > lastMs) {
    lastMs = ms;
    sequence = randomInt(0, 0x400);
  } else if (sequence < 0x7ff) {
    sequence += 1;
  } else {
    // A millisecond's ids are spent: borrow the next one. Ids stay strictly increasing in a process even when the
    // clock lags behind (a loop drawing thousands of ids in one millisecond), so it never hands out one twice.
    lastMs += 1;
    sequence = randomInt(0, 0x400);
  }
  return lastMs * 0x800 + sequence;
}

export const newEventId = (): string => randomUUID();

/** An opaque bearer token: 256 random bits. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const hmacSha256 = (secret: string, value: string): string =>
  createHmac('sha256', secret).update(value).digest('hex');

const HEX = /^(?:[0-9a-f]{2})+$/i;

/**
 * Compares two hex digests in constant time. Anything but whole hex is unequal: Buffer.from(…, 'hex') stops at the
 * first non-hex character, so without the check a digest with any tail appended would match.
 */
export function digestsEqual(a: string, b: string): boolean {
  if (!HEX.test(a) || !HEX.test(b)) return false;
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** A decimal one-time code of the given length from the CSPRNG. */
export const newNumericCode = (length: number): string =>
  Array.from({ length }, () => randomInt(0, 10).toString()).join('');

/** A short human-shareable code (no ambiguous characters). */
export function newShareCode(length = 8): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length }, () => alphabet[randomInt(0, alphabet.length)]).join('');
}

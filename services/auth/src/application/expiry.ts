import type { Logger, ServiceRuntime } from '@pmbok/infra';
import { loginGuardStreamId } from '../domain/loginGuard/loginGuard.js';
import { QR_TTL_MS, qrLoginStreamId, REGISTRATION_TTL_MS } from '../domain/qrLogin/qrLogin.js';
import { smsCodeStreamId } from '../domain/smsCode/smsCode.js';
import { smsQuotaStreamId } from '../domain/smsQuota/smsQuota.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * Records that anyone can create without an account (captchas and failure windows, QR tickets, SMS codes and
 * per-address quotas) matter only for a while; each goes once it has been idle well past the longest window its
 * rules read (15-minute guards, 20-minute QR registrations, 24-hour SMS limits), so anonymous calls cannot grow
 * the log without bound. No read model is built from these streams.
 */
export const SHORT_LIVED_STREAMS = [
  { prefix: loginGuardStreamId(''), idleMs: DAY },
  { prefix: qrLoginStreamId(''), idleMs: Math.max(QR_TTL_MS, REGISTRATION_TTL_MS) + HOUR },
  { prefix: smsCodeStreamId(''), idleMs: 2 * DAY },
  { prefix: smsQuotaStreamId(''), idleMs: 2 * DAY },
] as const;

const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** Sweeps expired short-lived streams now and every ten minutes; returns the stop function. */
export function startExpiry(runtime: Pick<ServiceRuntime, 'eventStore'>, logger: Logger, now: () => number = Date.now) {
  const sweep = async () => {
    for (const { prefix, idleMs } of SHORT_LIVED_STREAMS) {
      try {
        const expired = await runtime.eventStore.expireStreams(prefix, now() - idleMs);
        if (expired) logger.info({ prefix, expired }, 'expired short-lived streams');
      } catch (error) {
        logger.warn({ err: error, prefix }, 'short-lived streams not expired');
      }
    }
  };
  let running = sweep();
  const timer = setInterval(() => {
    running = running.then(sweep);
  }, SWEEP_EVERY_MS);
  timer.unref();
  return {
    sweep: () => {
      running = running.then(sweep);
      return running;
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

import type { ServiceContext, Stop } from '@pmbok/infra';
import { GUARD_WINDOW_MS, shareGuardStreamId } from '../domain/share/guard.js';

const SWEEP_EVERY_MS = 10 * 60 * 1000;
/** Well past the 10-minute window the guard reads: an idle guard stream says nothing any more. */
const IDLE_MS = 6 * GUARD_WINDOW_MS;

/**
 * Anyone holding a password link can write wrong guesses (one stream per link and address), so the guard streams
 * go once idle, as the auth service's sign-in guards do: anonymous calls cannot grow the log without bound. No read
 * model is built from them.
 */
export function startShareGuardExpiry({
  runtime,
  logger,
  now,
}: Pick<ServiceContext, 'runtime' | 'logger' | 'now'>): Stop[] {
  // `projectShareGuard-` with nothing after it: every link's streams, the per-address ones too.
  const prefix = shareGuardStreamId(0).replace(/0$/, '');
  const sweep = async () => {
    try {
      const expired = await runtime.eventStore.expireStreams(prefix, now() - IDLE_MS);
      if (expired) logger.info({ prefix, expired }, 'expired share password guards');
    } catch (error) {
      logger.warn({ err: error, prefix }, 'share password guards not expired');
    }
  };
  let running = sweep();
  const timer = setInterval(() => {
    running = running.then(sweep);
  }, SWEEP_EVERY_MS);
  timer.unref();
  return [
    async () => {
      clearInterval(timer);
      await running;
    },
  ];
}

import { fold, handleCommand, hmacSha256 } from '@pmbok/infra';
import {
  checkNotPaused,
  type GuardCommand,
  limits,
  loginGuardDecider,
  loginGuardStreamId,
  recentFailures,
} from '../domain/loginGuard/loginGuard.js';
import type { AuthContext } from './context.js';

/** Sign-in guards (failure windows, captcha) of one account and one client IP. */
export function createLoginGuards({ deps, eventStore, now }: AuthContext) {
  const captchaHash = (telephone: string, answer: string) =>
    hmacSha256(deps.secret, `captcha:${telephone}:${answer.trim().toLowerCase()}`);

  /** The sign-in guards of one account and one client IP (ADR 3); the captcha belongs to the account. */
  async function guardsFor(telephone: string, clientIp: string) {
    const open = async (key: string) => {
      const streamId = loginGuardStreamId(key);
      const state = fold(loginGuardDecider, await eventStore.readStream(streamId));
      const run = (command: GuardCommand) =>
        handleCommand(eventStore, streamId, loginGuardDecider, command, { at: now() });
      return { state, run };
    };
    const account = await open(`phone:${telephone}`);
    const ip = clientIp ? await open(`ip:${clientIp}`) : null;
    return {
      account,
      checkNotPaused() {
        checkNotPaused(account.state, now(), limits.account.pauseAfter);
        if (ip) checkNotPaused(ip.state, now(), limits.ip.pauseAfter);
      },
      needsCaptcha: () =>
        recentFailures(account.state, now()) >= limits.account.captchaAfter ||
        (ip !== null && recentFailures(ip.state, now()) >= limits.ip.captchaAfter),
      async recordFailure() {
        await account.run({ type: 'RecordFailure', metadata: { now: now() } });
        await ip?.run({ type: 'RecordFailure', metadata: { now: now() } });
      },
    };
  }

  return { captchaHash, guardsFor };
}

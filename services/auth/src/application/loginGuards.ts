import { fold, hmacSha256 } from '@pmbok/infra';
import {
  checkNotPaused,
  type GuardCommand,
  limits,
  loginGuardDecider,
  loginGuardStreamId,
  recentFailures,
} from '../domain/loginGuard/loginGuard.js';
import { TELEPHONE } from '../domain/rules.js';
import { findUserByUsername } from '../projections/users/index.js';
import type { AuthContext } from './context.js';

/** Sign-in guards (failure windows, captcha) of one account and one client IP. */
export function createLoginGuards({ deps, eventStore, readStore, now, runCommand }: AuthContext) {
  const captchaHash = (accountKey: string, answer: string) =>
    hmacSha256(deps.secret, `captcha:${accountKey}:${answer.trim().toLowerCase()}`);

  /**
   * The key that failures of one account are counted under, whatever spelling reached it: a login name is looked
   * up case-insensitively, so `Probe` and `pRobe` are the same account and must share one count. An existing
   * account counts under its telephone (so its login name and telephone share the count too); an unknown name
   * under its case-folded form.
   */
  async function accountKeyOf(identifier: string): Promise<string> {
    const trimmed = identifier.trim();
    if (TELEPHONE.test(trimmed)) return trimmed;
    const user = await findUserByUsername(readStore, trimmed);
    return user ? user.telephone : `name:${trimmed.normalize('NFKC').toLowerCase()}`;
  }

  /** The sign-in guards of one account and one client IP (ADR 3); the captcha belongs to the account. */
  async function guardsFor(identifier: string, clientIp: string) {
    const telephone = await accountKeyOf(identifier);
    const open = async (key: string) => {
      const streamId = loginGuardStreamId(key);
      const state = fold(loginGuardDecider, await eventStore.readStream(streamId));
      // Nobody is signed in yet: the guard's events name no actor.
      const run = (command: GuardCommand) => runCommand(streamId, loginGuardDecider, command, {});
      return { state, run };
    };
    const account = await open(`phone:${telephone}`);
    const ip = clientIp ? await open(`ip:${clientIp}`) : null;
    return {
      account,
      /** The captcha's hash under this account's key. */
      captchaHash: (answer: string) => captchaHash(telephone, answer),
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

  return { guardsFor };
}

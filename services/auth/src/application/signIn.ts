import { randomInt } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import {
  type Caller,
  invalid,
  newEventId,
  newNumericCode,
  newShareCode,
  nextNumericId,
  sha256,
  unauthenticated,
} from '@pmbok/infra';
import svgCaptcha from 'svg-captcha';
import { captchaMessages } from '../domain/loginGuard/loginGuard.js';
import {
  checkNewPassword,
  checkSmsCodeShape,
  checkTelephone,
  messages,
  SMS_CODE_LENGTH,
  TELEPHONE,
} from '../domain/rules.js';
import { smsCodeDecider } from '../domain/smsCode/businessLogic.js';
import { type SmsPurpose, smsCodeStreamId } from '../domain/smsCode/smsCode.js';
import { DAILY_LIMIT_PER_IP, smsQuotaDecider, smsQuotaStreamId } from '../domain/smsQuota/smsQuota.js';
import { userDecider } from '../domain/user/businessLogic.js';
import { userStreamId } from '../domain/user/user.js';
import { findSessionByTokenHash } from '../projections/sessions/index.js';
import { findUserByTelephone, findUserByUsername, toProfile } from '../projections/users/index.js';
import { type AuthContext, hashPassword } from './context.js';
import { createLoginGuards } from './loginGuards.js';

// svg-captcha draws glyphs as paths (no <text> a bot could read); its default export renders a given text.
const renderCaptcha = svgCaptcha as unknown as (text: string, options: svgCaptcha.ConfigObject) => string;
const CAPTCHA_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';
const randomCaptchaText = () =>
  Array.from({ length: 5 }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join('');

/** Registration, every way of signing in and out, and password reset. */
export function createSignIn(context: AuthContext) {
  const { deps, readStore, now, runCommand, codeHash, consumeSmsCode, startSession } = context;
  const { guardsFor } = createLoginGuards(context);
  // Verifying against this when no account matches keeps the answer time the same either way.
  const decoyHash = hashPassword('decoy password 1!');

  return {
    async sendSmsCode(telephone: string, smsType: SmsPurpose, caller: Partial<Caller>) {
      checkTelephone(telephone);
      const registered = (await findUserByTelephone(readStore, telephone)) !== null;
      // SPEC §5/§8: registration needs a new number, every other purpose an existing account.
      if ((smsType === 2 || smsType === 4) && registered) throw invalid(messages.alreadyRegistered);
      if ((smsType === 1 || smsType === 3) && !registered) throw invalid(messages.notRegistered);
      if (caller.clientIp) {
        await runCommand(
          smsQuotaStreamId(caller.clientIp),
          smsQuotaDecider,
          {
            type: 'RequestSmsSend',
            data: { dailyLimit: deps.smsIpDailyLimit ?? DAILY_LIMIT_PER_IP },
            metadata: { now: now() },
          },
          caller,
        );
      }
      const code = newNumericCode(SMS_CODE_LENGTH);
      await runCommand(
        smsCodeStreamId(telephone),
        smsCodeDecider,
        {
          type: 'IssueSmsCode',
          data: { telephone, smsType, codeHash: codeHash(telephone, code), clientIp: caller.clientIp ?? '' },
          metadata: { now: now() },
        },
        caller,
      );
      await deps.sms.send(telephone, { kind: 'code', smsType, code });
      return { resendAfterSeconds: 60 };
    },

    async register(
      input: { telephone: string; password: string; repeatPassword: string; code: string; inviterShareCode: string },
      caller: Partial<Caller>,
      commandId = newEventId(),
    ) {
      checkTelephone(input.telephone);
      checkNewPassword(input.password, input.repeatPassword);
      checkSmsCodeShape(input.code);
      const existing = await findUserByTelephone(readStore, input.telephone);
      if (existing) throw invalid(messages.alreadyRegistered);

      await consumeSmsCode(input.telephone, 2, input.code, caller, commandId);
      const passwordHash = await hashPassword(input.password);
      // A retried request finds its earlier claim and continues with the same user id.
      const userId = await context.claimIdentifier(
        'telephone',
        input.telephone,
        nextNumericId(now()),
        caller,
        `${commandId}:claim`,
      );
      await runCommand(
        userStreamId(userId),
        userDecider,
        {
          type: 'RegisterUser',
          data: {
            userId,
            telephone: input.telephone,
            passwordHash,
            nickname: `用户${input.telephone.slice(-4)}`,
            shareCode: newShareCode(),
            inviterShareCode: input.inviterShareCode,
          },
        },
        caller,
        { commandId: `${commandId}:register` },
      );
      return startSession({ userId }, 'register', caller);
    },

    async loginByPassword(input: { telephone: string; password: string; captcha: string }, caller: Partial<Caller>) {
      if (input.telephone === '') throw invalid(messages.accountRequired);
      if (input.password === '') throw invalid(messages.passwordRequired);
      const guard = await guardsFor(input.telephone, caller.clientIp ?? '');
      guard.checkNotPaused();
      if (guard.needsCaptcha()) {
        if (!input.captcha) throw invalid(captchaMessages.required);
        const { events } = await guard.account.run({
          type: 'UseCaptcha',
          data: { answerHash: guard.captchaHash(input.captcha) },
          metadata: { now: now() },
        });
        if (events.some((e) => e.type === 'CaptchaRejected')) throw invalid(captchaMessages.wrong);
      }
      // The account is a telephone or a bound login name.
      const user = TELEPHONE.test(input.telephone)
        ? await findUserByTelephone(readStore, input.telephone)
        : await findUserByUsername(readStore, input.telephone);
      const matches = await verify(user?.passwordHash ?? (await decoyHash), input.password);
      if (!user || !matches) {
        await guard.recordFailure();
        throw invalid(messages.badCredentials);
      }
      await guard.account.run({ type: 'RecordSuccess', metadata: { now: now() } });
      return startSession(user, 'password', caller);
    },

    async needsLoginCaptcha(telephone: string, caller: Partial<Caller>) {
      return (await guardsFor(telephone, caller.clientIp ?? '')).needsCaptcha();
    },

    async loginCaptcha(telephone: string) {
      if (telephone === '') throw invalid(messages.accountRequired);
      const text = (deps.captchaText ?? randomCaptchaText)();
      const guard = await guardsFor(telephone, '');
      await guard.account.run({
        type: 'IssueCaptcha',
        data: { answerHash: guard.captchaHash(text) },
        metadata: { now: now() },
      });
      return renderCaptcha(text, { noise: 3, color: true });
    },

    async loginBySmsCode(input: { telephone: string; code: string }, caller: Partial<Caller>) {
      checkTelephone(input.telephone);
      checkSmsCodeShape(input.code);
      const user = await findUserByTelephone(readStore, input.telephone);
      if (!user) throw invalid(messages.notRegistered);
      await consumeSmsCode(input.telephone, 1, input.code, caller);
      return startSession(user, 'sms', caller);
    },

    async resetPassword(
      input: { telephone: string; code: string; password: string; repeatPassword: string },
      caller: Partial<Caller>,
    ) {
      checkTelephone(input.telephone);
      checkSmsCodeShape(input.code);
      checkNewPassword(input.password, input.repeatPassword);
      const user = await findUserByTelephone(readStore, input.telephone);
      if (!user) throw invalid(messages.notRegistered);
      await consumeSmsCode(input.telephone, 3, input.code, caller);
      await runCommand(
        userStreamId(user.userId),
        userDecider,
        { type: 'ResetPassword', data: { passwordHash: await hashPassword(input.password) } },
        caller,
      );
      return toProfile(user);
    },

    async isRegistered(telephone: string) {
      checkTelephone(telephone);
      return (await findUserByTelephone(readStore, telephone)) !== null;
    },

    async authenticate(token: string) {
      if (!token) throw unauthenticated('请先登录');
      const session = await findSessionByTokenHash(readStore, sha256(token));
      if (!session || session.expiresAt <= now()) throw unauthenticated();
      return { userId: session.userId, sessionId: session.sessionId, expiresAt: session.expiresAt };
    },

    async logout(caller: Caller) {
      await runCommand(
        userStreamId(caller.userId),
        userDecider,
        { type: 'EndSession', data: { sessionId: caller.sessionId, reason: 'logout' } },
        caller,
      );
    },
  };
}

export type SignIn = ReturnType<typeof createSignIn>;

import { randomInt } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import {
  type AppendContext,
  type Caller,
  fold,
  handleCommand,
  hmacSha256,
  invalid,
  type Logger,
  newEventId,
  newNumericCode,
  newShareCode,
  newToken,
  nextNumericId,
  notFound,
  type ProjectionRunner,
  type ServiceRuntime,
  type SmsProvider,
  sha256,
  unauthenticated,
} from '@pmbok/infra';
import svgCaptcha from 'svg-captcha';
import {
  captchaMessages,
  checkNotPaused,
  type GuardCommand,
  limits,
  loginGuardDecider,
  loginGuardStreamId,
  recentFailures,
} from './domain/loginGuard/loginGuard.js';
import {
  checkNewPassword,
  checkSmsCodeShape,
  checkTelephone,
  maskTelephone,
  messages,
  SMS_CODE_LENGTH,
} from './domain/rules.js';
import { smsCodeDecider } from './domain/smsCode/businessLogic.js';
import { type SmsPurpose, smsCodeStreamId } from './domain/smsCode/smsCode.js';
import { telephoneDecider, telephoneStreamId } from './domain/telephone/telephone.js';
import { userDecider } from './domain/user/businessLogic.js';
import { userStreamId } from './domain/user/user.js';
import { findSessionByTokenHash } from './projections/sessions/index.js';
import { findUserById, findUserByTelephone, type UserDoc } from './projections/users/index.js';

export interface AccountsDeps {
  runtime: ServiceRuntime;
  projections: ProjectionRunner;
  sms: SmsProvider;
  /** Peppers SMS code hashes, so a leaked log does not give codes away by brute force. */
  secret: string;
  logger: Logger;
  now?: () => number;
  /** The captcha's characters; tests choose them, production draws them from the CSPRNG. */
  captchaText?: () => string;
}

// svg-captcha draws glyphs as paths (no <text> a bot could read); its default export renders a given text.
const renderCaptcha = svgCaptcha as unknown as (text: string, options: svgCaptcha.ConfigObject) => string;
const CAPTCHA_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';
const randomCaptchaText = () =>
  Array.from({ length: 5 }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join('');

/** Argon2id at OWASP's recommended minimum (19 MiB, 2 passes). */
const ARGON2 = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** The auth service's use cases: each turns a request into commands on aggregates, or a query. */
export function createAccounts(deps: AccountsDeps) {
  const { eventStore, readStore } = deps.runtime;
  const now = deps.now ?? Date.now;
  const codeHash = (telephone: string, code: string) => hmacSha256(deps.secret, `${telephone}:${code}`);
  // Verifying against this when no account matches keeps the answer time the same either way.
  const decoyHash = hash('decoy password 1!', ARGON2);

  const contextOf = (caller: Partial<Caller>, commandId?: string): AppendContext => ({
    commandId,
    actor: caller.userId ? String(caller.userId) : undefined,
    correlationId: caller.correlationId,
    at: now(),
  });

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

  /** Answers only after the read models include the change, so the caller's next request sees it. */
  const settled = (position: number) => (position > 0 ? deps.projections.waitFor(position) : Promise.resolve());

  async function consumeSmsCode(
    telephone: string,
    smsType: SmsPurpose,
    code: string,
    caller: Partial<Caller>,
    commandId?: string,
  ) {
    const { events, result } = await handleCommand(
      eventStore,
      smsCodeStreamId(telephone),
      smsCodeDecider,
      { type: 'VerifySmsCode', data: { smsType, codeHash: codeHash(telephone, code) }, metadata: { now: now() } },
      contextOf(caller, commandId && `${commandId}:sms`),
    );
    const rejected = events.find((event) => event.type === 'SmsCodeRejected');
    if (rejected) throw invalid((rejected.data as { burnt: boolean }).burnt ? messages.codeBurnt : messages.codeWrong);
    return result;
  }

  async function startSession(
    user: { userId: number },
    method: 'password' | 'sms' | 'register',
    caller: Partial<Caller>,
  ) {
    const token = newToken();
    const { result } = await handleCommand(
      eventStore,
      userStreamId(user.userId),
      userDecider,
      {
        type: 'StartSession',
        data: { sessionId: newEventId(), tokenHash: sha256(token), method, clientIp: caller.clientIp ?? '' },
        metadata: { now: now() },
      },
      contextOf(caller),
    );
    await settled(result.lastGlobalPosition);
    return { userId: user.userId, token };
  }

  return {
    async sendSmsCode(telephone: string, smsType: SmsPurpose, caller: Partial<Caller>) {
      checkTelephone(telephone);
      const registered = (await findUserByTelephone(readStore, telephone)) !== null;
      // SPEC §5/§8: registration needs a new number, every other purpose an existing account.
      if (smsType === 2 && registered) throw invalid(messages.alreadyRegistered);
      if ((smsType === 1 || smsType === 3) && !registered) throw invalid(messages.notRegistered);
      const code = newNumericCode(SMS_CODE_LENGTH);
      await handleCommand(
        eventStore,
        smsCodeStreamId(telephone),
        smsCodeDecider,
        {
          type: 'IssueSmsCode',
          data: { telephone, smsType, codeHash: codeHash(telephone, code), clientIp: caller.clientIp ?? '' },
          metadata: { now: now() },
        },
        contextOf(caller),
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
      const passwordHash = await hash(input.password, ARGON2);
      const claimStream = telephoneStreamId(input.telephone);
      const holder = (await eventStore.readStream(claimStream)).at(-1)?.data as { userId: number } | undefined;
      const holderRegistered = holder ? (await eventStore.readStream(userStreamId(holder.userId))).length > 0 : false;
      const claimed = await handleCommand(
        eventStore,
        claimStream,
        telephoneDecider,
        {
          type: 'ClaimTelephone',
          data: { telephone: input.telephone, userId: nextNumericId(now()), holderRegistered },
        },
        contextOf(caller, `${commandId}:claim`),
      );
      // A retried request finds its earlier claim and continues with the same user id.
      const userId = (claimed.events[0]!.data as { userId: number }).userId;
      await handleCommand(
        eventStore,
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
        contextOf(caller, `${commandId}:register`),
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
          data: { answerHash: captchaHash(input.telephone, input.captcha) },
          metadata: { now: now() },
        });
        if (events.some((e) => e.type === 'CaptchaRejected')) throw invalid(captchaMessages.wrong);
      }
      const user = await findUserByTelephone(readStore, input.telephone);
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
        data: { answerHash: captchaHash(telephone, text) },
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
      const { result } = await handleCommand(
        eventStore,
        userStreamId(user.userId),
        userDecider,
        { type: 'ResetPassword', data: { passwordHash: await hash(input.password, ARGON2) } },
        contextOf(caller),
      );
      await settled(result.lastGlobalPosition);
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
      return { userId: session.userId, sessionId: session.sessionId };
    },

    async profile(userId: number) {
      const user = await findUserById(readStore, userId);
      if (!user) throw notFound('用户不存在');
      return toProfile(user);
    },

    async logout(caller: Caller) {
      const { result } = await handleCommand(
        eventStore,
        userStreamId(caller.userId),
        userDecider,
        { type: 'EndSession', data: { sessionId: caller.sessionId, reason: 'logout' } },
        contextOf(caller),
      );
      await settled(result.lastGlobalPosition);
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;

const toProfile = (user: UserDoc) => ({
  userId: user.userId,
  nickname: user.nickname,
  trueName: user.trueName,
  telephone: maskTelephone(user.telephone),
  shareCode: user.shareCode,
  avatar: user.avatar,
  introduction: user.introduction,
  sex: user.sex,
  createdAt: user.createdAt,
});

import { type Algorithm, hash } from '@node-rs/argon2';
import {
  type Caller,
  fold,
  hmacSha256,
  invalid,
  newEventId,
  newToken,
  type ServiceContext,
  type SmsProvider,
  sha256,
} from '@pmbok/infra';
import {
  type IdentifierKind,
  identifierClaimDecider,
  identifierStreamId,
} from '../domain/identifierClaim/identifierClaim.js';
import { messages } from '../domain/rules.js';
import { smsCodeDecider } from '../domain/smsCode/businessLogic.js';
import { type SmsPurpose, smsCodeStreamId } from '../domain/smsCode/smsCode.js';
import { userDecider } from '../domain/user/businessLogic.js';
import { userStreamId } from '../domain/user/user.js';

export interface AuthDeps extends Pick<ServiceContext, 'runtime' | 'logger' | 'now' | 'runCommand'> {
  sms: SmsProvider;
  /** Peppers SMS code and captcha hashes, so a leaked log does not give codes away by brute force. */
  secret: string;
  /** The captcha's characters; tests choose them, production draws them from the CSPRNG. */
  captchaText?: () => string;
  /** SMS sends allowed per client IP per day. */
  smsIpDailyLimit?: number;
}

/** Argon2id at OWASP's recommended minimum (19 MiB, 2 passes). */
const ARGON2 = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
export const hashPassword = (password: string) => hash(password, ARGON2);

/** What the auth use cases share: the clock, the command runner, SMS codes, sessions and identifier claims. */
export function createAuthContext(deps: AuthDeps) {
  const { eventStore, readStore } = deps.runtime;
  const { now, runCommand } = deps;
  const codeHash = (telephone: string, code: string) => hmacSha256(deps.secret, `${telephone}:${code}`);

  async function consumeSmsCode(
    telephone: string,
    smsType: SmsPurpose,
    code: string,
    caller: Partial<Caller>,
    commandId?: string,
  ) {
    const { events, result } = await runCommand(
      smsCodeStreamId(telephone),
      smsCodeDecider,
      { type: 'VerifySmsCode', data: { smsType, codeHash: codeHash(telephone, code) }, metadata: { now: now() } },
      caller,
      { commandId: commandId && `${commandId}:sms` },
    );
    const rejected = events.find((event) => event.type === 'SmsCodeRejected');
    if (rejected) throw invalid((rejected.data as { burnt: boolean }).burnt ? messages.codeBurnt : messages.codeWrong);
    return result;
  }

  async function startSession(
    user: { userId: number },
    method: 'password' | 'sms' | 'register' | 'qr' | 'wechat',
    caller: Partial<Caller>,
    sessionId = newEventId(),
  ) {
    const token = newToken();
    await runCommand(
      userStreamId(user.userId),
      userDecider,
      {
        type: 'StartSession',
        data: { sessionId, tokenHash: sha256(token), method, clientIp: caller.clientIp ?? '' },
        metadata: { now: now() },
      },
      caller,
    );
    return { userId: user.userId, token };
  }

  /**
   * Claims a telephone or username for a user (ADR 3). A claim held by a user whose registration never completed
   * does not hold; a released one is free. Returns the user id of the claim (an earlier one when retried).
   */
  async function claimIdentifier(
    kind: IdentifierKind,
    identifier: string,
    userId: number,
    caller: Partial<Caller>,
    commandId?: string,
  ) {
    const streamId = identifierStreamId(kind, identifier);
    const claim = fold(identifierClaimDecider, await eventStore.readStream(streamId));
    const holderActive =
      claim.status === 'claimed' &&
      fold(userDecider, await eventStore.readStream(userStreamId(claim.userId))).status === 'active';
    const takenMessage = {
      telephone: messages.alreadyRegistered,
      username: '该用户名已被使用',
      wechat: '该微信已绑定其他账号',
    }[kind];
    const { events } = await runCommand(
      streamId,
      identifierClaimDecider,
      { type: 'ClaimIdentifier', data: { identifier, userId, holderActive, takenMessage } },
      caller,
      { commandId },
    );
    return events.length > 0 ? (events[0]!.data as { userId: number }).userId : userId;
  }

  const releaseIdentifier = (kind: IdentifierKind, identifier: string, userId: number, caller: Partial<Caller>) =>
    runCommand(
      identifierStreamId(kind, identifier),
      identifierClaimDecider,
      { type: 'ReleaseIdentifier', data: { identifier, userId } },
      caller,
    );

  return {
    deps,
    eventStore,
    readStore,
    now,
    runCommand,
    codeHash,
    consumeSmsCode,
    startSession,
    claimIdentifier,
    releaseIdentifier,
  };
}

export type AuthContext = ReturnType<typeof createAuthContext>;

import { type Algorithm, hash } from '@node-rs/argon2';
import {
  type AppendContext,
  type Caller,
  fold,
  handleCommand,
  hmacSha256,
  invalid,
  type Logger,
  newEventId,
  newToken,
  type ProjectionRunner,
  type ServiceRuntime,
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

export interface AuthDeps {
  runtime: ServiceRuntime;
  projections: ProjectionRunner;
  sms: SmsProvider;
  /** Peppers SMS code and captcha hashes, so a leaked log does not give codes away by brute force. */
  secret: string;
  logger: Logger;
  now?: () => number;
  /** The captcha's characters; tests choose them, production draws them from the CSPRNG. */
  captchaText?: () => string;
  /** SMS sends allowed per client IP per day. */
  smsIpDailyLimit?: number;
}

/** Argon2id at OWASP's recommended minimum (19 MiB, 2 passes). */
const ARGON2 = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
export const hashPassword = (password: string) => hash(password, ARGON2);

/** What the auth use cases share: the clock, append context, read-your-writes, SMS codes and sessions. */
export function createAuthContext(deps: AuthDeps) {
  const { eventStore, readStore } = deps.runtime;
  const now = deps.now ?? Date.now;
  const codeHash = (telephone: string, code: string) => hmacSha256(deps.secret, `${telephone}:${code}`);

  const contextOf = (caller: Partial<Caller>, commandId?: string): AppendContext => ({
    commandId,
    actor: caller.userId ? String(caller.userId) : undefined,
    correlationId: caller.correlationId,
    at: now(),
  });

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
    method: 'password' | 'sms' | 'register' | 'qr' | 'wechat',
    caller: Partial<Caller>,
    sessionId = newEventId(),
  ) {
    const token = newToken();
    const { result } = await handleCommand(
      eventStore,
      userStreamId(user.userId),
      userDecider,
      {
        type: 'StartSession',
        data: { sessionId, tokenHash: sha256(token), method, clientIp: caller.clientIp ?? '' },
        metadata: { now: now() },
      },
      contextOf(caller),
    );
    await settled(result.lastGlobalPosition);
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
    const { events } = await handleCommand(
      eventStore,
      streamId,
      identifierClaimDecider,
      { type: 'ClaimIdentifier', data: { identifier, userId, holderActive, takenMessage } },
      contextOf(caller, commandId),
    );
    return events.length > 0 ? (events[0]!.data as { userId: number }).userId : userId;
  }

  const releaseIdentifier = (kind: IdentifierKind, identifier: string, userId: number, caller: Partial<Caller>) =>
    handleCommand(
      eventStore,
      identifierStreamId(kind, identifier),
      identifierClaimDecider,
      { type: 'ReleaseIdentifier', data: { identifier, userId } },
      contextOf(caller),
    );

  return {
    deps,
    eventStore,
    readStore,
    now,
    codeHash,
    contextOf,
    settled,
    consumeSmsCode,
    startSession,
    claimIdentifier,
    releaseIdentifier,
  };
}

export type AuthContext = ReturnType<typeof createAuthContext>;

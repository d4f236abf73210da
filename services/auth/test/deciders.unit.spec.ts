import { DomainError } from '@pmbok/infra';
import { deciderSpec } from '@pmbok/infra/testing';
import { describe, expect, it } from 'vitest';
import { identifierClaimDecider } from '../src/domain/identifierClaim/identifierClaim.js';
import { checkNewPassword, checkSmsCodeShape, checkTelephone, messages } from '../src/domain/rules.js';
import {
  DAILY_LIMIT_PER_PHONE,
  MAX_FAILED_ATTEMPTS,
  RESEND_INTERVAL_MS,
  SMS_CODE_TTL_MS,
  smsCodeDecider,
} from '../src/domain/smsCode/businessLogic.js';
import type { SmsCodeEvent, SmsCodeIssued } from '../src/domain/smsCode/smsCode.js';
import { SESSION_TTL_MS, userDecider } from '../src/domain/user/businessLogic.js';
import type { UserEvent } from '../src/domain/user/user.js';

const T0 = 1_800_000_000_000;
const phone = '13800000000';

describe('sms codes', () => {
  const spec = deciderSpec(smsCodeDecider);
  const issued = (at: number, codeHash = 'aa'.repeat(32)): SmsCodeIssued => ({
    type: 'SmsCodeIssued',
    data: { telephone: phone, smsType: 2, codeHash, clientIp: '', issuedAt: at, expiresAt: at + SMS_CODE_TTL_MS },
  });
  const issue = (now: number) => ({
    type: 'IssueSmsCode' as const,
    data: { telephone: phone, smsType: 2 as const, codeHash: 'bb'.repeat(32), clientIp: '' },
    metadata: { now },
  });
  const verify = (now: number, codeHash = 'aa'.repeat(32)) => ({
    type: 'VerifySmsCode' as const,
    data: { smsType: 2 as const, codeHash },
    metadata: { now },
  });

  describe('when no code was sent', () => {
    it('issues one that lives five minutes', () =>
      spec
        .given([])
        .when(issue(T0))
        .then([{ ...issued(T0, 'bb'.repeat(32)) }]));
    it('refuses to verify anything', () => spec.given([]).when(verify(T0)).thenThrows(DomainError, messages.codeWrong));
  });

  describe('when a code was just sent', () => {
    it('refuses another within 60 seconds and says how long to wait', () =>
      spec
        .given([issued(T0)])
        .when(issue(T0 + 15_000))
        .thenThrows(DomainError, '请45秒后再试'));
    it('sends another after 60 seconds', () =>
      expect(
        smsCodeDecider.decide(
          issue(T0 + RESEND_INTERVAL_MS),
          smsCodeDecider.evolve(smsCodeDecider.initialState(), issued(T0)),
        ),
      ).toHaveLength(1));
    it('uses the right code up', () =>
      spec
        .given([issued(T0)])
        .when(verify(T0 + 1_000))
        .then([{ type: 'SmsCodeUsed', data: { smsType: 2 } }]));
    it('records a wrong code without using the code up', () =>
      spec
        .given([issued(T0)])
        .when(verify(T0 + 1_000, 'cc'.repeat(32)))
        .then([{ type: 'SmsCodeRejected', data: { smsType: 2, burnt: false } }]));
    it('refuses the code after it expired', () =>
      spec
        .given([issued(T0)])
        .when(verify(T0 + SMS_CODE_TTL_MS))
        .thenThrows(DomainError, messages.codeWrong));
  });

  describe('when the code was used', () => {
    it('refuses it a second time', () =>
      spec
        .given([issued(T0), { type: 'SmsCodeUsed', data: { smsType: 2 } }])
        .when(verify(T0 + 2_000))
        .thenThrows(DomainError, messages.codeWrong));
  });

  describe('after repeated wrong tries', () => {
    const wrong = (n: number): SmsCodeEvent[] =>
      Array.from(
        { length: n },
        () => ({ type: 'SmsCodeRejected', data: { smsType: 2, burnt: false } }) as SmsCodeEvent,
      );
    it('burns the code on the last allowed try', () =>
      spec
        .given([issued(T0), ...wrong(MAX_FAILED_ATTEMPTS - 1)])
        .when(verify(T0 + 1_000, 'cc'.repeat(32)))
        .then([{ type: 'SmsCodeRejected', data: { smsType: 2, burnt: true } }]));
    it('then refuses even the right code', () =>
      spec
        .given([
          issued(T0),
          ...wrong(MAX_FAILED_ATTEMPTS - 1),
          { type: 'SmsCodeRejected', data: { smsType: 2, burnt: true } },
        ])
        .when(verify(T0 + 1_000))
        .thenThrows(DomainError, messages.codeWrong));
  });

  describe('when the daily limit is reached', () => {
    const sends = Array.from({ length: DAILY_LIMIT_PER_PHONE }, (_, i) => issued(T0 + i * RESEND_INTERVAL_MS));
    it('refuses until a day has passed since the oldest send', () => {
      spec
        .given(sends)
        .when(issue(T0 + 11 * RESEND_INTERVAL_MS))
        .thenThrows(DomainError, '今日');
      spec
        .given(sends)
        .when(issue(T0 + 24 * 60 * 60 * 1000 + 1))
        .then([{ ...issued(T0 + 24 * 60 * 60 * 1000 + 1, 'bb'.repeat(32)) }]);
    });
  });
});

describe('users', () => {
  const spec = deciderSpec(userDecider);
  const registered: UserEvent = {
    type: 'UserRegistered',
    data: {
      userId: 7,
      telephone: phone,
      passwordHash: 'h',
      nickname: '用户0000',
      shareCode: 'ABCD2345',
      inviterShareCode: '',
    },
  };
  const session = { sessionId: 's1', tokenHash: 't1', method: 'password' as const, clientIp: '127.0.0.1' };

  it('registers once', () => {
    spec.given([]).when({ type: 'RegisterUser', data: registered.data }).then([registered]);
    spec
      .given([registered])
      .when({ type: 'RegisterUser', data: registered.data })
      .thenThrows(DomainError, messages.alreadyRegistered);
  });
  it('starts a session that expires after 30 days', () =>
    spec
      .given([registered])
      .when({ type: 'StartSession', data: session, metadata: { now: T0 } })
      .then([{ type: 'SessionStarted', data: { ...session, expiresAt: T0 + SESSION_TTL_MS } }]));
  it('ends an open session once', () => {
    const started: UserEvent = { type: 'SessionStarted', data: { ...session, expiresAt: T0 + SESSION_TTL_MS } };
    spec
      .given([registered, started])
      .when({ type: 'EndSession', data: { sessionId: 's1', reason: 'logout' } })
      .then([{ type: 'SessionEnded', data: { sessionId: 's1', reason: 'logout' } }]);
    spec
      .given([registered, started, { type: 'SessionEnded', data: { sessionId: 's1', reason: 'logout' } }])
      .when({ type: 'EndSession', data: { sessionId: 's1', reason: 'logout' } })
      .thenThrows(DomainError);
  });
});

describe('identifier claims', () => {
  const spec = deciderSpec(identifierClaimDecider);
  const claim = (userId: number, holderActive: boolean) => ({
    type: 'ClaimIdentifier' as const,
    data: { identifier: phone, userId, holderActive, takenMessage: messages.alreadyRegistered },
  });
  const claimed = { type: 'IdentifierClaimed' as const, data: { identifier: phone, userId: 1 } };
  it('claims a free identifier', () => spec.given([]).when(claim(1, false)).then([claimed]));
  it('refuses one whose holder is active', () =>
    spec.given([claimed]).when(claim(2, true)).thenThrows(DomainError, messages.alreadyRegistered));
  it('takes over a claim whose registration never completed', () =>
    spec
      .given([claimed])
      .when(claim(2, false))
      .then([{ type: 'IdentifierClaimed', data: { identifier: phone, userId: 2 } }]));
  it('frees a released identifier, released only by its holder', () => {
    const released = { type: 'IdentifierReleased' as const, data: { identifier: phone, userId: 1 } };
    spec
      .given([claimed])
      .when({ type: 'ReleaseIdentifier', data: { identifier: phone, userId: 2 } })
      .then([]);
    spec
      .given([claimed])
      .when({ type: 'ReleaseIdentifier', data: { identifier: phone, userId: 1 } })
      .then([released]);
    spec
      .given([claimed, released])
      .when(claim(3, true))
      .then([{ type: 'IdentifierClaimed', data: { identifier: phone, userId: 3 } }]);
  });
});

describe('SPEC §5 rules', () => {
  it.each(['13800000000', '19912345678', '14700000000'])('accepts the telephone %s', (t) =>
    expect(() => checkTelephone(t)).not.toThrow(),
  );
  it.each(['12800000000', '1380000000', '138000000001', 'abc', '', '+8613800000000'])('refuses the telephone %s', (t) =>
    expect(() => checkTelephone(t)).toThrow(messages.telephone),
  );
  it.each(['Passw0rd!', 'a1!aaaaa', '中文密码abc1!x'])('accepts the password %s', (p) =>
    expect(() => checkNewPassword(p, p)).not.toThrow(),
  );
  it.each(['Pass0!', 'password!', 'Passw0rdd', '12345678!', `${'a'.repeat(70)}1!`])('refuses the password %s', (p) =>
    expect(() => checkNewPassword(p, p)).toThrow(messages.password),
  );
  it('wants the confirmation to match', () =>
    expect(() => checkNewPassword('Passw0rd!', 'Passw0rd?')).toThrow(messages.repeatPassword));
  it('wants a 6-digit code', () => {
    expect(() => checkSmsCodeShape('')).toThrow(messages.codeMissing);
    expect(() => checkSmsCodeShape('12345')).toThrow(messages.codeLength);
    expect(() => checkSmsCodeShape('12345a')).toThrow(messages.codeLength);
    expect(() => checkSmsCodeShape('123456')).not.toThrow();
  });
});

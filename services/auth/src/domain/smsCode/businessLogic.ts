import { type Decider, digestsEqual, invalid, rateLimited } from '@pmbok/infra';
import { messages } from '../rules.js';
import {
  evolve,
  initialState,
  type SmsCodeEvent,
  type SmsCodeIssued,
  type SmsCodeRejected,
  type SmsCodes,
  type SmsCodeUsed,
  type SmsPurpose,
} from './smsCode.js';

export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const RESEND_INTERVAL_MS = 60 * 1000;
export const DAILY_LIMIT_PER_PHONE = 10;
export const MAX_FAILED_ATTEMPTS = 5;

export type IssueSmsCode = {
  type: 'IssueSmsCode';
  data: { telephone: string; smsType: SmsPurpose; codeHash: string; clientIp: string };
  metadata: { now: number };
};
export type VerifySmsCode = {
  type: 'VerifySmsCode';
  data: { smsType: SmsPurpose; codeHash: string };
  metadata: { now: number };
};
export type SmsCodeCommand = IssueSmsCode | VerifySmsCode;

export function issueSmsCode(command: IssueSmsCode, state: SmsCodes): SmsCodeIssued[] {
  const { now } = command.metadata;
  const last = state.sentAt[state.sentAt.length - 1];
  if (last !== undefined && now - last < RESEND_INTERVAL_MS) {
    const wait = Math.ceil((RESEND_INTERVAL_MS - (now - last)) / 1000);
    throw rateLimited(`验证码发送过于频繁，请${wait}秒后再试`);
  }
  if (state.sentAt.filter((at) => at > now - 24 * 60 * 60 * 1000).length >= DAILY_LIMIT_PER_PHONE) {
    throw rateLimited('该手机号今日获取验证码次数已达上限，请明天再试');
  }
  return [{ type: 'SmsCodeIssued', data: { ...command.data, issuedAt: now, expiresAt: now + SMS_CODE_TTL_MS } }];
}

/**
 * A right code is used up; a wrong one is recorded (and burns the code after a few tries). The handler turns a
 * rejection into the user's error after the event is stored, so failed tries count even though the call fails.
 */
export function verifySmsCode(command: VerifySmsCode, state: SmsCodes): (SmsCodeUsed | SmsCodeRejected)[] {
  const { smsType, codeHash } = command.data;
  const code = state.outstanding[smsType];
  if (!code || code.expiresAt <= command.metadata.now) throw invalid(messages.codeWrong);
  if (!digestsEqual(code.codeHash, codeHash)) {
    return [{ type: 'SmsCodeRejected', data: { smsType, burnt: code.failedAttempts + 1 >= MAX_FAILED_ATTEMPTS } }];
  }
  return [{ type: 'SmsCodeUsed', data: { smsType } }];
}

export function decide(command: SmsCodeCommand, state: SmsCodes): SmsCodeEvent[] {
  switch (command.type) {
    case 'IssueSmsCode':
      return issueSmsCode(command, state);
    case 'VerifySmsCode':
      return verifySmsCode(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${(unknown as { type: string }).type}`);
    }
  }
}

export const smsCodeDecider: Decider<SmsCodes, SmsCodeCommand, SmsCodeEvent> = { decide, evolve, initialState };

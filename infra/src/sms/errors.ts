import { DomainError, type ErrorKind } from '../errors.js';

/** Why a text message was not sent, in the terms the person asking for it can act on. */
export type SmsFailureReason =
  | 'rate_limited' // this number was sent too much in the last seconds, minutes or hours
  | 'number_daily_limit' // this number has had all the messages it may receive today
  | 'quota_exhausted' // the whole account's daily or monthly quota is used up
  | 'invalid_number'
  | 'number_blocked' // the number unsubscribed or is on a carrier's do-not-disturb list
  | 'unavailable' // the provider refused us (credentials, balance, sign name, template) or could not be reached
  | 'timeout';

export const SMS_FAILURE_MESSAGES: Record<SmsFailureReason, string> = {
  rate_limited: '短信发送过于频繁，请稍后再试',
  number_daily_limit: '该手机号今日接收短信已达上限，请明天再试',
  quota_exhausted: '短信发送量已达上限，请稍后再试',
  invalid_number: '手机号码格式不正确',
  number_blocked: '该手机号无法接收短信，请更换号码',
  unavailable: '短信服务暂时不可用，请稍后再试',
  timeout: '短信发送超时，请稍后再试',
};

// Every kind here answers code 400 with the message (never 500): the person can wait, fix the number or retry.
// An outage is `conflict` (the operation cannot be done in the current state) because no kind means "unavailable".
const kindOf: Record<SmsFailureReason, ErrorKind> = {
  rate_limited: 'rate_limited',
  number_daily_limit: 'rate_limited',
  quota_exhausted: 'rate_limited',
  invalid_number: 'invalid',
  number_blocked: 'invalid',
  unavailable: 'conflict',
  timeout: 'conflict',
};

/** Failures the person asking caused (the others need an operator and are logged as errors). */
export const CALLER_CAUSED: ReadonlySet<SmsFailureReason> = new Set([
  'rate_limited',
  'number_daily_limit',
  'invalid_number',
  'number_blocked',
]);

/**
 * A message the provider did not accept. It is a DomainError so that every service that sends text messages
 * answers 400 with a message the console shows, without catching it; `providerCode` is for logs and tests.
 */
export class SmsSendError extends DomainError {
  constructor(
    readonly reason: SmsFailureReason,
    readonly providerCode: string,
  ) {
    super(kindOf[reason], SMS_FAILURE_MESSAGES[reason], { reason, providerCode });
    this.name = 'SmsSendError';
  }
}

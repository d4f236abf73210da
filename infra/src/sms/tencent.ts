import { createHash, createHmac } from 'node:crypto';
import type { TencentSmsSettings } from '../config.js';
import { maskTelephone, refusal, type SmsAdapterOptions, templateValues } from './common.js';
import { type SmsFailureReason, SmsSendError } from './errors.js';
import type { SmsProvider } from './provider.js';

const SERVICE = 'sms';
const VERSION = '2021-01-11';
const ALGORITHM = 'TC3-HMAC-SHA256';

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/**
 * The Authorization header of Tencent Cloud API 3.0's signature method v3 (签名方法 v3, TC3-HMAC-SHA256):
 * a canonical request over content-type, host and x-tc-action, hashed into a string to sign, signed with a
 * key derived from the SecretKey, the UTC date and the service.
 */
export function tc3Authorization(input: {
  secretId: string;
  secretKey: string;
  host: string;
  action: string;
  contentType: string;
  payload: string;
  timestamp: number;
}): string {
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host;x-tc-action';
  const canonicalHeaders = `content-type:${input.contentType}\nhost:${input.host}\nx-tc-action:${input.action}\n`;
  const canonicalRequest = [
    'POST',
    '/',
    '',
    canonicalHeaders.toLowerCase(),
    signedHeaders,
    sha256Hex(input.payload),
  ].join('\n');
  const scope = `${date}/${SERVICE}/tc3_request`;
  const stringToSign = [ALGORITHM, String(input.timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(`TC3${input.secretKey}`, date), SERVICE), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return `${ALGORITHM} Credential=${input.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

/**
 * Codes of SendSms 2021-01-11 (cloud.tencent.com/document/api/382/59177) that the person asking can act on;
 * every other one (FailedOperation.InsufficientBalanceInSmsPackage, AuthFailure.SignatureFailure,
 * FailedOperation.TemplateIncorrectOrUnapproved, UnauthorizedOperation.*…) is ours to fix: `unavailable`.
 */
const reasons: Record<string, SmsFailureReason> = {
  'LimitExceeded.PhoneNumberThirtySecondLimit': 'rate_limited',
  'LimitExceeded.PhoneNumberOneHourLimit': 'rate_limited',
  'LimitExceeded.PhoneNumberSameContentDailyLimit': 'rate_limited',
  'LimitExceeded.DeliveryFrequencyLimit': 'rate_limited',
  RequestLimitExceeded: 'rate_limited',
  'LimitExceeded.PhoneNumberDailyLimit': 'number_daily_limit',
  'LimitExceeded.AppDailyLimit': 'quota_exhausted',
  'LimitExceeded.AppMainlandChinaDailyLimit': 'quota_exhausted',
  'LimitExceeded.AppGlobalDailyLimit': 'quota_exhausted',
  'LimitExceeded.DailyLimit': 'quota_exhausted',
  'InvalidParameterValue.IncorrectPhoneNumber': 'invalid_number',
  'FailedOperation.PhoneNumberParseFail': 'invalid_number',
  'FailedOperation.PhoneNumberInBlacklist': 'number_blocked',
};

export const tencentFailureReason = (code: string): SmsFailureReason =>
  reasons[code] ?? (code.startsWith('RequestLimitExceeded') ? 'rate_limited' : 'unavailable');

interface SendSmsResponse {
  Response?: {
    Error?: { Code: string; Message: string };
    SendStatusSet?: Array<{ Code: string; Message: string; SerialNo?: string }>;
    RequestId?: string;
  };
}

/**
 * Tencent Cloud SMS over its signed HTTP API. Signed here rather than through tencentcloud-sdk-nodejs: the SDK
 * takes the signing service name from the endpoint's first label, so a local endpoint cannot be verified.
 * Template values go in order: {1} the code; or {1} team, {2} inviter, {3} link.
 */
export function createTencentSmsProvider(settings: TencentSmsSettings, options: SmsAdapterOptions): SmsProvider {
  const url = new URL(settings.endpoint);
  const logger = options.logger.child({ provider: 'tencent' });
  const contentType = 'application/json; charset=utf-8';

  return {
    name: 'tencent',
    async send(telephone, content) {
      const payload = JSON.stringify({
        // E.164; mainland numbers are stored without their country code.
        PhoneNumberSet: [telephone.startsWith('+') ? telephone : `+86${telephone}`],
        SmsSdkAppId: settings.sdkAppId,
        SignName: settings.signName,
        TemplateId: content.kind === 'code' ? settings.templateId : settings.inviteTemplateId,
        TemplateParamSet: templateValues(content, options.publicUrl).map(([, value]) => value),
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const headers = {
        'Content-Type': contentType,
        'X-TC-Action': 'SendSms',
        'X-TC-Version': VERSION,
        'X-TC-Region': settings.region,
        'X-TC-Timestamp': String(timestamp),
        Authorization: tc3Authorization({
          secretId: settings.secretId,
          secretKey: settings.secretKey,
          host: url.host,
          action: 'SendSms',
          contentType,
          payload,
          timestamp,
        }),
      };
      const context = { telephone, kind: content.kind };
      let answer: SendSmsResponse;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers,
          body: payload,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        if (!response.ok) throw new SmsSendError('unavailable', `HTTP_${response.status}`);
        answer = (await response.json()) as SendSmsResponse;
      } catch (error) {
        throw refusal(logger, failureOf(error), context);
      }
      // Request-level refusals (signature, parameters) come in Error; per-number ones in SendStatusSet.
      const { Error: error, SendStatusSet: statuses, RequestId: requestId } = answer.Response ?? {};
      const refused = error ?? statuses?.find((status) => status.Code !== 'Ok');
      if (refused || !statuses?.length) {
        const code = refused?.Code ?? 'MISSING_STATUS';
        throw refusal(logger, new SmsSendError(tencentFailureReason(code), code), {
          ...context,
          providerMessage: refused?.Message,
          requestId,
        });
      }
      logger.info(
        { telephone: maskTelephone(telephone), kind: content.kind, serialNo: statuses[0]?.SerialNo, requestId },
        'SMS sent',
      );
    },
  };
}

function failureOf(error: unknown): SmsSendError {
  if (error instanceof SmsSendError) return error;
  const { name, cause } = error as { name?: string; cause?: { code?: string } };
  if (name === 'TimeoutError') return new SmsSendError('timeout', 'TIMEOUT');
  // fetch reports refused connections, DNS and TLS failures as a TypeError whose cause has the errno code.
  return new SmsSendError('unavailable', cause?.code ?? name ?? 'NETWORK_ERROR');
}

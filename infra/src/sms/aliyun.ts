import type { AliyunSmsSettings } from '../config.js';
import { maskTelephone, refusal, type SmsAdapterOptions, templateValues, withinDeadline } from './common.js';
import { type SmsFailureReason, SmsSendError } from './errors.js';
import type { SmsProvider } from './provider.js';

/**
 * The SDK takes about two seconds to load, so it is loaded only when this provider is chosen, not by every
 * process that imports the infrastructure.
 */
async function loadSdk() {
  const [dysmsapi, openApi] = await Promise.all([
    import('@alicloud/dysmsapi20170525').then(commonJs),
    import('@alicloud/openapi-core').then(commonJs),
  ]);
  return {
    Client: dysmsapi.default,
    SendSmsRequest: dysmsapi.SendSmsRequest,
    Config: openApi.$OpenApiUtil.Config,
    AlibabaCloudError: openApi.AlibabaCloudError,
  };
}

/** The packages are CommonJS: Node's ESM gives `module.exports` as the default, Vite's loader (tests) the names. */
function commonJs<T extends object>(namespace: { default: T }): T {
  return '__esModule' in namespace.default ? namespace.default : (namespace as unknown as T);
}
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

/**
 * Codes of Dysmsapi SendSms (help.aliyun.com "API错误码") that the person asking can act on; every other code
 * (isv.AMOUNT_NOT_ENOUGH, isv.OUT_OF_SERVICE, SignatureDoesNotMatch, InvalidAccessKeyId.NotFound,
 * isv.SMS_TEMPLATE_ILLEGAL, isv.SMS_SIGNATURE_ILLEGAL, isp.SYSTEM_ERROR…) is ours to fix: `unavailable`.
 */
const reasons: Record<string, SmsFailureReason> = {
  'isv.BUSINESS_LIMIT_CONTROL': 'rate_limited',
  Throttling: 'rate_limited',
  'Throttling.User': 'rate_limited',
  'Throttling.Api': 'rate_limited',
  'isv.DAY_LIMIT_CONTROL': 'quota_exhausted',
  'isv.MONTH_LIMIT_CONTROL': 'quota_exhausted',
  'isv.MOBILE_NUMBER_ILLEGAL': 'invalid_number',
  'isv.PHONE_NUMBER_ILLEGAL': 'invalid_number',
};

export const aliyunFailureReason = (code: string): SmsFailureReason => reasons[code] ?? 'unavailable';

/**
 * Alibaba Cloud SMS through its official SDK, which signs each request (ACS3-HMAC-SHA256) with the AccessKey.
 * Template values go as JSON: `{"code"}` for one-time codes, `{"team","inviter","link"}` for invitations.
 */
export function createAliyunSmsProvider(settings: AliyunSmsSettings, options: SmsAdapterOptions): SmsProvider {
  const endpoint = new URL(settings.endpoint);
  const logger = options.logger.child({ provider: 'aliyun' });
  const ready = loadSdk().then((sdk) => {
    const config = new sdk.Config({
      accessKeyId: settings.accessKeyId,
      accessKeySecret: settings.accessKeySecret,
      endpoint: endpoint.host,
      protocol: endpoint.protocol.replace(':', ''),
      connectTimeout: options.timeoutMs,
      readTimeout: options.timeoutMs,
    });
    return { sdk, client: new sdk.Client(config) };
  });
  // Started now so that the first message does not wait; a failure surfaces when a message is sent.
  ready.catch((error) => logger.error({ err: error }, 'the Alibaba Cloud SMS SDK did not load'));

  return {
    name: 'aliyun',
    async send(telephone, content) {
      const context = { telephone, kind: content.kind };
      const { sdk, client } = await ready.catch(() => {
        throw refusal(logger, new SmsSendError('unavailable', 'SDK_NOT_LOADED'), context);
      });
      const request = new sdk.SendSmsRequest({
        phoneNumbers: telephone,
        signName: settings.signName,
        templateCode: content.kind === 'code' ? settings.templateCode : settings.inviteTemplateCode,
        templateParam: JSON.stringify(Object.fromEntries(templateValues(content, options.publicUrl))),
      });
      let response: Awaited<ReturnType<typeof client.sendSms>>;
      try {
        response = await withinDeadline(client.sendSms(request), options.timeoutMs);
      } catch (error) {
        throw refusal(logger, failureOf(sdk, error), { ...context, ...providerDetails(sdk, error) });
      }
      const body: { code?: string; message?: string; requestId?: string; bizId?: string } = response.body ?? {};
      // Business refusals (quota, number) come back as HTTP 200 with a Code other than OK.
      if (body.code !== 'OK') {
        const code = body.code ?? 'MISSING_CODE';
        throw refusal(logger, new SmsSendError(aliyunFailureReason(code), code), {
          ...context,
          providerMessage: body.message,
          requestId: body.requestId,
        });
      }
      logger.info(
        { telephone: maskTelephone(telephone), kind: content.kind, bizId: body.bizId, requestId: body.requestId },
        'SMS sent',
      );
    },
  };
}

/** Errors the SDK throws: the platform's own (HTTP 4xx/5xx with a Code), or the network's. */
function failureOf(sdk: Sdk, error: unknown): SmsSendError {
  if (error instanceof SmsSendError) return error;
  if (error instanceof sdk.AlibabaCloudError) {
    const code = error.code && error.code !== 'undefined' ? error.code : `HTTP_${error.statusCode}`;
    return new SmsSendError(aliyunFailureReason(code), code);
  }
  // The SDK's message names the URL, whose query holds the template values: only the name and errno are kept.
  const { name, code } = error as { name?: string; code?: string };
  if (/timeout/i.test(`${name} ${(error as Error)?.message}`)) return new SmsSendError('timeout', 'TIMEOUT');
  return new SmsSendError('unavailable', code ?? name ?? 'NETWORK_ERROR');
}

function providerDetails(sdk: Sdk, error: unknown) {
  if (!(error instanceof sdk.AlibabaCloudError)) return {};
  const data = error.data as { Message?: string } | undefined;
  return { providerMessage: data?.Message, requestId: error.requestId };
}

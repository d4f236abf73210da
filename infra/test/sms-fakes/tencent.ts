import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FakeAnswer, type LocalServer, startLocalServer } from './server.js';

/**
 * Tencent Cloud's SMS API 3.0 as its documentation describes it, written for these tests: it checks the
 * TC3-HMAC-SHA256 signature with the SecretKey it was given and answers SendSms (2021-01-11) the way the
 * platform does — always HTTP 200 with {Response: {...}}: an Error {Code, Message} for a refused request,
 * otherwise a SendStatusSet whose Code is "Ok" or the reason that number was refused.
 */
export interface FakeTencent extends LocalServer {
  sent: Array<Record<string, unknown> & { headers: Record<string, string> }>;
  rejected: string[];
  /** The next SendSms fails with this code, in SendStatusSet (per number) or as the request's Error. */
  failNext(code: string, placement?: 'status' | 'error'): void;
}

export const TENCENT = {
  secretId: 'AKIDFakeSecretIdForTests',
  secretKey: 'fake-secret-key-abcdef0123456789',
  sdkAppId: '1400006666',
  signName: '项目管理',
  templateId: '1110',
  inviteTemplateId: '1111',
  region: 'ap-guangzhou',
};

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

export async function startFakeTencent(secretKey = TENCENT.secretKey): Promise<FakeTencent> {
  const sent: FakeTencent['sent'] = [];
  const rejected: string[] = [];
  const lastSentAt = new Map<string, number>();
  let scripted: { code: string; placement: 'status' | 'error' } | undefined;

  const error = (code: string, message: string): FakeAnswer => {
    rejected.push(code);
    return { status: 200, body: { Response: { Error: { Code: code, Message: message }, RequestId: randomUUID() } } };
  };

  function verify(request: IncomingMessage, body: string): FakeAnswer | undefined {
    const header = (name: string) => String(request.headers[name] ?? '');
    const match =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        header('authorization'),
      );
    if (!match) return error('AuthFailure.InvalidAuthorization', 'Authorization in the request header is invalid.');
    const [, secretId, date = '', service = '', signedHeaderList = '', signature = ''] = match;
    if (secretId !== TENCENT.secretId) return error('AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
    const timestamp = Number(header('x-tc-timestamp'));
    if (!Number.isInteger(timestamp) || Math.abs(timestamp - Date.now() / 1000) > 300)
      return error(
        'AuthFailure.SignatureExpire',
        'Signature expired. Timestamp and server time cannot differ by more than five minutes.',
      );
    const signedHeaders = signedHeaderList.split(';');
    const scopeDate = new Date(timestamp * 1000).toISOString().slice(0, 10);
    const sorted = [...signedHeaders].sort().join(';') === signedHeaderList;
    if (
      !sorted ||
      !signedHeaders.includes('content-type') ||
      !signedHeaders.includes('host') ||
      date !== scopeDate ||
      service !== 'sms'
    )
      return error('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');

    // Header names and values both lower-cased and trimmed, as the signature method specifies.
    const canonicalHeaders = signedHeaders.map((name) => `${name}:${header(name).trim().toLowerCase()}\n`).join('');
    const url = new URL(request.url ?? '/', 'http://fake');
    const canonicalRequest = [
      request.method,
      url.pathname,
      url.search.slice(1),
      canonicalHeaders,
      signedHeaderList,
      sha256Hex(body),
    ].join('\n');
    const stringToSign = [
      'TC3-HMAC-SHA256',
      String(timestamp),
      `${date}/${service}/tc3_request`,
      sha256Hex(canonicalRequest),
    ].join('\n');
    const key = hmac(hmac(hmac(`TC3${secretKey}`, date), service), 'tc3_request');
    if (!timingSafeEqual(hmac(key, stringToSign), Buffer.from(signature, 'hex')))
      return error(
        'AuthFailure.SignatureFailure',
        'The provided credentials could not be validated. Please check your signature is correct.',
      );
    if (header('x-tc-action') !== 'SendSms') return error('InvalidAction', 'The action SendSms is not found.');
    if (header('x-tc-version') !== '2021-01-11') return error('NoSuchVersion', 'The API version does not exist.');
    if (!['ap-beijing', 'ap-guangzhou', 'ap-nanjing'].includes(header('x-tc-region')))
      return error('UnsupportedRegion', 'The API does not support the requested region.');
    return undefined;
  }

  function sendSms(params: Record<string, unknown>, headers: Record<string, string>): FakeAnswer {
    const phones = params.PhoneNumberSet;
    if (!Array.isArray(phones) || phones.length === 0)
      return error('MissingParameter.EmptyPhoneNumberSet', '传入的号码列表为空，请确认您的参数中是否传入号码。');
    sent.push({ ...params, headers });
    if (params.SmsSdkAppId !== TENCENT.sdkAppId)
      return error('UnauthorizedOperation.SmsSdkAppIdVerifyFail', 'SmsSdkAppId 校验失败。');
    if (params.SignName !== TENCENT.signName)
      return error('FailedOperation.SignatureIncorrectOrUnapproved', '签名未审批或格式错误。');
    const arity = { [TENCENT.templateId]: 1, [TENCENT.inviteTemplateId]: 3 }[String(params.TemplateId)];
    if (arity === undefined) return error('FailedOperation.TemplateIncorrectOrUnapproved', '模板未审批或内容不匹配。');
    const values = params.TemplateParamSet;
    if (!Array.isArray(values) || values.length !== arity || values.some((v) => typeof v !== 'string'))
      return error('FailedOperation.TemplateParamSetNotMatchApprovedTemplate', '请求内容与审核通过的模板内容不匹配。');
    if (scripted?.placement === 'error') {
      const { code } = scripted;
      scripted = undefined;
      return error(code, code);
    }
    const statuses = phones.map((phone: string) => {
      const status = (code: string, message: string) => ({
        SerialNo: code === 'Ok' ? `5000:${randomUUID()}` : '',
        PhoneNumber: phone,
        Fee: code === 'Ok' ? 1 : 0,
        SessionContext: '',
        Code: code,
        Message: message,
        IsoCode: 'CN',
      });
      if (scripted) {
        const { code } = scripted;
        scripted = undefined;
        return status(code, code);
      }
      if (!/^\+861[3-9]\d{9}$/.test(phone))
        return status('InvalidParameterValue.IncorrectPhoneNumber', '手机号格式错误。');
      // The console's default frequency policy: one message to a number per 30 seconds.
      const last = lastSentAt.get(phone);
      if (last !== undefined && Date.now() - last < 30_000)
        return status('LimitExceeded.PhoneNumberThirtySecondLimit', '单个手机号30秒内下发短信条数超过设定的上限。');
      lastSentAt.set(phone, Date.now());
      return status('Ok', 'send success');
    });
    return { status: 200, body: { Response: { SendStatusSet: statuses, RequestId: randomUUID() } } };
  }

  const server = await startLocalServer((request, body) => {
    const refused = verify(request, body);
    if (refused) return refused;
    let params: Record<string, unknown>;
    try {
      params = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return error('FailedOperation.JsonParseFail', '解析请求包体时候失败。');
    }
    const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
    return sendSms(params, headers);
  });
  return {
    ...server,
    sent,
    rejected,
    failNext(code, placement = 'status') {
      scripted = { code, placement };
    },
  };
}

import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FakeAnswer, type LocalServer, startLocalServer } from './server.js';

/**
 * Alibaba Cloud's Dysmsapi as its documentation describes it, written for these tests (not from the SDK):
 * it checks the V3 signature (ACS3-HMAC-SHA256) with the secret it was given, and answers SendSms in the
 * platform's shapes — HTTP 4xx with {RequestId, HostId, Code, Message, Recommend} for a bad request or
 * signature, HTTP 200 with {Code, Message, RequestId[, BizId]} for the business outcome (OK or isv.*).
 */
export interface FakeAliyun extends LocalServer {
  /** SendSms calls whose signature held, with their parameters. */
  sent: Array<Record<string, string>>;
  /** Codes of the requests refused before reaching SendSms (signature, key, timestamp). */
  rejected: string[];
  /** The next SendSms answers this business code (isv.AMOUNT_NOT_ENOUGH, isv.DAY_LIMIT_CONTROL…). */
  failNext(code: string, message?: string): void;
}

export const ALIYUN = {
  accessKeyId: 'LTAI5tFakeKeyForTests',
  accessKeySecret: 'fake-secret-0123456789abcdef',
  signName: '项目管理',
  templateCode: 'SMS_100000001',
  inviteTemplateCode: 'SMS_100000002',
};

/** RFC 3986: only A-Z a-z 0-9 - _ . ~ stay as they are; a space is %20. */
const percentEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');

export async function startFakeAliyun(secret = ALIYUN.accessKeySecret): Promise<FakeAliyun> {
  const sent: FakeAliyun['sent'] = [];
  const rejected: string[] = [];
  const nonces = new Set<string>();
  const lastSentAt = new Map<string, number>();
  let scripted: { code: string; message: string } | undefined;

  const error = (status: number, code: string, message: string): FakeAnswer => {
    rejected.push(code);
    const body = { RequestId: randomUUID(), HostId: 'dysmsapi.aliyuncs.com', Code: code, Message: message };
    return { status, body: { ...body, Recommend: `https://api.aliyun.com/troubleshoot?q=${code}&product=Dysmsapi` } };
  };
  const business = (code: string, message: string, extra: object = {}): FakeAnswer => ({
    status: 200,
    body: { Code: code, Message: message, RequestId: randomUUID(), ...extra },
  });

  function verify(request: IncomingMessage, body: string): FakeAnswer | undefined {
    const header = (name: string) => String(request.headers[name] ?? '');
    const authorization = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
      header('authorization'),
    );
    if (!authorization)
      return error(400, 'IncompleteSignature', 'The request signature does not conform to standards.');
    const [, keyId, signedHeaderList = '', signature = ''] = authorization;
    if (keyId !== ALIYUN.accessKeyId)
      return error(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    const signedHeaders = signedHeaderList.split(';');
    const mustSign = [
      'host',
      'x-acs-action',
      'x-acs-content-sha256',
      'x-acs-date',
      'x-acs-signature-nonce',
      'x-acs-version',
    ];
    if (mustSign.some((name) => !signedHeaders.includes(name)))
      return error(400, 'IncompleteSignature', 'The request signature does not conform to standards.');
    if (Math.abs(Date.parse(header('x-acs-date')) - Date.now()) > 15 * 60_000 || !header('x-acs-date'))
      return error(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');

    const url = new URL(request.url ?? '/', 'http://fake');
    const query = [...url.searchParams.entries()]
      .map(([name, value]) => [percentEncode(name), percentEncode(value)] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
    const canonicalHeaders = [...signedHeaders]
      .sort()
      .map((name) => `${name}:${header(name).trim()}\n`)
      .join('');
    // The payload hash is recomputed from the body received: a body changed on the way no longer matches.
    const canonicalRequest = [
      request.method,
      url.pathname,
      query,
      canonicalHeaders,
      [...signedHeaders].sort().join(';'),
      sha256Hex(body),
    ].join('\n');
    const expected = createHmac('sha256', secret)
      .update(`ACS3-HMAC-SHA256\n${sha256Hex(canonicalRequest)}`)
      .digest();
    if (header('x-acs-content-sha256') !== sha256Hex(body) || !timingSafeEqual(expected, Buffer.from(signature, 'hex')))
      return error(400, 'SignatureDoesNotMatch', 'Specified signature does not match our calculation.');
    // Checked after the signature: a replay of a validly signed request is refused too.
    if (nonces.has(header('x-acs-signature-nonce')))
      return error(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    nonces.add(header('x-acs-signature-nonce'));
    if (header('x-acs-action') !== 'SendSms')
      return error(404, 'InvalidAction.NotFound', 'Specified api is not found.');
    if (header('x-acs-version') !== '2017-05-25')
      return error(400, 'InvalidVersion', 'Specified parameter Version is not valid.');
    return undefined;
  }

  function sendSms(params: Record<string, string>): FakeAnswer {
    for (const name of ['PhoneNumbers', 'SignName', 'TemplateCode'])
      if (!params[name]) return error(400, `Missing${name}`, `${name} is mandatory for this action.`);
    sent.push(params);
    if (scripted) {
      const { code, message } = scripted;
      scripted = undefined;
      return business(code, message);
    }
    if (params.SignName !== ALIYUN.signName) return business('isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名');
    if (![ALIYUN.templateCode, ALIYUN.inviteTemplateCode].includes(params.TemplateCode ?? ''))
      return business('isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板');
    try {
      const values = JSON.parse(params.TemplateParam ?? '{}') as Record<string, unknown>;
      if (Object.values(values).some((value) => typeof value !== 'string')) throw new Error('not strings');
    } catch {
      return business('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
    }
    const phone = params.PhoneNumbers ?? '';
    if (!/^1[3-9]\d{9}$/.test(phone)) return business('isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
    // The platform's default flow control for one number: one message a minute.
    const last = lastSentAt.get(phone);
    if (last !== undefined && Date.now() - last < 60_000)
      return business('isv.BUSINESS_LIMIT_CONTROL', '触发分钟级流控Permits:1');
    lastSentAt.set(phone, Date.now());
    return business('OK', 'OK', { BizId: `${Date.now()}^0` });
  }

  const server = await startLocalServer((request, body) => {
    const refused = verify(request, body);
    if (refused) return refused;
    const params = Object.fromEntries([
      ...new URL(request.url ?? '/', 'http://fake').searchParams,
      ...new URLSearchParams(body),
    ]);
    return sendSms(params);
  });
  return {
    ...server,
    sent,
    rejected,
    failNext(code, message = code) {
      scripted = { code, message };
    },
  };
}

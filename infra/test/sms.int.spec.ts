import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { AliyunSmsSettings, TencentSmsSettings } from '../src/config.js';
import { createAliyunSmsProvider } from '../src/sms/aliyun.js';
import { SMS_FAILURE_MESSAGES, SmsSendError } from '../src/sms/errors.js';
import type { SmsContent, SmsProvider } from '../src/sms/provider.js';
import { createTencentSmsProvider } from '../src/sms/tencent.js';
import { ALIYUN, startFakeAliyun } from './sms-fakes/aliyun.js';
import { closedOrigin, type LocalServer } from './sms-fakes/server.js';
import { startFakeTencent, TENCENT } from './sms-fakes/tencent.js';

const PUBLIC_URL = 'https://pm.example.com';
const code: SmsContent = { kind: 'code', smsType: 1, code: '493817' };
const invitation: SmsContent = {
  kind: 'teamInvitation',
  teamName: '研发部',
  inviterName: '张三',
  link: `${PUBLIC_URL}/system/#/invite/AB12CD/7`,
};

/** A logger whose lines the test reads back (to check what must never be written). */
function capturingLogger() {
  const lines: string[] = [];
  return { lines, logger: pino({ level: 'debug' }, { write: (line: string) => lines.push(line) }) };
}

const servers: LocalServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function failureOf(sending: Promise<void>): Promise<SmsSendError> {
  const error = await sending.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsSendError);
  return error as SmsSendError;
}

interface Fixture {
  name: 'aliyun' | 'tencent';
  start(secret?: string): Promise<LocalServer & { rejected: string[]; failNext(code: string): void }>;
  provider(
    origin: string,
    logger: ReturnType<typeof capturingLogger>['logger'],
    secret?: string,
    timeoutMs?: number,
  ): SmsProvider;
  secret: string;
  /** What the fake received for the last message, as sign name, template and values in the provider's form. */
  last(server: unknown): { phone: string; signName: unknown; template: unknown; values: unknown };
  codeTemplate: string;
  inviteTemplate: string;
  codeValues: unknown;
  inviteValues: unknown;
  /** Provider codes and the reason each must map to. */
  mapped: Array<[providerCode: string, reason: keyof typeof SMS_FAILURE_MESSAGES]>;
  quotaCode: string;
  signatureCode: string;
}

const aliyunSettings = (endpoint: string, secret: string): AliyunSmsSettings => ({
  ...ALIYUN,
  accessKeySecret: secret,
  endpoint,
});
const tencentSettings = (endpoint: string, secret: string): TencentSmsSettings => ({
  ...TENCENT,
  secretKey: secret,
  endpoint,
});

const fixtures: Fixture[] = [
  {
    name: 'aliyun',
    start: (secret) => startFakeAliyun(secret),
    provider: (origin, logger, secret = ALIYUN.accessKeySecret, timeoutMs = 3_000) =>
      createAliyunSmsProvider(aliyunSettings(origin, secret), { logger, timeoutMs, publicUrl: PUBLIC_URL }),
    secret: ALIYUN.accessKeySecret,
    last: (server) => {
      const params = (server as Awaited<ReturnType<typeof startFakeAliyun>>).sent.at(-1) ?? {};
      return {
        phone: params.PhoneNumbers ?? '',
        signName: params.SignName,
        template: params.TemplateCode,
        values: JSON.parse(params.TemplateParam ?? 'null'),
      };
    },
    codeTemplate: ALIYUN.templateCode,
    inviteTemplate: ALIYUN.inviteTemplateCode,
    codeValues: { code: '493817' },
    inviteValues: { team: '研发部', inviter: '张三', link: 'system/#/invite/AB12CD/7' },
    mapped: [
      ['isv.DAY_LIMIT_CONTROL', 'quota_exhausted'],
      ['isv.MONTH_LIMIT_CONTROL', 'quota_exhausted'],
      ['isv.AMOUNT_NOT_ENOUGH', 'unavailable'],
      ['isv.OUT_OF_SERVICE', 'unavailable'],
      ['isp.SYSTEM_ERROR', 'unavailable'],
    ],
    quotaCode: 'isv.BUSINESS_LIMIT_CONTROL',
    signatureCode: 'SignatureDoesNotMatch',
  },
  {
    name: 'tencent',
    start: (secret) => startFakeTencent(secret),
    provider: (origin, logger, secret = TENCENT.secretKey, timeoutMs = 3_000) =>
      createTencentSmsProvider(tencentSettings(origin, secret), { logger, timeoutMs, publicUrl: PUBLIC_URL }),
    secret: TENCENT.secretKey,
    last: (server) => {
      const params: Record<string, unknown> =
        (server as Awaited<ReturnType<typeof startFakeTencent>>).sent.at(-1) ?? {};
      const phones = params.PhoneNumberSet as string[] | undefined;
      return {
        phone: phones?.[0] ?? '',
        signName: params.SignName,
        template: params.TemplateId,
        values: params.TemplateParamSet,
      };
    },
    codeTemplate: TENCENT.templateId,
    inviteTemplate: TENCENT.inviteTemplateId,
    codeValues: ['493817'],
    inviteValues: ['研发部', '张三', 'system/#/invite/AB12CD/7'],
    mapped: [
      ['LimitExceeded.PhoneNumberDailyLimit', 'number_daily_limit'],
      ['LimitExceeded.PhoneNumberOneHourLimit', 'rate_limited'],
      ['LimitExceeded.AppDailyLimit', 'quota_exhausted'],
      ['FailedOperation.PhoneNumberInBlacklist', 'number_blocked'],
      ['FailedOperation.InsufficientBalanceInSmsPackage', 'unavailable'],
    ],
    quotaCode: 'LimitExceeded.PhoneNumberThirtySecondLimit',
    signatureCode: 'AuthFailure.SignatureFailure',
  },
];

describe.each(fixtures)('$name SMS provider against a local server that checks signatures', (fixture) => {
  async function setUp(options: { secret?: string; timeoutMs?: number } = {}) {
    const server = await fixture.start();
    servers.push(server);
    const log = capturingLogger();
    const provider = fixture.provider(server.origin, log.logger, options.secret, options.timeoutMs);
    return { server, provider, ...log };
  }

  it('sends a one-time code with the sign name and code template, signed so that the server accepts it', async () => {
    const { server, provider, lines } = await setUp();
    await provider.send('13800000001', code);
    expect(server.rejected).toEqual([]);
    expect(fixture.last(server)).toEqual({
      phone: fixture.name === 'tencent' ? '+8613800000001' : '13800000001',
      signName: '项目管理',
      template: fixture.codeTemplate,
      values: fixture.codeValues,
    });
    // The code and the secret stay out of the logs; the number is masked.
    expect(lines.join('')).not.toContain('493817');
    expect(lines.join('')).not.toContain(fixture.secret);
    expect(lines.join('')).toContain('138****0001');
  });

  it('sends an invitation with the invitation template; the link variable is the path after PUBLIC_URL', async () => {
    const { server, provider } = await setUp();
    await provider.send('13800000002', invitation);
    expect(fixture.last(server)).toMatchObject({ template: fixture.inviteTemplate, values: fixture.inviteValues });
  });

  it("maps the provider's flow control for one number (quota exceeded) to 'too frequent'", async () => {
    const { provider } = await setUp();
    await provider.send('13800000003', code);
    const failure = await failureOf(provider.send('13800000003', code));
    expect(failure).toMatchObject({ reason: 'rate_limited', providerCode: fixture.quotaCode, kind: 'rate_limited' });
    expect(failure.message).toBe('短信发送过于频繁，请稍后再试');
  });

  it('maps an invalid number to a message the user can act on', async () => {
    const { provider } = await setUp();
    const failure = await failureOf(provider.send('12345', code));
    expect(failure).toMatchObject({ reason: 'invalid_number', kind: 'invalid', message: '手机号码格式不正确' });
  });

  it('is refused by the server when signed with a wrong secret, and says the service is unavailable', async () => {
    const { server, provider, lines } = await setUp({ secret: `${fixture.secret}-tampered` });
    const failure = await failureOf(provider.send('13800000004', code));
    expect(server.rejected).toEqual([fixture.signatureCode]);
    expect(failure).toMatchObject({ reason: 'unavailable', providerCode: fixture.signatureCode });
    expect(failure.message).toBe('短信服务暂时不可用，请稍后再试');
    // The operator learns why, from an error entry that names the code but neither secret nor sign-in code.
    const logged = lines.map((line) => JSON.parse(line) as { level: number; providerCode?: string });
    expect(logged).toContainEqual(expect.objectContaining({ level: 50, providerCode: fixture.signatureCode }));
    expect(lines.join('')).not.toContain(fixture.secret);
    expect(lines.join('')).not.toContain('493817');
  });

  it.each(fixture.mapped)('maps %s to its message', async (providerCode, reason) => {
    const { server, provider } = await setUp();
    server.failNext(providerCode);
    const failure = await failureOf(provider.send('13800000005', code));
    expect(failure).toMatchObject({ reason, providerCode, message: SMS_FAILURE_MESSAGES[reason] });
  });

  it('gives up after its timeout when the provider does not answer', async () => {
    const { server, provider } = await setUp({ timeoutMs: 300 });
    server.hang();
    const started = Date.now();
    const failure = await failureOf(provider.send('13800000006', code));
    expect(failure).toMatchObject({ reason: 'timeout', message: '短信发送超时，请稍后再试' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('says the service is unavailable when nothing listens at the endpoint', async () => {
    const { logger } = capturingLogger();
    const provider = fixture.provider(await closedOrigin(), logger);
    const failure = await failureOf(provider.send('13800000007', code));
    expect(failure).toMatchObject({ reason: 'unavailable', message: '短信服务暂时不可用，请稍后再试' });
  });
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadRuntimeConfig } from '../src/config.js';
import { createSmsProvider } from '../src/sms/factory.js';

const base = { DATA_DIR: mkdtempSync(join(tmpdir(), 'pmbok-sms-config-')), PMBOK_DEV_MODE: '' };
const aliyun = {
  SMS_PROVIDER: 'aliyun',
  ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tKeyId',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'very-secret-aliyun',
  ALIYUN_SMS_SIGN_NAME: '项目管理',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
  ALIYUN_SMS_INVITE_TEMPLATE_CODE: 'SMS_2',
};
const tencent = {
  SMS_PROVIDER: 'tencent',
  TENCENT_SMS_SECRET_ID: 'AKIDid',
  TENCENT_SMS_SECRET_KEY: 'very-secret-tencent',
  TENCENT_SMS_SDK_APP_ID: '1400006666',
  TENCENT_SMS_SIGN_NAME: '项目管理',
  TENCENT_SMS_TEMPLATE_ID: '1110',
  TENCENT_SMS_INVITE_TEMPLATE_ID: '1111',
};

const load = (env: Record<string, string>) => loadRuntimeConfig({ ...base, ...env });
const errorOf = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
};
const silent = pino({ level: 'silent' });

describe('SMS provider configuration', () => {
  it('reads the Alibaba Cloud settings, with the public endpoint by default', () => {
    expect(load(aliyun).aliyunSms).toEqual({
      accessKeyId: 'LTAI5tKeyId',
      accessKeySecret: 'very-secret-aliyun',
      signName: '项目管理',
      templateCode: 'SMS_1',
      inviteTemplateCode: 'SMS_2',
      endpoint: 'https://dysmsapi.aliyuncs.com',
    });
  });

  it('reads the Tencent Cloud settings, in ap-guangzhou on the public endpoint by default', () => {
    expect(load(tencent).tencentSms).toMatchObject({
      secretId: 'AKIDid',
      sdkAppId: '1400006666',
      templateId: '1110',
      inviteTemplateId: '1111',
      region: 'ap-guangzhou',
      endpoint: 'https://sms.tencentcloudapi.com',
    });
    expect(load({ ...tencent, TENCENT_SMS_REGION: 'ap-beijing' }).tencentSms?.region).toBe('ap-beijing');
  });

  it('refuses to start when the chosen provider misses a setting, naming every missing variable', () => {
    expect(errorOf({ SMS_PROVIDER: 'aliyun' })).toBe(
      'SMS_PROVIDER=aliyun needs ALIYUN_SMS_ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME, ' +
        'ALIYUN_SMS_TEMPLATE_CODE, ALIYUN_SMS_INVITE_TEMPLATE_CODE (not set)',
    );
    const message = errorOf({ ...tencent, TENCENT_SMS_SECRET_ID: '', TENCENT_SMS_INVITE_TEMPLATE_ID: ' ' });
    expect(message).toBe('SMS_PROVIDER=tencent needs TENCENT_SMS_SECRET_ID, TENCENT_SMS_INVITE_TEMPLATE_ID (not set)');
    // The values that are set, secrets among them, are never echoed.
    expect(message).not.toContain('very-secret-tencent');
  });

  it("ignores the other provider's variables", () => {
    expect(load({ ...tencent, ALIYUN_SMS_ACCESS_KEY_ID: 'x' }).aliyunSms).toBeUndefined();
    expect(load({ SMS_PROVIDER: 'console' }).tencentSms).toBeUndefined();
  });

  it('takes an endpoint override as a URL or a host, and refuses one with a path', () => {
    expect(load({ ...aliyun, ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:8089' }).aliyunSms?.endpoint).toBe(
      'http://127.0.0.1:8089',
    );
    expect(
      load({ ...tencent, TENCENT_SMS_ENDPOINT: 'sms.ap-guangzhou.tencentcloudapi.com' }).tencentSms?.endpoint,
    ).toBe('https://sms.ap-guangzhou.tencentcloudapi.com');
    expect(errorOf({ ...aliyun, ALIYUN_SMS_ENDPOINT: 'https://dysmsapi.aliyuncs.com/send' })).toContain(
      'ALIYUN_SMS_ENDPOINT must be an http(s) origin',
    );
  });

  it('bounds every send by SMS_TIMEOUT_MS, 3 s by default (below the gateway’s 4.5 s call deadline)', () => {
    expect(load({}).smsTimeoutMs).toBe(3_000);
    expect(load({ SMS_TIMEOUT_MS: '1500' }).smsTimeoutMs).toBe(1_500);
    expect(errorOf({ SMS_TIMEOUT_MS: '0' })).toContain('SMS_TIMEOUT_MS');
  });
});

describe('SMS configuration in production', () => {
  it('refuses the console provider with NODE_ENV=production', () => {
    expect(errorOf({ NODE_ENV: 'production' })).toContain('SMS_PROVIDER=console');
    expect(errorOf({ NODE_ENV: 'production', SMS_PROVIDER: 'console' })).toContain('refused with NODE_ENV=production');
  });

  it('accepts a real provider, but only over https', () => {
    expect(load({ ...aliyun, NODE_ENV: 'production' }).smsProvider).toBe('aliyun');
    expect(errorOf({ ...tencent, NODE_ENV: 'production', TENCENT_SMS_ENDPOINT: 'http://10.0.0.5:8080' })).toBe(
      'the SMS endpoint must use https with NODE_ENV=production, got http://10.0.0.5:8080',
    );
  });
});

describe('createSmsProvider', () => {
  it('returns the provider SMS_PROVIDER names', () => {
    expect(createSmsProvider(load(aliyun), silent).name).toBe('aliyun');
    expect(createSmsProvider(load(tencent), silent).name).toBe('tencent');
    expect(createSmsProvider(load({}), silent).name).toBe('console');
  });

  it('gives the console provider an outbox only in development mode, and not where the caller declines it', () => {
    expect(createSmsProvider(load({}), silent).lastSent).toBeUndefined();
    expect(createSmsProvider(load({ PMBOK_DEV_MODE: '1' }), silent).lastSent).toBeTypeOf('function');
    expect(createSmsProvider(load({ PMBOK_DEV_MODE: '1' }), silent, { outbox: false }).lastSent).toBeUndefined();
  });
});

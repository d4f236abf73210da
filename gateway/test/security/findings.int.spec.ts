import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadRuntimeConfig } from '@pmbok/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBanner } from '../../src/banner.js';
import { loadGatewayConfig } from '../../src/config.js';
import { startMetricsServer } from '../../src/routes/metrics.js';
import { type Harness, startHarness } from '../harness.js';

/**
 * Regressions of the outside review (issue 13): each test reproduces a finding the way an attacker would over
 * HTTP and fails if it comes back. The authorization matrix and the malformed-input sweep live beside this file.
 */
describe('security findings', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('#3 counts password failures per account, whatever the letter case of its login name', async () => {
    const telephone = '13700000301';
    const token = await h.register(telephone);
    expect((await h.call('user/bindingUserName', { username: 'probe301' }, token)).code).toBe(200);
    const spellings = ['probe301', 'Probe301', 'pRobe301', 'PROBE301', 'prObe301', 'probE301'];
    // Three failures from two addresses in three spellings: the account now needs a captcha, in any spelling.
    for (const [i, username] of spellings.slice(0, 3).entries()) {
      const answer = await h.call(
        'user/loginByPassword',
        { username, password: 'Wrong0ne!' },
        undefined,
        `10.3.0.${i % 2}`,
      );
      expect(answer.msg).toBe('账号或密码错误');
    }
    for (const username of [...spellings, telephone])
      expect((await h.call('user/checkNeedLoginCaptcha', { username }, undefined, '10.3.1.1')).data).toEqual({
        isNeed: true,
      });
    expect(
      (await h.call('user/loginByPassword', { username: 'PrObE301', password: 'Passw0rd!' }, undefined, '10.3.1.2'))
        .msg,
    ).toBe('请输入图形验证码');

    // Ten failures in all, spellings and addresses mixed, pause the account for every spelling and its telephone.
    for (let i = 3; i < 10; i++) {
      const username = spellings[i % spellings.length]!;
      await h.call('login/captcha', { username }, undefined, `10.3.0.${i % 2}`);
      await h.call(
        'user/loginByPassword',
        { username, password: 'Wrong0ne!', captcha: 'AbCd5' },
        undefined,
        `10.3.0.${i % 2}`,
      );
    }
    for (const username of ['probe301', 'PROBE301', telephone]) {
      await h.call('login/captcha', { username }, undefined, '10.3.2.1');
      const paused = await h.call(
        'user/loginByPassword',
        { username, password: 'Passw0rd!', captcha: 'AbCd5' },
        undefined,
        '10.3.2.1',
      );
      expect(paused.msg).toBe('登录失败次数过多，请15分钟后再试');
    }
  });

  it('#8 limits the anonymous calls that record something, per address', async () => {
    for (const [path, body] of [
      ['user/wechatLoginQrCode', {}],
      ['login/captcha', { username: '13700000801' }],
    ] as const) {
      const answers = [];
      for (let i = 0; i < 25; i++) answers.push(await h.call(path, body, undefined, '10.8.0.1'));
      expect(answers.slice(0, 20).every((a) => a.code === 200)).toBe(true);
      expect(answers.slice(20)).toEqual(Array(5).fill({ code: 400, msg: '操作过于频繁，请稍后再试', data: null }));
      // Another address is not affected.
      expect((await h.call(path, body, undefined, '10.8.0.2')).code).toBe(200);
    }
  });

  it('#10 answers unknown paths outside /pmbok/api inside the envelope', async () => {
    for (const url of ['/nothing-here', '/pmbok/unknown', '/system/missing-file.js']) {
      const response = await h.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 404, data: null });
    }
  });

  it('#10 answers errors of the routes outside the API in the envelope', async () => {
    const cases = [
      { method: 'POST', url: '/pmbok/wechat/callback', headers: { 'content-type': 'application/json' }, payload: '{' },
      { method: 'GET', url: '/pmbok/dev/sms-outbox' },
      { method: 'GET', url: '/pmbok/files/no-such-key.png' },
    ] as const;
    for (const request of cases) {
      const response = await h.app.inject(request);
      expect(response.statusCode, request.url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, request.url).toBeLessThan(500);
      expect(response.json(), request.url).toMatchObject({
        code: expect.any(Number),
        msg: expect.any(String),
        data: null,
      });
    }
  });

  it('#9 serves no metrics on the public port without the metrics token', async () => {
    const response = await h.app.inject('/metrics');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('pmbok_');
  });
});

describe('#1 a default deployment has no development back door', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(undefined, { env: { PMBOK_DEV_MODE: '', METRICS_TOKEN: 'scrape-secret-1' } });
  });
  afterAll(() => h.close());

  it('takes no account over: the code of a victim cannot be read over HTTP', async () => {
    const victim = '13700000101';
    expect((await h.call('user/sendRegisterCode', { username: victim, smsType: '2' })).code).toBe(200);
    const outbox = await h.app.inject({ method: 'GET', url: `/pmbok/dev/sms-outbox?telephone=${victim}` });
    expect(outbox.statusCode).toBe(404);
    expect(outbox.body).not.toMatch(/\d{6}/);
  });

  it('tells the sign-in screens that codes are printed where the server runs, not that dev mode is on', async () => {
    expect((await h.call('system/info')).data).toEqual({ smsDelivery: 'console', devMode: false });
  });

  it('#9 serves metrics on the public port only with the bearer token', async () => {
    expect((await h.app.inject('/metrics')).statusCode).toBe(401);
    expect((await h.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    const scraped = await h.app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-secret-1' } });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.body).toContain('pmbok_api_answers_total');
  });
});

describe('#1 configuration refuses development parts in production', () => {
  it('refuses the console SMS provider and dev mode with NODE_ENV=production', () => {
    const dataDir = freshDataDir();
    expect(() => loadRuntimeConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(ConfigError);
    expect(() => loadRuntimeConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, SMS_PROVIDER: 'console' })).toThrow(
      /SMS_PROVIDER=console/,
    );
    expect(() => loadRuntimeConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, PMBOK_DEV_MODE: '1' })).toThrow(
      /PMBOK_DEV_MODE/,
    );
  });

  it('says so in large letters at start', () => {
    const dev = startBanner(loadRuntimeConfig({ PMBOK_DEV_MODE: '1', DATA_DIR: freshDataDir() }));
    expect(dev).toContain('DEVELOPMENT MODE');
    expect(dev).toContain('/pmbok/dev/sms-outbox');
    expect(startBanner(loadRuntimeConfig({ DATA_DIR: freshDataDir() }))).toContain('printed in this terminal');
  });

  it('#9 serves metrics on their own listener, loopback by default', async () => {
    const config = loadGatewayConfig({ DATA_DIR: freshDataDir(), METRICS_PORT: '0' });
    expect(config.metrics).toEqual({ port: 0, host: '127.0.0.1', token: null });
    expect(loadGatewayConfig({ DATA_DIR: freshDataDir(), METRICS_PORT: 'off' }).metrics.port).toBeNull();
    const log = { info() {}, warn() {} } as never;
    const server = await startMetricsServer(config.metrics, log);
    const { port } = server!.server.address() as { port: number };
    const scraped = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(await scraped.text()).toContain('# HELP');
    // A second listener on a taken port leaves the process running without it.
    expect(await startMetricsServer({ port, host: '127.0.0.1' }, log)).toBeNull();
    await server!.close();
  });
});

const freshDataDir = () => mkdtempSync(join(tmpdir(), 'pmbok-cfg-'));

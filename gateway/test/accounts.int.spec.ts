import { metricsRegistry } from '@pmbok/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

describe('the account slice through the gateway', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('registers with the code from the outbox, signs in, reads the profile and logs out', async () => {
    const telephone = '13900000001';
    expect((await h.call('user/checkUsername', { username: telephone })).data).toEqual({ registered: false });
    const token = await h.register(telephone);
    expect((await h.call('user/checkUsername', { username: telephone })).data).toEqual({ registered: true });

    const login = await h.call('user/loginByPassword', { username: telephone, password: 'Passw0rd!' });
    expect(login.code).toBe(200);
    expect(login.data.token).not.toBe(token);

    const info = await h.call('userInfo/getUserInfo', {}, login.data.token);
    expect(info).toMatchObject({
      code: 200,
      data: { nickname: '用户0001', telephone: '139****0001', roles: ['admin'] },
    });
    expect(info.data.userId).toBe(login.data.userId);
    expect(info.data.shareCode).toMatch(/^[A-Z2-9]{8}$/);

    expect((await h.call('userInfo/logout', {}, login.data.token)).code).toBe(200);
    expect((await h.call('userInfo/getUserInfo', {}, login.data.token)).code).toBe(402);
    // The registration's own session is a different one and stays valid.
    expect((await h.call('userInfo/getUserInfo', {}, token)).code).toBe(200);
  });

  it('answers the SPEC §5 messages', async () => {
    const telephone = '13900000002';
    const register = (fields: Record<string, string>) =>
      h.call('user/register', {
        telephone,
        password: 'Passw0rd!',
        repeatPassword: 'Passw0rd!',
        code: '123456',
        ...fields,
      });
    expect((await h.call('user/sendRegisterCode', { username: '1390000' })).msg).toBe('请输入正确手机号码');
    expect((await register({ telephone: '23900000002' })).msg).toBe('请输入正确手机号码');
    expect((await register({ password: 'short1!', repeatPassword: 'short1!' })).msg).toBe(
      '密码至少是8位,且同时包含数字，字母，特殊符号',
    );
    expect((await register({ repeatPassword: 'Passw0rd?' })).msg).toBe('确认密码与密码不一致，请正确输入');
    expect((await register({ code: '' })).msg).toBe('请点击获取验证码');
    expect((await register({ code: '123' })).msg).toBe('请输入正确的验证码');
    expect((await register({})).code).toBe(400);

    await h.register(telephone);
    const again = await h.call('user/sendRegisterCode', { username: telephone });
    expect(again).toMatchObject({ code: 400, msg: '当前用户已注册' });
  });

  it('does not tell a wrong password from an unknown account', async () => {
    await h.register('13900000003');
    const wrongPassword = await h.call('user/loginByPassword', { username: '13900000003', password: 'Wrong0ne!' });
    const unknownAccount = await h.call('user/loginByPassword', { username: '13900000099', password: 'Wrong0ne!' });
    expect(wrongPassword).toEqual(unknownAccount);
    expect(wrongPassword).toMatchObject({ code: 400, msg: '账号或密码错误' });
    expect((await h.call('user/loginByPassword', { username: '', password: 'x' })).msg).toBe('请输入登录账号');
  });

  it('uses an SMS code once and limits sends to one a minute', async () => {
    const telephone = '13900000004';
    await h.call('user/sendRegisterCode', { username: telephone });
    expect((await h.call('user/sendRegisterCode', { username: telephone })).msg).toMatch(/请\d+秒后再试/);
    const code = await h.smsCode(telephone);
    const fields = { telephone, password: 'Passw0rd!', repeatPassword: 'Passw0rd!' };
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await h.call('user/register', { ...fields, code: wrong })).msg).toBe('验证码错误或已失效，请重新获取');
    expect((await h.call('user/register', { ...fields, code })).code).toBe(200);
    expect((await h.call('user/register', { ...fields, code })).msg).toBe('当前用户已注册');
  });

  it('signs in with an SMS login code, used once', async () => {
    const telephone = '13900000006';
    await h.register(telephone);
    h.advanceClock(61_000);
    expect((await h.call('user/sendLoginCode', { username: '13900000066', smsType: '1' })).msg).toBe('当前用户未注册');
    expect((await h.call('user/sendLoginCode', { username: telephone, smsType: '1' })).code).toBe(200);
    const code = await h.smsCode(telephone);
    const login = await h.call('user/loginByCode', { telephone, code });
    expect(login.code).toBe(200);
    expect((await h.call('userInfo/getUserInfo', {}, login.data.token)).data.telephone).toBe('139****0006');
    expect((await h.call('user/loginByCode', { telephone, code })).msg).toBe('验证码错误或已失效，请重新获取');
  });

  it('resets a password with a reset code and ends every session', async () => {
    const telephone = '13900000007';
    const oldSession = await h.register(telephone);
    h.advanceClock(61_000);
    expect((await h.call('user/sendResetCode', { username: '13900000077', smsType: '3' })).msg).toBe('当前用户未注册');
    expect((await h.call('user/sendResetCode', { username: telephone, smsType: '3' })).code).toBe(200);
    const code = await h.smsCode(telephone);
    const fields = { telephone, code, password: 'N3w-password', repeatPassword: 'N3w-password' };
    expect((await h.call('user/resetPassword', { ...fields, repeatPassword: 'other' })).msg).toBe(
      '密码至少是8位,且同时包含数字，字母，特殊符号',
    );
    const reset = await h.call('user/resetPassword', fields);
    expect(reset).toMatchObject({ code: 200, data: { person: { telephone: '139****0007' } } });
    expect((await h.call('userInfo/getUserInfo', {}, oldSession)).code).toBe(402);
    expect((await h.call('user/loginByPassword', { username: telephone, password: 'Passw0rd!' })).code).toBe(400);
    expect((await h.call('user/loginByPassword', { username: telephone, password: 'N3w-password' })).code).toBe(200);
  });

  it('asks for a single-use graphic captcha after repeated failures, per account', async () => {
    const telephone = '13900000008';
    await h.register(telephone);
    const ip = '10.0.0.8';
    const login = (fields: Record<string, string>) =>
      h.call('user/loginByPassword', { username: telephone, ...fields }, undefined, ip);
    expect((await h.call('user/checkNeedLoginCaptcha', { username: telephone })).data).toEqual({ isNeed: false });
    for (let i = 0; i < 3; i++) expect((await login({ password: 'Wrong0ne!' })).msg).toBe('账号或密码错误');
    expect((await h.call('user/checkNeedLoginCaptcha', { username: telephone })).data).toEqual({ isNeed: true });
    expect((await h.call('user/checkNeedLoginCaptcha', { username: '13900000088' })).data).toEqual({ isNeed: false });
    expect((await login({ password: 'Passw0rd!' })).msg).toBe('请输入图形验证码');

    const image = await h.call('login/captcha', { username: telephone });
    const svg = Buffer.from(image.data.code.split(',')[1], 'base64').toString();
    expect(svg).toMatch(/^<svg[\s\S]*<path/);
    expect(svg).not.toContain('AbCd5');
    expect((await login({ password: 'Passw0rd!', captcha: 'zzzzz' })).msg).toBe('图形验证码错误或已过期，请刷新后重试');
    // The wrong guess used that image up: the right answer no longer works without a new one.
    expect((await login({ password: 'Passw0rd!', captcha: 'abcd5' })).msg).toBe('图形验证码错误或已过期，请刷新后重试');
    await h.call('login/captcha', { username: telephone });
    expect((await login({ password: 'Passw0rd!', captcha: 'abcd5' })).code).toBe(200);
    expect((await h.call('user/checkNeedLoginCaptcha', { username: telephone })).data).toEqual({ isNeed: false });
  });

  it('pauses password sign-in for an account after ten failures in 15 minutes', async () => {
    const telephone = '13900000009';
    await h.register(telephone);
    const ip = '10.0.0.9';
    for (let i = 0; i < 10; i++) {
      if (i >= 3) await h.call('login/captcha', { username: telephone });
      await h.call(
        'user/loginByPassword',
        { username: telephone, password: 'Wrong0ne!', captcha: 'AbCd5' },
        undefined,
        ip,
      );
    }
    const paused = await h.call(
      'user/loginByPassword',
      { username: telephone, password: 'Passw0rd!', captcha: 'AbCd5' },
      undefined,
      ip,
    );
    expect(paused.msg).toBe('登录失败次数过多，请15分钟后再试');
    h.advanceClock(15 * 60 * 1000 + 1);
    expect(
      (await h.call('user/loginByPassword', { username: telephone, password: 'Passw0rd!' }, undefined, ip)).code,
    ).toBe(200);
  });

  it('asks for a captcha from an IP that failed on many accounts, and only from that IP', async () => {
    const ip = '10.0.0.10';
    for (let i = 0; i < 10; i++) {
      await h.call(
        'user/loginByPassword',
        { username: `1350000${String(i).padStart(4, '0')}`, password: 'Wrong0ne!' },
        undefined,
        ip,
      );
    }
    const fresh = { username: '13500009999' };
    expect((await h.call('user/checkNeedLoginCaptcha', fresh, undefined, ip)).data.isNeed).toBe(true);
    expect((await h.call('user/checkNeedLoginCaptcha', fresh, undefined, '10.0.0.11')).data.isNeed).toBe(false);
  });

  it('caps the SMS codes one client IP may ask for in a day', async () => {
    const ip = '10.0.0.12';
    for (let i = 0; i < 30; i++) {
      const sent = await h.call(
        'user/sendRegisterCode',
        { username: `1330000${String(i).padStart(4, '0')}` },
        undefined,
        ip,
      );
      expect(sent.code).toBe(200);
    }
    expect((await h.call('user/sendRegisterCode', { username: '13300009999' }, undefined, ip)).msg).toBe(
      '当前网络今日获取验证码次数过多，请明天再试',
    );
    expect((await h.call('user/sendRegisterCode', { username: '13300009999' }, undefined, '10.0.0.13')).code).toBe(200);
  });

  it('refuses calls without a valid token with 402', async () => {
    expect((await h.call('userInfo/getUserInfo')).code).toBe(402);
    expect((await h.call('userInfo/getUserInfo', {}, 'not-a-token')).code).toBe(402);
    expect((await h.call('userInfo/logout', {}, 'Bearer nope')).code).toBe(402);
  });

  it('keeps accounts and sessions across a restart (the read models are rebuilt from the log)', async () => {
    const token = await h.register('13900000005');
    await h.close();
    h = await startHarness(h.dataDir);
    expect((await h.call('userInfo/getUserInfo', {}, token)).data.telephone).toBe('139****0005');
    expect((await h.call('user/loginByPassword', { username: '13900000005', password: 'Passw0rd!' })).code).toBe(200);
  });

  it('serves health, readiness over gRPC, metrics and the console redirect', async () => {
    expect((await h.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await h.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(Object.values(ready.json().services)).toEqual(Array(6).fill('serving'));
    // Metrics are on their own listener (gateway/src/routes/metrics.ts); the registry is the process's.
    const metrics = { body: await metricsRegistry.metrics() };
    expect(metrics.body).toContain('pmbok_grpc_server_handled_total');
    expect(metrics.body).toContain('pmbok_api_answers_total');
    const root = await h.app.inject('/');
    expect(root.headers.location).toBe('/system/');
  });

  it('answers an unknown call with 404 and a GET on a call with 404', async () => {
    const unknown = await h.app.inject({ method: 'POST', url: '/pmbok/api/user/noSuchCall', payload: {} });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 404 });
    expect((await h.app.inject({ method: 'GET', url: '/pmbok/api/user/register' })).statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  recordedApi,
  scanEvent,
  signedQuery,
  subscribeEvent,
  WECHAT,
} from '../../services/auth/test/wechat-recordings.js';
import { type Harness, startHarness } from './harness.js';

/** The WeChat provider end to end through the gateway, with the platform's callbacks and API answers replayed. */
describe('QR sign-in with the WeChat official-account provider', () => {
  let h: Harness;
  beforeAll(async () => {
    Object.assign(process.env, {
      QR_LOGIN_PROVIDER: 'wechat',
      WECHAT_APP_ID: WECHAT.appId,
      WECHAT_APP_SECRET: WECHAT.appSecret,
      WECHAT_TOKEN: WECHAT.token,
    });
    h = await startHarness(undefined, { wechatFetch: recordedApi() });
  });
  afterAll(async () => {
    await h.close();
    delete process.env.QR_LOGIN_PROVIDER;
  });

  const callback = (body: string, query = signedQuery()) =>
    h.app.inject({
      method: 'POST',
      url: `/pmbok/wechat/callback?${new URLSearchParams(query)}`,
      headers: { 'content-type': 'text/xml' },
      payload: body,
    });

  it('answers the platform URL check only when signed', async () => {
    const ok = await h.app.inject(`/pmbok/wechat/callback?${new URLSearchParams({ ...signedQuery(), echostr: 'e1' })}`);
    expect([ok.statusCode, ok.body]).toEqual([200, 'e1']);
    const forged = await h.app.inject(
      `/pmbok/wechat/callback?${new URLSearchParams({ ...signedQuery('x'), echostr: 'e1' })}`,
    );
    expect(forged.statusCode).toBe(403);
  });

  it('sends an unknown scanner to registration with the ticket, binds on registration, then signs in by scan', async () => {
    const first = (await h.call('user/wechatLoginQrCode')).data;
    expect(first.qrcodeUrl).toBe('https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=gQH47joAAAAAAAAAASxodHRw');
    expect((await callback(scanEvent(first.ticket, 'openid-new'), signedQuery('forged'))).statusCode).toBe(403);
    expect((await h.call('user/wechatLoginResult', { ticket: first.ticket })).code).toBe(880);
    const scanned = await callback(subscribeEvent(first.ticket, 'openid-new'));
    expect([scanned.statusCode, scanned.body]).toEqual([200, 'success']);
    const unregistered = await h.call('user/wechatLoginResult', { ticket: first.ticket });
    expect(unregistered).toMatchObject({ code: 508, data: { ticket: first.ticket } });

    // The ticket outlives the QR code's 120 s once the scanner is known, to leave time to register.
    h.advanceClock(5 * 60_000);
    await h.call('user/sendRegisterCode', { username: '13200000002' });
    const code = await h.smsCode('13200000002');
    const stale = {
      telephone: '13200000002',
      password: 'Passw0rd!',
      repeatPassword: 'Passw0rd!',
      code,
      ticket: 'no-such-ticket',
    };
    expect((await h.call('user/register', stale)).code).toBe(400);
    expect((await h.call('user/checkUsername', { username: '13200000002' })).data.registered).toBe(false);
    const fields = {
      telephone: '13200000002',
      password: 'Passw0rd!',
      repeatPassword: 'Passw0rd!',
      code,
      ticket: first.ticket,
    };
    const registered = await h.call('user/register', fields);
    expect(registered.code).toBe(200);
    expect((await h.call('userInfo/bindList', {}, registered.data.token)).data).toEqual([
      { wechatUserId: 'openid-new', boundAt: expect.any(Number) },
    ]);

    const second = (await h.call('user/wechatLoginQrCode')).data;
    await callback(scanEvent(second.ticket, 'openid-new'));
    const signedIn = await h.call('user/wechatLoginResult', { ticket: second.ticket });
    expect(signedIn).toMatchObject({ code: 200, data: { userId: registered.data.userId } });
  });

  it('binds from account settings with a binding-only code, which never signs the scanner in', async () => {
    const bound = await h.register('13200000005');
    const first = (await h.call('userInfo/bindWechatQrCode', {}, bound)).data;
    await callback(scanEvent(first.ticket, 'openid-bind'));
    expect(await h.call('user/wechatLoginResult', { ticket: first.ticket })).toMatchObject({ code: 508 });
    expect((await h.call('userInfo/bindWechat', { ticket: first.ticket }, bound)).code).toBe(200);

    // Another account's binding code scanned by that (now bound) WeChat account signs nobody in ...
    const other = await h.register('13200000006');
    const second = (await h.call('userInfo/bindWechatQrCode', {}, other)).data;
    await callback(scanEvent(second.ticket, 'openid-bind'));
    const polled = await h.call('user/wechatLoginResult', { ticket: second.ticket });
    expect(polled.code).toBe(508);
    expect(polled.data.token).toBeUndefined();
    // ... and cannot steal the identity, nor can a third account use someone else's binding code.
    expect((await h.call('userInfo/bindWechat', { ticket: second.ticket }, other)).msg).toBe('该微信已绑定其他账号');
    expect((await h.call('userInfo/bindWechat', { ticket: second.ticket }, bound)).code).toBe(400);
    expect((await h.call('userInfo/bindWechatQrCode')).code).toBe(402);
  });

  it('signs in from the WeChat browser by OAuth code, or asks an unknown user to register', async () => {
    const wechatBrowser = { 'user-agent': 'Mozilla/5.0 (iPhone) AppleWebKit MicroMessenger/8.0.50' };
    const byCode = await h.app.inject({
      method: 'POST',
      url: '/pmbok/api/user/loginWechatByCode',
      headers: wechatBrowser,
      payload: { code: 'CODE-1' },
    });
    expect(byCode.json()).toMatchObject({ code: 508, data: { ticket: expect.any(String) } });
    const bad = await h.app.inject({
      method: 'POST',
      url: '/pmbok/api/user/loginWechatByCode',
      headers: wechatBrowser,
      payload: { code: 'expired' },
    });
    expect(bad.json()).toMatchObject({ code: 400, msg: '微信授权失败，请重试' });

    // A signed-in user binds that identity from account settings; the same code then signs them in.
    const token = await h.register('13200000003');
    expect((await h.call('userInfo/bindWechat', { ticket: byCode.json().data.ticket }, token)).code).toBe(200);
    const again = await h.app.inject({
      method: 'POST',
      url: '/pmbok/api/user/loginWechatByCode',
      headers: wechatBrowser,
      payload: { code: 'CODE-1' },
    });
    expect(again.json()).toMatchObject({ code: 200, data: { token: expect.any(String) } });
    // Nobody else can remove that binding, nor learn it exists.
    const stranger = await h.register('13200000004');
    expect((await h.call('userInfo/deleteBindWechat', { wechatUserId: 'openid-from-code' }, stranger)).msg).toBe(
      '未绑定该微信账号',
    );
    expect((await h.call('userInfo/bindList', {}, stranger)).data).toEqual([]);
    expect((await h.call('userInfo/deleteBindWechat', { wechatUserId: 'openid-from-code' }, token)).code).toBe(200);
    expect((await h.call('userInfo/bindList', {}, token)).data).toEqual([]);
  });
});

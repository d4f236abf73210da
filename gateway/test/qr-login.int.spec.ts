import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

describe('QR sign-in with the embedded provider (a signed-in phone confirms)', () => {
  let h: Harness;
  let phone: string;
  beforeAll(async () => {
    h = await startHarness();
    phone = await h.register('13200000001');
  });
  afterAll(async () => {
    await h.close();
  });

  const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140 Desktop' };
  const newQr = async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/pmbok/api/user/wechatLoginQrCode',
      headers: browser,
      payload: {},
    });
    return response.json().data as { ticket: string; qrcodeUrl: string };
  };

  it('waits, shows the phone which device asks, and signs the browser in once confirmed, once', async () => {
    const { ticket, qrcodeUrl } = await newQr();
    expect(qrcodeUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrcodeUrl.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(await h.call('user/wechatLoginResult', { ticket })).toMatchObject({ code: 880 });

    const info = await h.call('user/qrLoginInfo', { ticket }, phone);
    expect(info.data).toMatchObject({ status: 'pending', userAgent: browser['user-agent'] });
    expect((await h.call('user/qrLoginInfo', { ticket })).code).toBe(402);
    expect((await h.call('user/qrLoginConfirm', { ticket }, phone)).code).toBe(200);

    const signedIn = await h.call('user/wechatLoginResult', { ticket });
    expect(signedIn.code).toBe(200);
    const me = await h.call('userInfo/getUserInfo', {}, signedIn.data.token);
    expect(me.data.telephone).toBe('132****0001');
    expect((await h.call('user/wechatLoginResult', { ticket })).msg).toBe('二维码已使用，请刷新');
    expect((await h.call('user/qrLoginConfirm', { ticket }, phone)).code).toBe(400);
  });

  it('tells the browser when the phone refuses', async () => {
    const { ticket } = await newQr();
    expect((await h.call('user/qrLoginRefuse', { ticket }, phone)).code).toBe(200);
    expect((await h.call('user/wechatLoginResult', { ticket })).msg).toBe('登录已被拒绝');
  });

  it('expires a ticket after 120 s and refuses unknown tickets', async () => {
    const { ticket } = await newQr();
    h.advanceClock(120_001);
    expect((await h.call('user/wechatLoginResult', { ticket })).msg).toBe('二维码已过期，请刷新');
    expect((await h.call('user/qrLoginConfirm', { ticket }, phone)).msg).toBe('二维码已过期，请刷新');
    expect((await h.call('user/wechatLoginResult', { ticket: 'nope' })).msg).toBe('二维码无效，请刷新');
  });

  it('answers loginWechatByCode outside WeChat with the SPEC message', async () => {
    expect((await h.call('user/loginWechatByCode', { code: 'x' })).msg).toBe('请在微信浏览器下使用此功能');
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

import { createWechatQrProvider, wechatSignature } from '../src/qrProviders/wechat.js';
import { recordedApi, scanEvent, signedQuery, subscribeEvent, WECHAT } from './wechat-recordings.js';

describe('the WeChat official-account provider', () => {
  const provider = createWechatQrProvider({ ...WECHAT, fetch: recordedApi() });

  it('signs as the platform does: sha1 of the sorted token, timestamp and nonce', () => {
    // sha1('123abc') — the three parts sorted lexicographically, then joined.
    expect(wechatSignature('abc', '123', '')).toBe(sha1('123abc'));
    expect(wechatSignature('a', 'b', 'c')).toBe(wechatSignature('c', 'a', 'b'));
    expect(wechatSignature('token', '1', '2')).not.toBe(wechatSignature('other', '1', '2'));
  });

  it('answers the endpoint check only when signed with our token', () => {
    expect(provider.verifyEndpoint!({ ...signedQuery(), echostr: 'hello' })).toBe('hello');
    expect(provider.verifyEndpoint!({ ...signedQuery('wrong-token'), echostr: 'hello' })).toBeNull();
    expect(provider.verifyEndpoint!({ echostr: 'hello' })).toBeNull();
  });

  it('reads the ticket and the scanner from SCAN and subscribe events', () => {
    expect(provider.parseCallback!(signedQuery(), scanEvent('T1', 'openid-1'))).toEqual({
      ticket: 'T1',
      openid: 'openid-1',
    });
    expect(provider.parseCallback!(signedQuery(), subscribeEvent('T2', 'openid-2'))).toEqual({
      ticket: 'T2',
      openid: 'openid-2',
    });
    expect(provider.parseCallback!(signedQuery('forged'), scanEvent('T1', 'openid-1'))).toBeNull();
    expect(
      provider.parseCallback!(signedQuery(), '<xml><MsgType>text</MsgType><Content>hi</Content></xml>'),
    ).toBeNull();
    expect(provider.parseCallback!(signedQuery(), 'not xml <<<')).toBeNull();
  });

  it('creates a temporary QR code whose scene is our ticket, and trades OAuth codes for openids', async () => {
    expect(await provider.qrcodeUrl('T3')).toBe(
      'https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=gQH47joAAAAAAAAAASxodHRw',
    );
    expect(await provider.openidFromCode!('CODE-1')).toBe('openid-from-code');
    await expect(provider.openidFromCode!('expired')).rejects.toThrow('invalid code');
  });
});

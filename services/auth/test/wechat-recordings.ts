import { wechatSignature } from '../src/qrProviders/wechat.js';

export const WECHAT = { appId: 'wx0123456789abcdef', appSecret: 'secret', token: 'pmbok-callback-token' };

/** Query parameters as the platform sends them with a callback, signed with `token`. */
export function signedQuery(token = WECHAT.token) {
  const timestamp = '1795320000';
  const nonce = '1384567822';
  return { signature: wechatSignature(token, timestamp, nonce), timestamp, nonce, openid: 'ignored' };
}

/** A SCAN event (an existing follower scanned a temporary QR code), in the platform's XML shape. */
export const scanEvent = (ticket: string, openid: string) => `<xml>
  <ToUserName><![CDATA[gh_0123456789ab]]></ToUserName>
  <FromUserName><![CDATA[${openid}]]></FromUserName>
  <CreateTime>1795320000</CreateTime>
  <MsgType><![CDATA[event]]></MsgType>
  <Event><![CDATA[SCAN]]></Event>
  <EventKey><![CDATA[${ticket}]]></EventKey>
  <Ticket><![CDATA[gQH47joAAAAAAAAAASxodHRw]]></Ticket>
</xml>`;

/** A subscribe event (a new follower scanned), whose EventKey carries the scene with a qrscene_ prefix. */
export const subscribeEvent = (ticket: string, openid: string) => `<xml>
  <ToUserName><![CDATA[gh_0123456789ab]]></ToUserName>
  <FromUserName><![CDATA[${openid}]]></FromUserName>
  <CreateTime>1795320001</CreateTime>
  <MsgType><![CDATA[event]]></MsgType>
  <Event><![CDATA[subscribe]]></Event>
  <EventKey><![CDATA[qrscene_${ticket}]]></EventKey>
  <Ticket><![CDATA[gQH47joAAAAAAAAAASxodHRw]]></Ticket>
</xml>`;

/** The platform's API answers, as recorded, served to the provider in place of the network. */
export function recordedApi(): typeof fetch {
  return (async (input: string | URL | Request) => {
    const url = new URL(String(input));
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/cgi-bin/token') return json({ access_token: 'ACCESS_TOKEN_1', expires_in: 7200 });
    if (url.pathname === '/cgi-bin/qrcode/create') {
      return json({
        ticket: 'gQH47joAAAAAAAAAASxodHRw',
        expire_seconds: 120,
        url: 'http://weixin.qq.com/q/kZgfwMTm72WWPkovabbI',
      });
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      if (url.searchParams.get('code') === 'expired') return json({ errcode: 40029, errmsg: 'invalid code' });
      return json({ access_token: 'OAUTH', expires_in: 7200, openid: 'openid-from-code', scope: 'snsapi_base' });
    }
    return json({ errcode: 40001, errmsg: 'unexpected call in test' });
  }) as typeof fetch;
}

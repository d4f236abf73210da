import { createHash, timingSafeEqual } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import type { QrLoginProvider } from './types.js';

export interface WechatConfig {
  appId: string;
  appSecret: string;
  /** The token configured in the official account's server settings; signs every callback. */
  token: string;
  /** The HTTP client (the platform's API is reached through it; tests pass recorded answers). */
  fetch?: typeof fetch;
  apiBase?: string;
}

const API = 'https://api.weixin.qq.com';
const parser = new XMLParser({ processEntities: false });

/** sha1 of the sorted token, timestamp and nonce, as the platform signs callbacks. */
export function wechatSignature(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

function signed(config: WechatConfig, query: Record<string, string>): boolean {
  const { signature = '', timestamp = '', nonce = '' } = query;
  const expected = Buffer.from(wechatSignature(config.token, timestamp, nonce));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A WeChat official account: temporary QR codes whose scene is our ticket; scans arrive signed at
 * /pmbok/wechat/callback as SCAN (follower) or subscribe (new follower, EventKey `qrscene_<ticket>`) events.
 */
export function createWechatQrProvider(config: WechatConfig): QrLoginProvider {
  const http = config.fetch ?? fetch;
  const base = config.apiBase ?? API;
  let accessToken: { value: string; expiresAt: number } | null = null;

  async function token(): Promise<string> {
    if (accessToken && accessToken.expiresAt > Date.now()) return accessToken.value;
    const url = `${base}/cgi-bin/token?grant_type=client_credential&appid=${config.appId}&secret=${config.appSecret}`;
    const answer = (await (await http(url)).json()) as { access_token?: string; expires_in?: number; errmsg?: string };
    if (!answer.access_token) throw new Error(`WeChat token: ${answer.errmsg ?? 'no access_token'}`);
    accessToken = { value: answer.access_token, expiresAt: Date.now() + ((answer.expires_in ?? 7200) - 300) * 1000 };
    return accessToken.value;
  }

  return {
    name: 'wechat',
    async qrcodeUrl(ticket) {
      const response = await http(`${base}/cgi-bin/qrcode/create?access_token=${await token()}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          expire_seconds: 120,
          action_name: 'QR_STR_SCENE',
          action_info: { scene: { scene_str: ticket } },
        }),
      });
      const answer = (await response.json()) as { ticket?: string; errmsg?: string };
      if (!answer.ticket) throw new Error(`WeChat QR code: ${answer.errmsg ?? 'no ticket'}`);
      return `https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=${encodeURIComponent(answer.ticket)}`;
    },
    verifyEndpoint: (query) => (signed(config, query) ? (query.echostr ?? '') : null),
    parseCallback(query, body) {
      if (!signed(config, query)) return null;
      let message: Record<string, unknown> | undefined;
      try {
        message = (parser.parse(body) as { xml?: Record<string, unknown> }).xml;
      } catch {
        return null;
      }
      if (!message || message.MsgType !== 'event') return null;
      const event = String(message.Event ?? '');
      const key = String(message.EventKey ?? '');
      const ticket = event === 'subscribe' ? key.replace(/^qrscene_/, '') : event === 'SCAN' ? key : '';
      const openid = String(message.FromUserName ?? '');
      return ticket && openid ? { ticket, openid } : null;
    },
    async openidFromCode(code) {
      const url = `${base}/sns/oauth2/access_token?appid=${config.appId}&secret=${config.appSecret}&code=${encodeURIComponent(code)}&grant_type=authorization_code`;
      const answer = (await (await http(url)).json()) as { openid?: string; errmsg?: string };
      if (!answer.openid) throw new Error(`WeChat OAuth: ${answer.errmsg ?? 'no openid'}`);
      return answer.openid;
    },
  };
}

import { createHmac } from 'node:crypto';
import type { WebhookKind } from '../../domain/webhook/webhook.js';
import type { DeliveryMessage } from '../../domain/webhookDelivery/delivery.js';

/**
 * The request each kind of target expects (docs/api/messaging.md "Webhooks"), signed at send time. The robots' own
 * documentation: Feishu (飞书) custom bot — `timestamp` (seconds) and `sign` in the body, sign = base64 of
 * HMAC-SHA256 keyed by `timestamp + "\n" + secret` over an empty message; DingTalk (钉钉) custom robot —
 * `timestamp` (ms) and `sign` = urlencode(base64(HMAC-SHA256(secret, timestamp + "\n" + secret))) in the query;
 * WeCom (企业微信) group robot — no signing, the key is in the URL.
 */

export interface WebhookRequest {
  url: string;
  headers: [string, string][];
  body: string;
}

export interface Outgoing {
  deliveryId: number;
  kind: WebhookKind;
  url: string;
  secret: string;
  message: DeliveryMessage;
  /** The instance's public address, to make console routes absolute. */
  publicUrl: string;
}

/** Feishu: base64(HMAC-SHA256(key = `${timestamp}\n${secret}`, message = '')), timestamp in seconds. */
export const feishuSign = (timestampSeconds: number, secret: string) =>
  createHmac('sha256', `${timestampSeconds}\n${secret}`).update('').digest('base64');

/** DingTalk: base64(HMAC-SHA256(key = secret, message = `${timestamp}\n${secret}`)), timestamp in ms (not encoded). */
export const dingtalkSign = (timestampMs: number, secret: string) =>
  createHmac('sha256', secret).update(`${timestampMs}\n${secret}`).digest('base64');

/** Generic: hex HMAC-SHA256(secret, `${timestamp}.${body}`), timestamp in seconds, sent as `sha256=<hex>`. */
export const genericSignature = (timestampSeconds: number, body: string, secret: string) =>
  `sha256=${createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex')}`;

export function absoluteLink(link: string, publicUrl: string): string {
  if (!link || /^https?:\/\//i.test(link)) return link;
  return `${publicUrl.replace(/\/$/, '')}/${link.replace(/^\//, '')}`;
}

const json: [string, string] = ['content-type', 'application/json; charset=utf-8'];

/** The request for one attempt, `now` being the send time in ms. */
export function buildRequest(outgoing: Outgoing, now: number): WebhookRequest {
  const { message, secret } = outgoing;
  const link = absoluteLink(message.link, outgoing.publicUrl);
  const seconds = Math.floor(now / 1000);
  switch (outgoing.kind) {
    case 'feishu': {
      const text = [message.title, message.summary, link].filter(Boolean).join('\n');
      const signed = secret ? { timestamp: String(seconds), sign: feishuSign(seconds, secret) } : {};
      return {
        url: outgoing.url,
        headers: [json],
        body: JSON.stringify({ ...signed, msg_type: 'text', content: { text } }),
      };
    }
    case 'dingtalk': {
      const text = [`#### ${message.title}`, message.summary, link && `[查看详情](${link})`]
        .filter(Boolean)
        .join('\n\n');
      const url = new URL(outgoing.url);
      if (secret) {
        // URLSearchParams percent-encodes the base64 (+, /, =) as DingTalk's urlencode step asks.
        url.searchParams.set('timestamp', String(now));
        url.searchParams.set('sign', dingtalkSign(now, secret));
      }
      return {
        url: url.href,
        headers: [json],
        body: JSON.stringify({ msgtype: 'markdown', markdown: { title: message.title.slice(0, 64), text } }),
      };
    }
    case 'wecom': {
      const content = [`**${message.title}**`, message.summary && `> ${message.summary}`, link && `[查看详情](${link})`]
        .filter(Boolean)
        .join('\n');
      return {
        url: outgoing.url,
        headers: [json],
        body: JSON.stringify({ msgtype: 'markdown', markdown: { content } }),
      };
    }
    case 'generic': {
      const body = JSON.stringify({
        event: message.event,
        deliveryId: outgoing.deliveryId,
        teamId: message.teamId,
        projectId: message.projectId,
        title: message.title,
        summary: message.summary,
        link,
        actor: message.actor,
        at: message.at,
      });
      const headers: [string, string][] = [
        json,
        ['x-pmbok-event', message.event],
        ['x-pmbok-delivery', String(outgoing.deliveryId)],
        ['x-pmbok-timestamp', String(seconds)],
      ];
      if (secret) headers.push(['x-pmbok-signature', genericSignature(seconds, body, secret)]);
      return { url: outgoing.url, headers, body };
    }
  }
}

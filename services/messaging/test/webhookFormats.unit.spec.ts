import { describe, expect, it } from 'vitest';
import { buildRequest, dingtalkSign, feishuSign, genericSignature } from '../src/application/webhooks/formats.js';
import type { DeliveryMessage } from '../src/domain/webhookDelivery/delivery.js';

/*
 * The expected signatures were computed with openssl (and checked with Python's hmac), not with node:crypto:
 *   printf '' | openssl dgst -sha256 -hmac "$(printf '1599360473\nsecret')" -binary | base64          (Feishu)
 *   printf '1599360473000\nSECabc' | openssl dgst -sha256 -hmac 'SECabc' -binary | base64         (DingTalk)
 *   printf '1599360473.{"event":"test"}' | openssl dgst -sha256 -hmac 'whsec' -r                   (generic)
 */
const FEISHU = 'q4jswNiMy51J5JuQV566yJat0/lQ/c+22kINzUgKsGU=';
const DINGTALK = '3SJkK5Fm70JVVkwmvZFkgdPlr53Kn2utLHLz9DzuOSc=';
const GENERIC = 'e58939e849fad02ac8959085a439507a7a04961c1ebc53bee274606e89e8a728';

const message: DeliveryMessage = {
  event: 'task.transferred',
  title: '张三 把任务「登录页」转交给了李四',
  summary: '项目：官网改版',
  link: '/task/detail/9',
  teamId: 7,
  projectId: 8,
  actor: { id: 3, name: '张三' },
  at: 1_599_360_000_000,
};
const outgoing = (
  kind: 'feishu' | 'dingtalk' | 'wecom' | 'generic',
  secret = '',
  url = 'https://hooks.example.com/x',
) => ({
  deliveryId: 42,
  kind,
  url,
  secret,
  message,
  publicUrl: 'https://pmbok.example.com/',
});
const NOW = 1_599_360_473_000;

describe('webhook signatures', () => {
  it('match vectors computed with openssl', () => {
    expect(feishuSign(1_599_360_473, 'secret')).toBe(FEISHU);
    expect(dingtalkSign(1_599_360_473_000, 'SECabc')).toBe(DINGTALK);
    expect(genericSignature(1_599_360_473, '{"event":"test"}', 'whsec')).toBe(`sha256=${GENERIC}`);
  });
});

describe('webhook requests', () => {
  it('Feishu: a text message, with timestamp (seconds, as text) and sign in the body when there is a secret', () => {
    const request = buildRequest(outgoing('feishu', 'secret'), NOW);
    expect(request.url).toBe('https://hooks.example.com/x');
    expect(JSON.parse(request.body)).toEqual({
      timestamp: '1599360473',
      sign: FEISHU,
      msg_type: 'text',
      content: { text: `${message.title}\n${message.summary}\nhttps://pmbok.example.com/task/detail/9` },
    });
    expect(JSON.parse(buildRequest(outgoing('feishu'), NOW).body)).not.toHaveProperty('sign');
  });

  it('DingTalk: markdown, with timestamp (ms) and the url-encoded sign added to the URL', () => {
    const request = buildRequest(
      outgoing('dingtalk', 'SECabc', 'https://oapi.dingtalk.com/robot/send?access_token=t'),
      NOW,
    );
    const encoded = DINGTALK.replaceAll('+', '%2B').replaceAll('/', '%2F').replaceAll('=', '%3D');
    expect(request.url).toBe(
      `https://oapi.dingtalk.com/robot/send?access_token=t&timestamp=1599360473000&sign=${encoded}`,
    );
    const body = JSON.parse(request.body);
    expect(body.msgtype).toBe('markdown');
    expect(body.markdown.title).toBe(message.title);
    expect(body.markdown.text).toContain('(https://pmbok.example.com/task/detail/9)');
    expect(buildRequest(outgoing('dingtalk', '', 'https://oapi.dingtalk.com/robot/send?access_token=t'), NOW).url).toBe(
      'https://oapi.dingtalk.com/robot/send?access_token=t',
    );
  });

  it('WeCom: markdown content', () => {
    const body = JSON.parse(buildRequest(outgoing('wecom'), NOW).body);
    expect(body).toEqual({
      msgtype: 'markdown',
      markdown: { content: expect.stringContaining(`**${message.title}**`) },
    });
  });

  it('generic: the JSON of the contract, the X-Pmbok headers and the signature over timestamp.body', () => {
    const request = buildRequest(outgoing('generic', 'whsec'), NOW);
    expect(JSON.parse(request.body)).toEqual({
      event: 'task.transferred',
      deliveryId: 42,
      teamId: 7,
      projectId: 8,
      title: message.title,
      summary: message.summary,
      link: 'https://pmbok.example.com/task/detail/9',
      actor: { id: 3, name: '张三' },
      at: message.at,
    });
    const headers = Object.fromEntries(request.headers);
    expect(headers['x-pmbok-event']).toBe('task.transferred');
    expect(headers['x-pmbok-delivery']).toBe('42');
    expect(headers['x-pmbok-timestamp']).toBe('1599360473');
    expect(headers['x-pmbok-signature']).toBe(genericSignature(1_599_360_473, request.body, 'whsec'));
    expect(Object.fromEntries(buildRequest(outgoing('generic'), NOW).headers)).not.toHaveProperty('x-pmbok-signature');
  });
});

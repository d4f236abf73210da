import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import { invalid } from '@pmbok/infra';
import { allowedNetworksOf, createHttpClient, HttpFailure, type HttpPolicy, isPublicAddress } from '@pmbok/runner';
import { retryDelaysOf } from '../../domain/webhookDelivery/businessLogic.js';
import type { Attempt } from '../../domain/webhookDelivery/delivery.js';
import { buildRequest, type Outgoing } from './formats.js';

/** How webhooks are sent, from the PMBOK_* variables (docs/api/messaging.md "Webhooks"). */
export interface WebhookSettings {
  /** PMBOK_WEBHOOK_ALLOWED_NETWORKS: CIDRs reachable although not public (the runner's guard, another list). */
  allowedNetworks: string[];
  /** PMBOK_WEBHOOK_RETRY_MS: the waits before each retry. */
  retryDelaysMs: number[];
  /** Per attempt; 5 s (PMBOK_WEBHOOK_TIMEOUT_MS, for tests). */
  timeoutMs: number;
  /** At most this many sends at once (the worker's; a test call sends at once). */
  concurrency: number;
  /** PUBLIC_URL, which makes the console routes in messages absolute. */
  publicUrl: string;
  /** The resolver, replaceable in tests. */
  resolve?: HttpPolicy['resolve'];
}

export function webhookSettingsOf(env: Record<string, string | undefined>): WebhookSettings {
  const timeout = Number(env.PMBOK_WEBHOOK_TIMEOUT_MS);
  return {
    allowedNetworks: allowedNetworksOf(env.PMBOK_WEBHOOK_ALLOWED_NETWORKS),
    retryDelaysMs: retryDelaysOf(env.PMBOK_WEBHOOK_RETRY_MS),
    timeoutMs: Number.isSafeInteger(timeout) && timeout > 0 ? timeout : 5_000,
    concurrency: 4,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 8080}`).replace(/\/$/, ''),
  };
}

const ROBOTS = { feishu: '飞书', dingtalk: '钉钉', wecom: '企业微信' } as const;

export const sendMessages = {
  redirect: 'Webhook 地址返回了重定向，未跟随',
  timeout: (ms: number) => `Webhook 地址超过 ${ms >= 1000 ? `${Math.round(ms / 1000)} 秒` : `${ms} 毫秒`}未响应`,
  notPublic: (host: string) =>
    `不能向内网、本机或云服务元数据地址发送：${host}（管理员可通过 PMBOK_WEBHOOK_ALLOWED_NETWORKS 放行）`,
  status: (code: number) => `Webhook 地址返回 HTTP ${code}`,
  robot: (robot: string, code: unknown, message: string) =>
    `${robot}返回错误：${String(code)}${message ? ` ${message.slice(0, 200)}` : ''}`,
  unreadable: (robot: string) => `${robot}返回的内容无法识别`,
  tooLarge: 'Webhook 地址的响应超过 64 KB',
} as const;

const RESPONSE_MAX_BYTES = 64 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The host as the guard sees it: an IPv6 literal without brackets. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * The names' addresses as DNS answers them now, within about a second: c-ares queries (not getaddrinfo, whose
 * blocking calls would hold libuv's few threads while a resolver does not answer), so a slow resolver delays
 * nothing else. Nothing found (or too slow) is an empty list.
 */
async function addressesOf(host: string): Promise<{ address: string }[]> {
  const resolver = new Resolver({ timeout: 1_000, tries: 1 });
  const answers = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
  resolver.cancel();
  return answers.flatMap((answer) =>
    answer.status === 'fulfilled' ? answer.value.map((address) => ({ address })) : [],
  );
}

/**
 * Refuses, when a webhook is saved, an address the sender would refuse: a literal outside the allowed networks,
 * `localhost`, or a name that resolves to such an address. A name that does not resolve now is accepted: every
 * send checks each connection's address again (the runner's guard), which is what protects the network.
 */
export async function checkTargetAddress(url: URL, settings: Pick<WebhookSettings, 'allowedNetworks' | 'resolve'>) {
  const host = bareHost(url);
  if (isIP(host)) {
    if (!isPublicAddress(host, settings.allowedNetworks)) throw invalid(sendMessages.notPublic(url.hostname));
    return;
  }
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) {
    if (!isPublicAddress('127.0.0.1', settings.allowedNetworks)) throw invalid(sendMessages.notPublic(url.hostname));
    return;
  }
  const found = settings.resolve ? await settings.resolve(name).catch(() => []) : await addressesOf(name);
  const refused = found.find((entry) => !isPublicAddress(entry.address, settings.allowedNetworks));
  if (refused) throw invalid(sendMessages.notPublic(`${url.hostname} → ${refused.address}`));
}

/** Whether a robot's answer means delivered: `{errcode: 0}` (DingTalk, WeCom) or `{code: 0}` (Feishu). */
function robotError(kind: keyof typeof ROBOTS, body: string): string {
  const robot = ROBOTS[kind];
  let answer: Record<string, unknown>;
  try {
    answer = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return sendMessages.unreadable(robot);
  }
  if (typeof answer !== 'object' || answer === null) return sendMessages.unreadable(robot);
  const code = answer.errcode ?? answer.code ?? answer.StatusCode;
  if (code === 0) return '';
  if (code === undefined) return sendMessages.unreadable(robot);
  const message = answer.errmsg ?? answer.msg ?? answer.StatusMessage;
  return sendMessages.robot(robot, code, typeof message === 'string' ? message : '');
}

function failureMessage(error: unknown, timeoutMs: number): string {
  if (!(error instanceof HttpFailure)) return `发送失败：${error instanceof Error ? error.message : String(error)}`;
  switch (error.reason) {
    case 'notPublic':
      return sendMessages.notPublic(error.host ?? '');
    case 'timeout':
      return sendMessages.timeout(timeoutMs);
    case 'tooLarge':
      return sendMessages.tooLarge;
    default:
      // The runner's own Chinese words (无法解析域名, 无法连接 …).
      return error.message;
  }
}

export interface WebhookSender {
  /** One attempt: never throws; the outcome is the attempt to record. */
  send(outgoing: Outgoing): Promise<{ attempt: Attempt; delivered: boolean }>;
  close(): Promise<void>;
}

/**
 * Sends through the API test runner's guarded client: every connection opens only to an allowed address (names
 * resolved and checked as each connection opens), no redirect is followed, one deadline per attempt.
 */
export function createWebhookSender(settings: WebhookSettings, now: () => number): WebhookSender {
  const client = createHttpClient(
    { allowPrivate: false, allowedNetworks: settings.allowedNetworks, resolve: settings.resolve },
    { maxRedirects: 0, responseMaxBytes: RESPONSE_MAX_BYTES },
  );
  return {
    async send(outgoing) {
      const at = now();
      const started = performance.now();
      const done = (statusCode: number, error: string) => ({
        attempt: { at, statusCode, error, durationMs: Math.round(performance.now() - started) },
        delivered: error === '',
      });
      try {
        const request = buildRequest(outgoing, at);
        const response = await client.send({
          method: 'POST',
          url: request.url,
          headers: [...request.headers, ['user-agent', 'pmbok-webhook/1.0']],
          body: request.body,
          timeoutMs: settings.timeoutMs,
        });
        const status = response.status;
        if (REDIRECTS.has(status)) return done(status, sendMessages.redirect);
        if (status < 200 || status >= 300) return done(status, sendMessages.status(status));
        if (outgoing.kind === 'generic') return done(status, '');
        return done(status, robotError(outgoing.kind, response.body));
      } catch (error) {
        return done(0, failureMessage(error, settings.timeoutMs));
      }
    },
    close: () => client.close(),
  };
}

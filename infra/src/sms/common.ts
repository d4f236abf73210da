import type { Logger } from 'pino';
import { CALLER_CAUSED, SmsSendError } from './errors.js';
import type { SmsContent } from './provider.js';

/** What every carrier adapter needs besides its own settings. */
export interface SmsAdapterOptions {
  logger: Logger;
  /** The whole send is abandoned after this long (below the gateway's gRPC deadline, so the user reads why). */
  timeoutMs: number;
  /** PUBLIC_URL: invitation templates hold it, the variable only the path after it. */
  publicUrl: string;
}

/** 138****0000: enough to find a complaint in the logs, not enough to harvest numbers from them. */
export const maskTelephone = (telephone: string) =>
  telephone.length >= 7 ? `${telephone.slice(0, 3)}****${telephone.slice(-4)}` : '****';

/**
 * Both providers refuse URLs in template variables (Aliyun isv.PARAM_NOT_SUPPORT_URL, Tencent
 * InvalidParameterValue.ProhibitedUseUrlInTemplateParameter): the approved invitation template contains
 * PUBLIC_URL itself, and the variable carries only what follows it (`system/#/invite/<code>/<inviter>`).
 */
export function invitationPath(link: string, publicUrl: string): string {
  const base = `${publicUrl.replace(/\/$/, '')}/`;
  return link.startsWith(base) ? link.slice(base.length) : link;
}

/** The values a template receives, by name (Aliyun) and in order (Tencent's {1}, {2}, {3}). */
export function templateValues(content: SmsContent, publicUrl: string): Array<[name: string, value: string]> {
  if (content.kind === 'code') return [['code', content.code]];
  return [
    ['team', content.teamName],
    ['inviter', content.inviterName],
    ['link', invitationPath(content.link, publicUrl)],
  ];
}

/** Rejects with a timeout failure when `work` has not settled in time; the request itself is left to its own timeouts. */
export async function withinDeadline<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SmsSendError('timeout', 'TIMEOUT')), timeoutMs);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Logs a refusal (a warning when the person caused it, an error when an operator must act) and returns it to
 * throw. Never the template values: a sign-in code in the logs would let their readers sign in.
 */
export function refusal(
  logger: Logger,
  failure: SmsSendError,
  context: { telephone: string; kind: SmsContent['kind']; providerMessage?: string; requestId?: string },
): SmsSendError {
  const entry = {
    telephone: maskTelephone(context.telephone),
    kind: context.kind,
    reason: failure.reason,
    providerCode: failure.providerCode,
    providerMessage: context.providerMessage?.slice(0, 200),
    requestId: context.requestId,
  };
  if (CALLER_CAUSED.has(failure.reason)) logger.warn(entry, 'SMS refused by the provider');
  else logger.error(entry, 'SMS not sent: %s', failure.providerCode);
  return failure;
}

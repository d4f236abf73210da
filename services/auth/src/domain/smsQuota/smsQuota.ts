import { type Decider, type DomainEvent, rateLimited } from '@pmbok/infra';

/** SMS sends requested from one client IP in the last day (stream `smsQuota-<ip>`), capped against abuse. */
export type SmsSendRequested = DomainEvent<'SmsSendRequested', { at: number }>;
export type SmsQuota = { sentAt: readonly number[] };
export type RequestSmsSend = { type: 'RequestSmsSend'; data: { dailyLimit: number }; metadata: { now: number } };

const DAY_MS = 24 * 60 * 60 * 1000;
/** The default cap; SMS_IP_DAILY_LIMIT changes it (a load test from one machine needs more). */
export const DAILY_LIMIT_PER_IP = 30;
export const smsQuotaStreamId = (clientIp: string) => `smsQuota-${clientIp}`;

export const smsQuotaDecider: Decider<SmsQuota, RequestSmsSend, SmsSendRequested> = {
  initialState: () => ({ sentAt: [] }),
  evolve: (state, event) => ({ sentAt: [...state.sentAt.filter((at) => at > event.data.at - DAY_MS), event.data.at] }),
  decide(command, state) {
    const { now } = command.metadata;
    if (state.sentAt.filter((at) => at > now - DAY_MS).length >= command.data.dailyLimit) {
      throw rateLimited('当前网络今日获取验证码次数过多，请明天再试');
    }
    return [{ type: 'SmsSendRequested', data: { at: now } }];
  },
};

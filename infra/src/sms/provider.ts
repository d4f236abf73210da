import type { Logger } from 'pino';

/** What a text message says: a one-time code (SPEC §9 smsType 1–4, 5 to close an account) or a team invitation. */
export type SmsContent =
  | { kind: 'code'; smsType: 1 | 2 | 3 | 4 | 5; code: string }
  | { kind: 'teamInvitation'; teamName: string; inviterName: string; link: string };

export interface SentSms {
  telephone: string;
  content: SmsContent;
  sentAt: number;
}

/** Sends text messages. Carriers plug in behind this port; `console` is the development provider. */
export interface SmsProvider {
  readonly name: string;
  send(telephone: string, content: SmsContent): Promise<void>;
  /** The development outbox (last message per telephone); only the console provider has one. */
  lastSent?(telephone: string): SentSms | undefined;
}

/**
 * Writes messages to the log and keeps the last one per telephone in memory, so developers and end-to-end
 * tests can read codes (GET /pmbok/dev/sms-outbox). Never configure it in production.
 */
export function createConsoleSmsProvider(logger: Logger, now: () => number = Date.now): SmsProvider {
  const outbox = new Map<string, SentSms>();
  return {
    name: 'console',
    async send(telephone, content) {
      outbox.set(telephone, { telephone, content, sentAt: now() });
      logger.info({ telephone, ...content }, 'SMS (console provider)');
    },
    lastSent: (telephone) => outbox.get(telephone),
  };
}

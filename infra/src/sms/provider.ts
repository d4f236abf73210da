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
 * Writes messages to the log instead of sending them; in development mode (`outbox: true`) it also keeps the last
 * one per telephone in memory, so developers and end-to-end tests can read codes (GET /pmbok/dev/sms-outbox).
 * Refused in production (see `assertSafeForProduction`).
 */
export function createConsoleSmsProvider(
  logger: Logger,
  options: { outbox: boolean; now?: () => number } = { outbox: false },
): SmsProvider {
  const outbox = new Map<string, SentSms>();
  const now = options.now ?? Date.now;
  return {
    name: 'console',
    async send(telephone, content) {
      if (options.outbox) outbox.set(telephone, { telephone, content, sentAt: now() });
      // The terminal that runs `npm start` is where a newcomer reads the code (no message is really sent).
      logger.info({ telephone, ...content }, 'SMS not sent (console provider): %s', describe(content));
    },
    ...(options.outbox ? { lastSent: (telephone: string) => outbox.get(telephone) } : {}),
  };
}

const describe = (content: SmsContent) =>
  content.kind === 'code' ? `code ${content.code}` : `invitation to ${content.teamName}: ${content.link}`;

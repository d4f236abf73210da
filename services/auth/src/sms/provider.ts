import type { Logger } from '@pmbok/infra';
import type { SmsPurpose } from '../domain/smsCode/smsCode.js';

export interface SmsMessage {
  telephone: string;
  smsType: SmsPurpose;
  code: string;
}

export interface SentSms {
  code: string;
  smsType: SmsPurpose;
  sentAt: number;
}

/** Sends one-time codes. Real carriers plug in behind this port; `console` is the development provider. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
  /** The development outbox; only the console provider has one. */
  lastSent?(telephone: string): SentSms | undefined;
}

/**
 * Writes codes to the log and keeps the last one per telephone in memory, so developers and end-to-end tests
 * can read them (GET /pmbok/dev/sms-outbox). Never configure it in production.
 */
export function createConsoleSmsProvider(logger: Logger, now: () => number = Date.now): SmsProvider {
  const outbox = new Map<string, SentSms>();
  return {
    name: 'console',
    async send({ telephone, smsType, code }) {
      outbox.set(telephone, { code, smsType, sentAt: now() });
      logger.info({ telephone, smsType, code }, 'SMS (console provider)');
    },
    lastSent: (telephone) => outbox.get(telephone),
  };
}

import { useState } from 'react';
import { request } from '../api/request';
import type { NoticeType } from './kit';
import { useSmsCountdown } from './useSmsCountdown';
import { useSmsDelivery } from './useSmsDelivery';
import { SMS_COUNTDOWN_SECONDS } from './validators';

export interface SmsButtonOptions {
  /** e.g. 'user/sendRegisterCode' */
  call: string;
  /** SPEC §9: 1 login, 2 register, 3 reset, 4 change telephone; none for the account's own number. */
  smsType?: number;
  /** The body key the call reads the number from ('username' for user/send*Code, 'telephone' otherwise). */
  telephoneKey?: 'username' | 'telephone';
  /** false: the code goes to the account's own number, so the form has no telephone field (closing the account). */
  withTelephone?: boolean;
  /** Validates the form's telephone field and tells whether it is valid; its value. */
  checkTelephone: () => Promise<boolean>;
  telephone: () => string;
  translate: (key: string, options?: Record<string, unknown>) => string;
  notify: (message: string, options: { type: NoticeType }) => void;
}

/** The SMS code button of every form: fetch label, 60-second countdown, resend label (SPEC §5, §9). */
export function useSmsButton(options: SmsButtonOptions) {
  const { call, smsType, telephoneKey = 'username', withTelephone = true, translate, notify } = options;
  const { secondsLeft, sent, start } = useSmsCountdown();
  const [sending, setSending] = useState(false);
  const delivery = useSmsDelivery();

  const send = async () => {
    if (withTelephone && !(await options.checkTelephone())) return; // SPEC §5: an SMS only for a valid telephone
    setSending(true);
    try {
      const body = withTelephone ? { [telephoneKey]: options.telephone().trim(), smsType } : {};
      await request(call, body, { notify: false });
      notify(delivery === 'console' ? 'app.sms.sent_console' : 'app.sms.sent', { type: 'success' });
      start(SMS_COUNTDOWN_SECONDS);
    } catch (error) {
      const message = (error as Error).message;
      if (message) notify(message, { type: 'error' });
    } finally {
      setSending(false);
    }
  };

  const label =
    secondsLeft > 0
      ? translate('app.sms.countdown', { seconds: secondsLeft })
      : translate(sent ? 'app.sms.resend' : 'app.sms.fetch');
  return { send, label, disabled: secondsLeft > 0 || sending, delivery };
}

import { Button, InputAdornment } from '@mui/material';
import { useState } from 'react';
import { TextInput, useNotify, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { request } from '../api/request';
import { fieldProps } from './fieldProps';
import { useSmsCountdown } from './useSmsCountdown';
import { useSmsDelivery } from './useSmsDelivery';
import { SMS_CODE_LENGTH, SMS_COUNTDOWN_SECONDS, validateSmsCode } from './validators';

interface SmsCodeInputProps {
  /** e.g. 'user/sendRegisterCode' */
  call: string;
  /** SPEC §9: 1 login, 2 register, 3 reset, 4 change telephone; none for the account's own number. */
  smsType?: number;
  /** The body key the call reads the number from ('username' for user/send*Code, 'telephone' otherwise). */
  telephoneKey?: 'username' | 'telephone';
  /** false: the code goes to the account's own number, so the form has no telephone field (closing the account). */
  withTelephone?: boolean;
}

/** The SMS code field with its button: fetch label, 60-second countdown, resend label. */
export const SmsCodeInput = ({ call, smsType, telephoneKey = 'username', withTelephone = true }: SmsCodeInputProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { trigger, getValues } = useFormContext();
  const { secondsLeft, sent, start } = useSmsCountdown();
  const [sending, setSending] = useState(false);
  const delivery = useSmsDelivery();

  const send = async () => {
    if (withTelephone && !(await trigger('telephone'))) return; // SPEC §5: an SMS only for a valid telephone
    setSending(true);
    try {
      const body = withTelephone ? { [telephoneKey]: String(getValues('telephone')).trim(), smsType } : {};
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
  return (
    <TextInput
      {...fieldProps}
      source="code"
      label="app.register.code"
      validate={validateSmsCode}
      autoComplete="one-time-code"
      helperText={delivery === 'console' ? 'app.sms.console_delivery' : undefined}
      inputProps={{ maxLength: SMS_CODE_LENGTH, inputMode: 'numeric' }}
      InputProps={{
        endAdornment: (
          <InputAdornment position="end">
            <Button
              onClick={send}
              disabled={secondsLeft > 0 || sending}
              data-testid="sms-button"
              sx={{ minWidth: 120, whiteSpace: 'nowrap' }}
            >
              {label}
            </Button>
          </InputAdornment>
        ),
      }}
    />
  );
};

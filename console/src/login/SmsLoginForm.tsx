import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { authProvider } from '../auth/authProvider';
import { FormFooter, SIGN_IN_LINKS } from './FormFooter';
import type { FormSwitchProps } from './formTypes';
import { useLoginKit } from './kit';
import { LoginField } from './LoginField';
import { SmsButton } from './SmsButton';
import { useLoginForm } from './useLoginForm';
import { useSmsButton } from './useSmsButton';
import { SMS_CODE_LENGTH, validateSmsCode, validateTelephone } from './validators';

/** Login type 2: telephone and an SMS login code (smsType 1). */
export const SmsLoginForm = ({ onSwitch }: FormSwitchProps) => {
  const kit = useLoginKit();
  const [loading, setLoading] = useState(false);
  const form = useLoginForm({ telephone: validateTelephone, code: validateSmsCode });
  const sms = useSmsButton({
    call: 'user/sendLoginCode',
    smsType: 1,
    checkTelephone: () => form.validate('telephone'),
    telephone: () => form.values.telephone,
    translate: kit.translate,
    notify: (message, { type }) => kit.notify(message, type),
  });

  const submit = form.onSubmit(async (values) => {
    setLoading(true);
    try {
      await authProvider.login({ loginType: 2, telephone: values.telephone, code: values.code });
    } catch {
      setLoading(false); // the request client has shown the server's message
      return;
    }
    kit.enter();
  });

  return (
    <form onSubmit={submit} noValidate id="sms-login-form">
      <LoginField
        {...form.field('telephone')}
        label="app.register.telephone"
        autoComplete="tel"
        inputProps={{ inputMode: 'tel' }}
      />
      <LoginField
        {...form.field('code')}
        label="app.register.code"
        autoComplete="one-time-code"
        helperText={sms.delivery === 'console' ? 'app.sms.console_delivery' : undefined}
        inputProps={{ maxLength: SMS_CODE_LENGTH, inputMode: 'numeric' }}
        endAdornment={
          <InputAdornment position="end">
            <SmsButton onClick={sms.send} disabled={sms.disabled} label={sms.label} />
          </InputAdornment>
        }
      />
      <FormFooter submitLabel="app.login.submit" loading={loading} onSwitch={onSwitch} links={SIGN_IN_LINKS} />
    </form>
  );
};

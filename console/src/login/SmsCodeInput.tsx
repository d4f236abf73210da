import { InputAdornment } from '@mui/material';
import { TextInput, useNotify, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { fieldProps } from './fieldProps';
import { SmsButton } from './SmsButton';
import { type SmsButtonOptions, useSmsButton } from './useSmsButton';
import { SMS_CODE_LENGTH, validateSmsCode } from './validators';

type SmsCodeInputProps = Pick<SmsButtonOptions, 'call' | 'smsType' | 'telephoneKey' | 'withTelephone'>;

/** The SMS code field with its button in react-admin's forms (registration, reset, binding, the security dialogs). */
export const SmsCodeInput = (props: SmsCodeInputProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { trigger, getValues } = useFormContext();
  const { send, label, disabled, delivery } = useSmsButton({
    ...props,
    checkTelephone: () => trigger('telephone'),
    telephone: () => String(getValues('telephone')),
    translate,
    notify,
  });
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
            <SmsButton onClick={send} disabled={disabled} label={label} />
          </InputAdornment>
        ),
      }}
    />
  );
};

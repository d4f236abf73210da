import { useState } from 'react';
import { Form, TextInput, useNotify } from 'react-admin';
import { request } from '../api/request';
import { FormFooter } from './FormFooter';
import { fieldProps } from './fieldProps';
import type { FormSwitchProps } from './formTypes';
import { PasswordField } from './PasswordField';
import { SmsCodeInput } from './SmsCodeInput';
import { telephoneRegistered, validatePassword, validateRepeatPassword, validateTelephone } from './validators';

interface ResetValues {
  telephone: string;
  code: string;
  password: string;
  repeatPassword: string;
}

/** Reset password: telephone, SMS code, new password, confirmation; back to login when done. */
const ResetPasswordForm = ({ onSwitch }: FormSwitchProps) => {
  const notify = useNotify();
  const [loading, setLoading] = useState(false);

  const submit = async (values: Partial<ResetValues>) => {
    setLoading(true);
    try {
      await request('user/resetPassword', { ...values }, { notify: false });
      notify('app.reset.success', { type: 'success' });
      onSwitch('login');
    } catch (error) {
      const message = (error as Error).message;
      if (message) notify(message, { type: 'error' });
      setLoading(false);
    }
  };

  return (
    <Form onSubmit={submit} mode="onBlur" reValidateMode="onBlur" id="reset-form">
      <TextInput
        {...fieldProps}
        source="telephone"
        label="app.register.telephone"
        validate={[validateTelephone, telephoneRegistered]}
        autoComplete="tel"
        inputProps={{ inputMode: 'tel' }}
      />
      <SmsCodeInput call="user/sendResetCode" smsType={3} />
      <PasswordField
        source="password"
        label="app.reset.password"
        validate={validatePassword}
        autoComplete="new-password"
      />
      <PasswordField
        source="repeatPassword"
        label="app.reset.repeat_password"
        validate={validateRepeatPassword}
        autoComplete="new-password"
      />
      <FormFooter
        submitLabel="app.reset.submit"
        loading={loading}
        onSwitch={onSwitch}
        links={[{ to: 'login', label: 'app.login.have_account' }]}
      />
    </Form>
  );
};

export default ResetPasswordForm;

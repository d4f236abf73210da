import { useState } from 'react';
import { Form, useNotify } from 'react-admin';
import { request } from '../api/request';
import { FormFooter } from './FormFooter';
import type { FormSwitchProps } from './formTypes';
import { NewPasswordFields } from './PasswordField';
import { TelephoneCodeFields } from './TelephoneCodeFields';

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
      <TelephoneCodeFields call="user/sendResetCode" smsType={3} account="registered" />
      <NewPasswordFields />
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

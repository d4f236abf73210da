import { Alert } from '@mui/material';
import type { SignedIn } from '@pmbok/api-types';
import { useState } from 'react';
import { Form, useNotify, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { request } from '../api/request';
import { signIn } from '../auth/authProvider';
import { redirectTarget } from '../navigation/loginPath';
import { FormFooter } from './FormFooter';
import type { FormSwitchProps } from './formTypes';
import { NewPasswordFields } from './PasswordField';
import { TelephoneCodeFields } from './TelephoneCodeFields';

interface RegisterValues {
  telephone: string;
  password: string;
  repeatPassword: string;
  code: string;
}

/**
 * Registration: telephone, SMS code, password and confirmation, each validated on blur (SPEC §5); the inviter's
 * share code from local storage, and the ticket of a messaging-app scan to bind (SPEC §4 code 508).
 */
const RegisterForm = ({ onSwitch, ticket }: FormSwitchProps & { ticket?: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [loading, setLoading] = useState(false);

  const submit = async (values: Partial<RegisterValues>) => {
    setLoading(true);
    try {
      const answer = await request<SignedIn>('user/register', {
        ...values,
        ticket: ticket || undefined,
        shareCode: localStorage.getItem('shareCode') ?? undefined,
      });
      notify('app.register.success', { type: 'success' });
      await signIn(answer);
      navigate(redirectTarget(search));
    } catch {
      setLoading(false); // SPEC §8: a failed registration only clears the loading state
    }
  };

  return (
    <Form onSubmit={submit} mode="onBlur" reValidateMode="onBlur" id="register-form">
      {ticket && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate('app.register.binds_wechat')}
        </Alert>
      )}
      <TelephoneCodeFields call="user/sendRegisterCode" smsType={2} account="available" />
      <NewPasswordFields purpose="register" />
      <FormFooter
        submitLabel="app.register.submit"
        loading={loading}
        onSwitch={onSwitch}
        links={[{ to: 'login', label: 'app.login.have_account' }]}
      />
    </Form>
  );
};

export default RegisterForm;

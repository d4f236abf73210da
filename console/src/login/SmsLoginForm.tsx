import { useState } from 'react';
import { Form, useLogin } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { redirectTarget } from '../navigation/loginPath';
import { FormFooter, SIGN_IN_LINKS } from './FormFooter';
import type { FormSwitchProps } from './formTypes';
import { TelephoneCodeFields } from './TelephoneCodeFields';

interface SmsLoginValues {
  telephone: string;
  code: string;
}

/** Login type 2: telephone and an SMS login code (smsType 1). */
export const SmsLoginForm = ({ onSwitch }: FormSwitchProps) => {
  const login = useLogin();
  const { search } = useLocation();
  const [loading, setLoading] = useState(false);

  const submit = async (values: Partial<SmsLoginValues>) => {
    setLoading(true);
    try {
      await login({ loginType: 2, telephone: values.telephone, code: values.code }, redirectTarget(search));
    } catch {
      setLoading(false); // the request client has shown the server's message
    }
  };

  return (
    <Form onSubmit={submit} mode="onBlur" reValidateMode="onBlur" id="sms-login-form">
      <TelephoneCodeFields call="user/sendLoginCode" smsType={1} />
      <FormFooter submitLabel="app.login.submit" loading={loading} onSwitch={onSwitch} links={SIGN_IN_LINKS} />
    </Form>
  );
};

import { useState } from 'react';
import { Form, TextInput, useLogin } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { redirectTarget } from '../navigation/loginPath';
import { CaptchaInput } from './CaptchaInput';
import { FormFooter, SIGN_IN_LINKS } from './FormFooter';
import { fieldProps } from './fieldProps';
import type { FormSwitchProps } from './formTypes';
import { PasswordField } from './PasswordField';
import { useLoginCaptcha } from './useLoginCaptcha';
import { requireAccount, requirePassword } from './validators';

interface PasswordLoginValues {
  username: string;
  password: string;
  captcha: string;
}

/** Login type 1: account (telephone or login name) and password, plus the captcha when the server asks. */
export const PasswordLoginForm = ({ onSwitch }: FormSwitchProps) => {
  const login = useLogin();
  const { search } = useLocation();
  const captcha = useLoginCaptcha();
  const [loading, setLoading] = useState(false);

  const submit = async (values: Partial<PasswordLoginValues>) => {
    setLoading(true);
    try {
      await login(
        {
          loginType: 1,
          username: values.username,
          password: values.password,
          captcha: captcha.image ? values.captcha : undefined,
        },
        redirectTarget(search),
      );
    } catch {
      // the request client has shown the server's message; SPEC §4: a failure re-checks the captcha
      setLoading(false);
      await captcha.check(values.username ?? '');
    }
  };

  return (
    <Form onSubmit={submit} mode="onBlur" reValidateMode="onBlur" id="login-form">
      <TextInput
        {...fieldProps}
        source="username"
        label="app.login.account"
        validate={requireAccount}
        autoComplete="username"
        onBlur={(event) => captcha.check(event.target.value)}
      />
      <PasswordField
        source="password"
        label="app.login.password"
        validate={requirePassword}
        autoComplete="current-password"
      />
      {captcha.image && <CaptchaInput image={captcha.image} onRefresh={captcha.refresh} />}
      <FormFooter submitLabel="app.login.submit" loading={loading} onSwitch={onSwitch} links={SIGN_IN_LINKS} />
    </Form>
  );
};

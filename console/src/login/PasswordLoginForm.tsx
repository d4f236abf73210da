import { useState } from 'react';
import { authProvider } from '../auth/authProvider';
import { CaptchaInput } from './CaptchaInput';
import { FormFooter, SIGN_IN_LINKS } from './FormFooter';
import type { FormSwitchProps } from './formTypes';
import { useLoginKit } from './kit';
import { LoginField, LoginPasswordField } from './LoginField';
import { useLoginCaptcha } from './useLoginCaptcha';
import { useLoginForm } from './useLoginForm';
import { requireAccount, requirePassword, validateCaptcha } from './validators';

/** Login type 1: account (telephone or login name) and password, plus the captcha when the server asks. */
export const PasswordLoginForm = ({ onSwitch }: FormSwitchProps) => {
  const { enter } = useLoginKit();
  const captcha = useLoginCaptcha();
  const [loading, setLoading] = useState(false);
  const form = useLoginForm({
    username: requireAccount,
    password: requirePassword,
    // only while an image is shown
    captcha: captcha.image ? validateCaptcha : undefined,
  });

  const submit = form.onSubmit(async (values) => {
    setLoading(true);
    try {
      await authProvider.login({
        loginType: 1,
        username: values.username,
        password: values.password,
        captcha: captcha.image ? values.captcha : undefined,
      });
    } catch {
      // the request client has shown the server's message; SPEC §4: a failure re-checks the captcha
      setLoading(false);
      await captcha.check(values.username);
      return;
    }
    enter();
  });

  const username = form.field('username');
  return (
    <form onSubmit={submit} noValidate id="login-form">
      <LoginField
        {...username}
        label="app.login.account"
        autoComplete="username"
        onBlur={() => {
          username.onBlur();
          captcha.check(form.values.username);
        }}
      />
      <LoginPasswordField {...form.field('password')} label="app.login.password" autoComplete="current-password" />
      {captcha.image && <CaptchaInput {...form.field('captcha')} image={captcha.image} onRefresh={captcha.refresh} />}
      <FormFooter submitLabel="app.login.submit" loading={loading} onSwitch={onSwitch} links={SIGN_IN_LINKS} />
    </form>
  );
};

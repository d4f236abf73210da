import { Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { Form, TextInput, useLogin, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { redirectTarget } from '../routes/loginPath';
import { FormFooter } from './FormFooter';
import { fieldProps } from './fieldProps';
import type { FormSwitchProps } from './formTypes';
import { PasswordField } from './PasswordField';
import { requireAccount, requirePassword } from './validators';

/** SPEC §3 login types; SMS login (2) and the graphic captcha come with a later issue. */
type LoginMode = 'password';

interface LoginValues {
  username: string;
  password: string;
}

/** Account login (password mode): account = telephone. */
export const AccountLoginForm = ({ onSwitch }: FormSwitchProps) => {
  const translate = useTranslate();
  const login = useLogin();
  const { search } = useLocation();
  const [mode, setMode] = useState<LoginMode>('password');
  const [loading, setLoading] = useState(false);

  const submit = async (values: Partial<LoginValues>) => {
    setLoading(true);
    try {
      await login({ username: values.username, password: values.password }, redirectTarget(search));
    } catch {
      // the request client has shown the server's message
      setLoading(false);
    }
  };

  return (
    <Form onSubmit={submit} mode="onBlur" reValidateMode="onBlur" id="login-form">
      <Tabs value={mode} onChange={(_, value: LoginMode) => setMode(value)} sx={{ mb: 1 }}>
        <Tab value="password" label={translate('app.login.password_mode')} />
      </Tabs>
      <TextInput
        {...fieldProps}
        source="username"
        label="app.login.account"
        validate={requireAccount}
        autoComplete="username"
        inputProps={{ inputMode: 'tel' }}
      />
      <PasswordField
        source="password"
        label="app.login.password"
        validate={requirePassword}
        autoComplete="current-password"
      />
      <FormFooter
        submitLabel="app.login.submit"
        loading={loading}
        onSwitch={onSwitch}
        links={[
          { to: 'reset', label: 'app.login.forgot' },
          { to: 'register', label: 'app.login.register' },
        ]}
      />
    </Form>
  );
};

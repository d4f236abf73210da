import { Alert } from '@mui/material';
import { useState } from 'react';
import { Form, useNotify, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { request } from '../api/request';
import { signIn, type TokenAnswer } from '../auth/authProvider';
import { redirectTarget } from '../navigation/loginPath';
import { FormFooter } from './FormFooter';
import type { FormSwitchProps } from './formTypes';
import { TelephoneCodeFields } from './TelephoneCodeFields';

interface BindValues {
  telephone: string;
  code: string;
}

/**
 * SPEC §2.3 binding form, after a scan by a messaging-app account that has no pmbok account yet (code 508):
 * telephone and SMS code sign in to an existing account and bind the scanned identity to it. People without an
 * account register instead; the registration form carries the same ticket.
 */
const BindForm = ({ ticket, onSwitch }: FormSwitchProps & { ticket: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [loading, setLoading] = useState(false);

  const submit = async (values: Partial<BindValues>) => {
    setLoading(true);
    let answer: TokenAnswer;
    try {
      answer = await request<TokenAnswer>('user/loginByCode', { telephone: values.telephone, code: values.code });
      await signIn(answer);
    } catch {
      setLoading(false); // the request client has shown the server's message
      return;
    }
    // Signed in by telephone either way; a ticket that expired meanwhile can be bound later in account security.
    try {
      await request('userInfo/bindWechat', { ticket }, { notify: false });
      notify('app.bind.success', { type: 'success' });
    } catch (error) {
      notify(translate('app.bind.failed', { reason: translate((error as Error).message) }), { type: 'warning' });
    }
    navigate(redirectTarget(search));
  };

  return (
    <Form onSubmit={submit} mode="onBlur" reValidateMode="onBlur" id="bind-form">
      <Alert severity="info" sx={{ mb: 1 }}>
        {translate('app.bind.hint')}
      </Alert>
      <TelephoneCodeFields call="user/sendLoginCode" smsType={1} account="registered" />
      <FormFooter
        submitLabel="app.bind.submit"
        loading={loading}
        onSwitch={onSwitch}
        links={[
          { to: 'register', label: 'app.bind.register' },
          { to: 'login', label: 'app.bind.back' },
        ]}
      />
    </Form>
  );
};

export default BindForm;

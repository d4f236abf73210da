import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import type { FormSwitchProps } from './formTypes';
import { useLoginKit } from './kit';
import { PasswordLoginForm } from './PasswordLoginForm';
import { SmsLoginForm } from './SmsLoginForm';

/** SPEC §3 loginType: 1 password, 2 SMS code. */
type LoginType = 1 | 2;

/** Account login: password mode and SMS mode. */
export const AccountLoginForm = ({ onSwitch }: FormSwitchProps) => {
  const { translate } = useLoginKit();
  const [loginType, setLoginType] = useState<LoginType>(1);
  return (
    <>
      <Tabs
        value={loginType}
        onChange={(_, value: LoginType) => setLoginType(value)}
        variant="fullWidth"
        sx={{ mb: 1 }}
      >
        <Tab value={1} label={translate('app.login.password_mode')} />
        <Tab value={2} label={translate('app.login.sms_mode')} />
      </Tabs>
      {loginType === 1 ? <PasswordLoginForm onSwitch={onSwitch} /> : <SmsLoginForm onSwitch={onSwitch} />}
    </>
  );
};

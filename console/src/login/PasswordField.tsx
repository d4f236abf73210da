import { Box, Tooltip } from '@mui/material';
import { type KeyboardEvent, useState } from 'react';
import { PasswordInput, type PasswordInputProps, useTranslate } from 'react-admin';
import { fieldProps } from './fieldProps';
import { validatePassword, validateRepeatPassword } from './validators';

/** react-admin's PasswordInput (visibility toggle) with the caps-lock warning of SPEC §2.3. */
export const PasswordField = (props: PasswordInputProps) => {
  const translate = useTranslate();
  const [capsLock, setCapsLock] = useState(false);
  // Only typed characters count: releasing Shift must not hide the warning.
  const onKeyUp = ({ key }: KeyboardEvent) => key.length === 1 && setCapsLock(/^[A-Z]$/.test(key));
  return (
    <Tooltip open={capsLock} title={translate('app.login.caps_lock')} placement="top-end" arrow>
      <Box onKeyUp={onKeyUp} onBlur={() => setCapsLock(false)}>
        <PasswordInput {...fieldProps} {...props} />
      </Box>
    </Tooltip>
  );
};

/** A new password and its confirmation (SPEC §5 rules), labelled as registration or as a change. */
export const NewPasswordFields = ({ labels = 'app.reset' }: { labels?: 'app.register' | 'app.reset' }) => (
  <>
    <PasswordField
      source="password"
      label={`${labels}.password`}
      validate={validatePassword}
      autoComplete="new-password"
    />
    <PasswordField
      source="repeatPassword"
      label={`${labels}.repeat_password`}
      validate={validateRepeatPassword}
      autoComplete="new-password"
    />
  </>
);

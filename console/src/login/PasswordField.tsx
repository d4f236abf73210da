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

// Registration asks for a password; reset and the security dialog for a new one (新密码).
const NEW_PASSWORD_LABELS = {
  register: ['app.register.password', 'app.register.repeat_password'],
  change: ['app.reset.password', 'app.reset.repeat_password'],
} as const;

/** A new password and its confirmation (SPEC §5 rules). */
export const NewPasswordFields = ({ purpose = 'change' }: { purpose?: keyof typeof NEW_PASSWORD_LABELS }) => {
  const [password, repeat] = NEW_PASSWORD_LABELS[purpose];
  return (
    <>
      <PasswordField source="password" label={password} validate={validatePassword} autoComplete="new-password" />
      <PasswordField
        source="repeatPassword"
        label={repeat}
        validate={validateRepeatPassword}
        autoComplete="new-password"
      />
    </>
  );
};

import { Box, Tooltip } from '@mui/material';
import { type KeyboardEvent, useState } from 'react';
import { PasswordInput, type PasswordInputProps, useTranslate } from 'react-admin';
import { fieldProps } from './fieldProps';

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

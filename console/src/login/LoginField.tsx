import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type InputHTMLAttributes, type KeyboardEvent, type ReactNode, useState } from 'react';
import { useLoginKit } from './kit';

export interface LoginFieldProps {
  name: string;
  /** Message keys. */
  label: string;
  error?: string;
  helperText?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  type?: string;
  autoComplete?: string;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  endAdornment?: ReactNode;
  onKeyUp?: (event: KeyboardEvent) => void;
}

/**
 * An outlined text field the way react-admin's TextInput draws one on the login screen (dense margin, full width,
 * a helper line kept even when empty so that a message does not move the form), from MUI's parts: TextField itself
 * would bring Select and its menus into the login page's first script (issue 24).
 */
export const LoginField = (props: LoginFieldProps) => {
  const { translate } = useLoginKit();
  const { name, label, error, helperText, value, onChange, onBlur, type, autoComplete, inputProps, endAdornment } =
    props;
  const text = error ?? helperText;
  return (
    <FormControl variant="outlined" fullWidth margin="dense" size="medium" error={Boolean(error)}>
      <InputLabel htmlFor={name}>{translate(label)}</InputLabel>
      <OutlinedInput
        id={name}
        name={name}
        type={type}
        label={translate(label)}
        value={value}
        autoComplete={autoComplete}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        onKeyUp={props.onKeyUp}
        inputProps={inputProps}
        endAdornment={endAdornment}
      />
      <FormHelperText>{text ? translate(text) : '\u200b'}</FormHelperText>
    </FormControl>
  );
};

/** The password with its visibility toggle (react-admin's PasswordInput) and the SPEC §2.3 caps-lock warning. */
export const LoginPasswordField = (props: Omit<LoginFieldProps, 'type' | 'endAdornment'>) => {
  const { translate } = useLoginKit();
  const [visible, setVisible] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  // Only typed characters count: releasing Shift must not hide the warning.
  const onKeyUp = ({ key }: KeyboardEvent) => key.length === 1 && setCapsLock(/^[A-Z]$/.test(key));
  const toggle = translate(visible ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden');
  return (
    <Box sx={{ position: 'relative' }}>
      {capsLock && (
        // MUI's tooltip look (top-end, with its arrow), without Popper in the first script
        <Box
          role="tooltip"
          sx={{
            position: 'absolute',
            right: 0,
            bottom: 'calc(100% - 4px)',
            zIndex: 1,
            px: 1,
            py: 0.5,
            borderRadius: 1,
            fontSize: 11,
            fontWeight: 500,
            color: 'common.white',
            bgcolor: 'rgba(97, 97, 97, 0.92)',
            '&::after': {
              content: '""',
              position: 'absolute',
              right: 12,
              top: '100%',
              border: '5px solid transparent',
              borderTopColor: 'rgba(97, 97, 97, 0.92)',
            },
          }}
        >
          {translate('app.login.caps_lock')}
        </Box>
      )}
      <LoginField
        {...props}
        type={visible ? 'text' : 'password'}
        onKeyUp={onKeyUp}
        onBlur={() => {
          setCapsLock(false);
          props.onBlur();
        }}
        endAdornment={
          <InputAdornment position="end">
            <IconButton aria-label={toggle} onClick={() => setVisible(!visible)} size="small">
              {visible ? <Visibility fontSize="small" /> : <VisibilityOff fontSize="small" />}
            </IconButton>
          </InputAdornment>
        }
      />
    </Box>
  );
};

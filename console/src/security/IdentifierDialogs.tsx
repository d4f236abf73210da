import { TextInput, useNotify } from 'react-admin';
import { request } from '../api/request';
import { fieldProps } from '../login/fieldProps';
import { type Profile, useProfileChanged } from '../profile/profileApi';
import { isEmail } from '../utils/validate';
import { FormDialog } from './FormDialog';

// The auth service's rules, checked here first so that the message shows on blur.
const USERNAME = /^[A-Za-z][A-Za-z0-9_]{3,19}$/;
const validateUsername = (value?: string) =>
  USERNAME.test(value?.trim() ?? '') ? undefined : 'app.validation.username';
const validateEmail = (value?: string) => (isEmail(value?.trim() ?? '') ? undefined : 'app.validation.email');

interface DialogProps {
  profile: Profile;
  onClose: () => void;
}

/** user/bindingUserName: a unique login name that signs in like the telephone. */
export const LoginNameDialog = ({ profile, onClose }: DialogProps) => {
  const notify = useNotify();
  const profileChanged = useProfileChanged();
  const submit = async ({ username }: { username: string }) => {
    await profileChanged(await request<Profile>('user/bindingUserName', { username: username.trim() }));
    notify('app.security.username_saved', { type: 'success' });
  };
  return (
    <FormDialog
      title="app.security.set_username"
      onClose={onClose}
      onSubmit={submit}
      record={{ username: profile.username }}
    >
      <TextInput
        {...fieldProps}
        source="username"
        label="app.security.username"
        helperText="app.security.username_hint"
        validate={validateUsername}
        autoComplete="username"
        inputProps={{ maxLength: 20 }}
      />
    </FormDialog>
  );
};

/** user/bindingEmail. */
export const EmailDialog = ({ profile, onClose }: DialogProps) => {
  const notify = useNotify();
  const profileChanged = useProfileChanged();
  const submit = async ({ email }: { email: string }) => {
    await profileChanged(await request<Profile>('user/bindingEmail', { email: email.trim() }));
    notify('app.security.email_saved', { type: 'success' });
  };
  return (
    <FormDialog title="app.security.bind_email" onClose={onClose} onSubmit={submit} record={{ email: profile.email }}>
      <TextInput
        {...fieldProps}
        source="email"
        label="app.security.email"
        validate={validateEmail}
        autoComplete="email"
        inputProps={{ inputMode: 'email', maxLength: 254 }}
      />
    </FormDialog>
  );
};

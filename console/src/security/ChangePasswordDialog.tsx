import { useNotify } from 'react-admin';
import { request } from '../api/request';
import { NewPasswordFields, PasswordField } from '../login/PasswordField';
import { requirePassword } from '../login/validators';
import { FormDialog } from './FormDialog';

interface PasswordValues {
  oldPassword: string;
  password: string;
  repeatPassword: string;
}

/** userInfo/resetPassword: the old password and a new one; the other sessions end, this one stays. */
export const ChangePasswordDialog = ({ onClose }: { onClose: () => void }) => {
  const notify = useNotify();
  const submit = async (values: PasswordValues) => {
    await request('userInfo/resetPassword', { ...values });
    notify('app.security.password_changed', { type: 'success' });
  };
  return (
    <FormDialog<PasswordValues> title="app.security.change_password" onClose={onClose} onSubmit={submit}>
      <PasswordField
        source="oldPassword"
        label="app.security.old_password"
        validate={requirePassword}
        autoComplete="current-password"
      />
      <NewPasswordFields />
    </FormDialog>
  );
};

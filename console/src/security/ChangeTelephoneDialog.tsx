import { useNotify } from 'react-admin';
import { request } from '../api/request';
import { TelephoneCodeFields } from '../login/TelephoneCodeFields';
import { type Profile, useProfileChanged } from '../profile/profileApi';
import { FormDialog } from './FormDialog';

interface TelephoneValues {
  telephone: string;
  code: string;
}

/** userInfo/changeTelephone: a code sent to the new number (smsType 4), which must not have an account yet. */
export const ChangeTelephoneDialog = ({ onClose }: { onClose: () => void }) => {
  const notify = useNotify();
  const profileChanged = useProfileChanged();
  const submit = async ({ telephone, code }: TelephoneValues) => {
    await profileChanged(await request<Profile>('userInfo/changeTelephone', { telephone: telephone.trim(), code }));
    notify('app.security.telephone_changed', { type: 'success' });
  };
  return (
    <FormDialog<TelephoneValues> title="app.security.change_telephone" onClose={onClose} onSubmit={submit}>
      <TelephoneCodeFields
        call="userInfo/sendChangeTelephoneCode"
        smsType={4}
        account="available"
        label="app.security.new_telephone"
        telephoneKey="telephone"
      />
    </FormDialog>
  );
};

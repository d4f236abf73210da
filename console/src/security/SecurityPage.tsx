import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import EmailIcon from '@mui/icons-material/Email';
import LockIcon from '@mui/icons-material/Lock';
import PersonIcon from '@mui/icons-material/Person';
import SmartphoneIcon from '@mui/icons-material/Smartphone';
import { Alert, Box, Button, Card, CardContent, CardHeader, LinearProgress } from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { request } from '../api/request';
import { WechatIcon } from '../login/socialIcons';
import { type Profile, useProfile, useProfileChanged } from '../profile/profileApi';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { ChangeTelephoneDialog } from './ChangeTelephoneDialog';
import { DestroyAccountDialog } from './DestroyAccountDialog';
import { EmailDialog, LoginNameDialog } from './IdentifierDialogs';
import { SecurityRow } from './SecurityRow';
import { WechatBindDialog } from './WechatBindDialog';
import { useWechatBindings, WechatBindingList } from './WechatBindings';

type OpenDialog = 'password' | 'telephone' | 'username' | 'clearUsername' | 'email' | 'wechat' | 'destroy' | null;

/** /userSetting/index: password, telephone, login name, e-mail, WeChat bindings and closing the account. */
const SecurityPage = () => {
  const translate = useTranslate();
  const { data: profile, error, isPending } = useProfile();
  if (isPending) return <LinearProgress />;
  if (!profile) return <Alert severity="error">{translate(error?.message || 'app.request.error')}</Alert>;
  return <Security profile={profile} />;
};

const Security = ({ profile }: { profile: Profile }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const profileChanged = useProfileChanged();
  const { data: bindings = [], refetch: refetchBindings } = useWechatBindings();
  const [open, setOpen] = useState<OpenDialog>(null);
  const close = () => setOpen(null);
  const action = (label: string, dialog: OpenDialog, color: 'primary' | 'error' = 'primary') => (
    <Button variant="outlined" size="small" color={color} onClick={() => setOpen(dialog)}>
      {translate(label)}
    </Button>
  );

  const clearUsername = async () => {
    try {
      await profileChanged(await request<Profile>('user/clearUserName'));
      notify('app.security.username_cleared', { type: 'success' });
    } catch {
      // the request client has shown the server's message
    }
    close();
  };

  return (
    <Box sx={{ p: { xs: 1, md: 2 }, maxWidth: 960 }} data-testid="security">
      <Card variant="outlined">
        <CardHeader title={translate('app.route.userSetting')} slotProps={{ title: { variant: 'h6' } }} />
        <CardContent sx={{ pt: 0 }}>
          <SecurityRow
            testId="security-password"
            icon={<LockIcon />}
            title="app.security.password"
            value={translate('app.security.password_hint')}
            actions={action('app.security.change', 'password')}
          />
          <SecurityRow
            testId="security-telephone"
            icon={<SmartphoneIcon />}
            title="app.security.telephone"
            value={profile.telephone}
            actions={action('app.security.change', 'telephone')}
          />
          <SecurityRow
            testId="security-username"
            icon={<PersonIcon />}
            title="app.security.username"
            value={profile.username || translate('app.security.username_unset')}
            actions={
              <>
                {action(profile.username ? 'app.security.change' : 'app.security.set', 'username')}
                {profile.username && action('app.security.clear', 'clearUsername', 'error')}
              </>
            }
          />
          <SecurityRow
            testId="security-email"
            icon={<EmailIcon />}
            title="app.security.email"
            value={profile.email || translate('app.security.unbound')}
            actions={action(profile.email ? 'app.security.change' : 'app.security.bind', 'email')}
          />
          <SecurityRow
            testId="security-wechat"
            icon={<WechatIcon />}
            title="app.security.wechat"
            value={
              bindings.length
                ? translate('app.security.wechat_count', { smart_count: bindings.length })
                : translate('app.security.unbound')
            }
            actions={action('app.security.bind', 'wechat')}
          >
            <WechatBindingList />
          </SecurityRow>
          <SecurityRow
            testId="security-destroy"
            danger
            icon={<DeleteForeverIcon />}
            title="app.security.destroy"
            value={translate('app.security.destroy_hint')}
            actions={action('app.security.destroy_submit', 'destroy', 'error')}
          />
        </CardContent>
      </Card>
      {open === 'password' && <ChangePasswordDialog onClose={close} />}
      {open === 'telephone' && <ChangeTelephoneDialog onClose={close} />}
      {open === 'username' && <LoginNameDialog profile={profile} onClose={close} />}
      {open === 'email' && <EmailDialog profile={profile} onClose={close} />}
      {open === 'wechat' && <WechatBindDialog onClose={close} onBound={refetchBindings} />}
      {open === 'destroy' && <DestroyAccountDialog profile={profile} onClose={close} />}
      <Confirm
        isOpen={open === 'clearUsername'}
        title="app.security.clear_username_title"
        content="app.security.clear_username_content"
        onConfirm={clearUsername}
        onClose={close}
      />
    </Box>
  );
};

export default SecurityPage;

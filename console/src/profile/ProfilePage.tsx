import SaveIcon from '@mui/icons-material/Save';
import { Alert, Box, Button, Card, CardContent, CardHeader, CircularProgress, LinearProgress } from '@mui/material';
import { useRef, useState } from 'react';
import { Form, RadioButtonGroupInput, required, TextInput, useNotify, useTranslate } from 'react-admin';
import { request } from '../api/request';
import { AccountSummary } from './AccountSummary';
import { AvatarUpload } from './AvatarUpload';
import { type Profile, useProfile, useProfileChanged } from './profileApi';

const SEX_CHOICES = [
  { id: 0, name: 'app.profile.sex_unknown' },
  { id: 1, name: 'app.profile.sex_male' },
  { id: 2, name: 'app.profile.sex_female' },
];

type ProfileValues = Pick<Profile, 'nickname' | 'trueName' | 'avatar' | 'introduction' | 'sex'>;

/** /user/index: the profile (avatar, nickname, true name, sex, introduction) and the account at a glance. */
const ProfilePage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { data: profile, error, isPending } = useProfile();
  const profileChanged = useProfileChanged();
  const uploading = useRef(false);
  const [saving, setSaving] = useState(false);

  if (isPending) return <LinearProgress />;
  if (!profile) return <Alert severity="error">{translate(error?.message || 'app.request.error')}</Alert>;

  const save = async (values: Partial<ProfileValues>) => {
    // SPEC §5: nothing is saved while an image is still on its way
    if (uploading.current) return notify('app.profile.wait_upload', { type: 'warning' });
    setSaving(true);
    try {
      const { nickname, trueName, avatar, introduction, sex } = values;
      const saved = await request<Profile>('userInfo/update', {
        nickname: nickname?.trim(),
        trueName: trueName?.trim() ?? '',
        avatar: avatar ?? '',
        introduction: introduction ?? '',
        sex,
      });
      await profileChanged(saved);
      notify('app.profile.saved', { type: 'success' });
    } catch {
      // the request client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box
      sx={{ p: { xs: 1, md: 2 }, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}
      data-testid="profile"
    >
      <Card variant="outlined">
        <CardHeader title={translate('app.profile.title')} slotProps={{ title: { variant: 'h6' } }} />
        <CardContent sx={{ pt: 0 }}>
          <Form
            record={profile}
            onSubmit={save}
            mode="onBlur"
            reValidateMode="onBlur"
            id="profile-form"
            key={JSON.stringify(profile)}
          >
            <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', alignItems: 'flex-start' }}>
              <AvatarUpload onUploading={(value) => (uploading.current = value)} />
              <Box sx={{ flex: 1, minWidth: 260 }}>
                <TextInput
                  source="nickname"
                  label="app.profile.nickname"
                  validate={required('app.profile.nickname_required')}
                  fullWidth
                  inputProps={{ maxLength: 40 }}
                />
                <TextInput source="trueName" label="app.profile.true_name" fullWidth inputProps={{ maxLength: 40 }} />
                <RadioButtonGroupInput source="sex" label="app.profile.sex" choices={SEX_CHOICES} row />
                <TextInput
                  source="introduction"
                  label="app.profile.introduction"
                  multiline
                  minRows={4}
                  fullWidth
                  inputProps={{ maxLength: 400 }}
                />
                <Button
                  type="submit"
                  variant="contained"
                  startIcon={saving ? <CircularProgress size={18} color="inherit" /> : <SaveIcon />}
                  disabled={saving}
                >
                  {translate('ra.action.save')}
                </Button>
              </Box>
            </Box>
          </Form>
        </CardContent>
      </Card>
      <AccountSummary profile={profile} />
    </Box>
  );
};

export default ProfilePage;

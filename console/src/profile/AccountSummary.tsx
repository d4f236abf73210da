import SecurityIcon from '@mui/icons-material/Security';
import ShareIcon from '@mui/icons-material/Share';
import { Box, Button, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { Profile } from './profileApi';

/** The account's identifiers at a glance, with the ways to the screens that change them. */
export const AccountSummary = ({ profile }: { profile: Profile }) => {
  const translate = useTranslate();
  const unset = translate('app.security.unset');
  const rows: [string, string][] = [
    ['app.profile.user_id', String(profile.userId)],
    ['app.security.telephone', profile.telephone],
    ['app.security.username', profile.username || unset],
    ['app.security.email', profile.email || translate('app.security.unbound')],
    ['app.share.code', profile.shareCode],
    ['app.profile.created_at', new Date(profile.createdAt).toLocaleDateString('zh-CN')],
  ];
  return (
    <Card variant="outlined" sx={{ alignSelf: 'start' }} data-testid="account-summary">
      <CardHeader title={translate('app.profile.account')} slotProps={{ title: { variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {translate(label)}
              </Typography>
              <Typography component="dd" sx={{ m: 0, wordBreak: 'break-all' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button component={Link} to="/userSetting/index" startIcon={<SecurityIcon />} variant="outlined" size="small">
            {translate('app.route.userSetting')}
          </Button>
          <Button component={Link} to="/share/index" startIcon={<ShareIcon />} variant="outlined" size="small">
            {translate('app.route.share')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
};

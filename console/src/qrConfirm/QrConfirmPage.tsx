import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ComputerIcon from '@mui/icons-material/Computer';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import TimerOffIcon from '@mui/icons-material/TimerOff';
import { Alert, Avatar, Box, Button, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { request } from '../api/request';
import { RequireSignIn } from '../auth/RequireSignIn';
import { LoginShell } from '../login/LoginShell';
import { displayName, useSessionUser } from '../session/session';
import { DeviceDetails, type QrLoginInfo } from './DeviceDetails';

/** /qrconfirm/:ticket: the phone of a signed-in user says which device asks, and confirms or refuses. */
const QrConfirmPage = () => (
  <LoginShell>
    <RequireSignIn>
      <QrConfirm />
    </RequireSignIn>
  </LoginShell>
);

const Outcome = ({ icon, title, text }: { icon: ReactNode; title: string; text: string }) => {
  const translate = useTranslate();
  return (
    <Stack alignItems="center" spacing={1.5} sx={{ py: 2, textAlign: 'center' }} data-testid="qr-confirm-outcome">
      {icon}
      <Typography variant="h6" component="h1" sx={{ fontWeight: 600 }}>
        {translate(title)}
      </Typography>
      <Typography color="text.secondary">{translate(text)}</Typography>
    </Stack>
  );
};

const QrConfirm = () => {
  const translate = useTranslate();
  const { ticket = '' } = useParams();
  const user = useSessionUser();
  const [answered, setAnswered] = useState<'confirmed' | 'refused' | null>(null);
  const [sending, setSending] = useState(false);
  const info = useQuery({
    queryKey: ['qrLoginInfo', ticket],
    queryFn: () => request<QrLoginInfo>('user/qrLoginInfo', { ticket }, { notify: false }),
    retry: false,
  });

  const answer = async (confirm: boolean) => {
    setSending(true);
    try {
      await request(confirm ? 'user/qrLoginConfirm' : 'user/qrLoginRefuse', { ticket });
      setAnswered(confirm ? 'confirmed' : 'refused');
    } catch {
      await info.refetch(); // the request client has shown why; the page shows the state now
    } finally {
      setSending(false);
    }
  };

  const status = answered ?? info.data?.status;
  const body = () => {
    if (info.isPending) return <CircularProgress sx={{ display: 'block', mx: 'auto', my: 4 }} />;
    if (info.isError) return <Alert severity="error">{translate(info.error.message || 'app.request.error')}</Alert>;
    if (status === 'confirmed' || status === 'completed')
      return (
        <Outcome
          icon={<CheckCircleIcon color="success" sx={{ fontSize: 64 }} />}
          title={answered ? 'app.qr_confirm.confirmed' : 'app.qr_confirm.used'}
          text={answered ? 'app.qr_confirm.confirmed_hint' : 'app.qr_confirm.used_hint'}
        />
      );
    if (status === 'refused')
      return (
        <Outcome
          icon={<HighlightOffIcon color="error" sx={{ fontSize: 64 }} />}
          title="app.qr_confirm.refused"
          text="app.qr_confirm.refused_hint"
        />
      );
    if (status !== 'pending')
      return (
        <Outcome
          icon={<TimerOffIcon color="disabled" sx={{ fontSize: 64 }} />}
          title="app.qr_confirm.expired"
          text="app.qr_confirm.expired_hint"
        />
      );
    return (
      <Stack spacing={2}>
        <Box sx={{ textAlign: 'center' }}>
          <Avatar sx={{ width: 64, height: 64, mx: 'auto', mb: 1.5, bgcolor: 'primary.main' }}>
            <ComputerIcon sx={{ fontSize: 36 }} />
          </Avatar>
          <Typography variant="h6" component="h1" sx={{ fontWeight: 600 }}>
            {translate('app.qr_confirm.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {translate('app.qr_confirm.account', { name: user ? displayName(user) : '' })}
          </Typography>
        </Box>
        <DeviceDetails info={info.data} />
        <Alert severity="warning">{translate('app.qr_confirm.warning')}</Alert>
        <Button variant="contained" size="large" disabled={sending} onClick={() => answer(true)}>
          {translate('app.qr_confirm.confirm')}
        </Button>
        <Button variant="outlined" color="inherit" size="large" disabled={sending} onClick={() => answer(false)}>
          {translate('app.qr_confirm.refuse')}
        </Button>
      </Stack>
    );
  };
  return <CardContent sx={{ p: { xs: 2.5, sm: 4 }, '&:last-child': { pb: { xs: 2.5, sm: 4 } } }}>{body()}</CardContent>;
};

export default QrConfirmPage;

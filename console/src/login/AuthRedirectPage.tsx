import LoginIcon from '@mui/icons-material/Login';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import { Alert, Button, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { redirectTarget } from '../navigation/loginPath';
import { LoginShell } from './LoginShell';
import { SHOW_QR_MESSAGE } from './otherWindows';
import { bindPath, loginByWechatCode, wechatCodeFrom } from './wechatLogin';

type Outcome = { kind: 'working' } | { kind: 'failed'; message: string } | { kind: 'no-provider'; provider: string };

/**
 * /auth-redirect: where a social sign-in lands. With `code` (WeChat's OAuth callback) it signs in, or leads to
 * the binding form after 508; with only `provider` (the login page's pop-up) it explains that no third party
 * is connected and that the QR panel is the way to sign in with a phone.
 */
const AuthRedirectPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  const code = wechatCodeFrom(search);
  const provider = query.get('provider') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(() =>
    code ? { kind: 'working' } : { kind: 'no-provider', provider },
  );
  const started = useRef(false);

  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    loginByWechatCode(code)
      .then((result) => {
        const redirect = redirectTarget(search);
        // a pop-up closes; the login page that opened it follows the new token
        if (result.status === 'signedIn' && window.opener) window.close();
        navigate(result.status === 'signedIn' ? redirect : bindPath(result.ticket, redirect), { replace: true });
      })
      .catch((error: Error) => setOutcome({ kind: 'failed', message: error.message || 'app.request.error' }));
  }, [code, search, navigate]);

  const showQrLogin = () => {
    if (window.opener) {
      (window.opener as Window).postMessage(SHOW_QR_MESSAGE, window.location.origin);
      window.close();
      return;
    }
    navigate('/login');
  };

  return (
    <LoginShell>
      <CardContent sx={{ p: 4, '&:last-child': { pb: 4 } }} data-testid="auth-redirect">
        {outcome.kind === 'working' && (
          <Stack alignItems="center" spacing={2} sx={{ py: 3 }}>
            <CircularProgress />
            <Typography color="text.secondary">{translate('app.auth_redirect.working')}</Typography>
          </Stack>
        )}
        {outcome.kind === 'failed' && (
          <Stack spacing={2}>
            <Alert severity="error" data-testid="auth-redirect-error">
              {translate(outcome.message)}
            </Alert>
            <Button variant="contained" startIcon={<LoginIcon />} onClick={() => navigate('/login')}>
              {translate('app.auth_redirect.back')}
            </Button>
          </Stack>
        )}
        {outcome.kind === 'no-provider' && (
          <Stack spacing={2}>
            <Typography variant="h6" component="h1" sx={{ fontWeight: 600 }}>
              {translate(outcome.provider === 'qq' ? 'app.social.qq' : 'app.social.wechat')}
            </Typography>
            <Typography color="text.secondary">{translate('app.auth_redirect.no_provider')}</Typography>
            <Button variant="contained" startIcon={<QrCode2Icon />} onClick={showQrLogin}>
              {translate('app.auth_redirect.use_qr')}
            </Button>
          </Stack>
        )}
      </CardContent>
    </LoginShell>
  );
};

export default AuthRedirectPage;

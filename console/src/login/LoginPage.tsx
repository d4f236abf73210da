import { CardContent, CircularProgress, Typography } from '@mui/material';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { signIn, type TokenAnswer } from '../auth/authProvider';
import { loadUser } from '../auth/userInfo';
import { redirectTarget } from '../navigation/loginPath';
import { getToken } from '../session/session';
import { AccountLoginForm } from './AccountLoginForm';
import { FORM_TYPES, type FormType } from './formTypes';
import { LoginShell } from './LoginShell';
import { type LoginView, LoginViewToggle } from './LoginViewToggle';
import { useShowQrRequest, useSignedInElsewhere } from './otherWindows';
import { QrLoginPanel } from './QrLoginPanel';
import { SocialLogin } from './SocialLogin';
import { forgetWechatCode, isWechatBrowser, loginByWechatCode, wechatCodeFrom } from './wechatLogin';

const RegisterForm = lazy(() => import('./RegisterForm'));
const ResetPasswordForm = lazy(() => import('./ResetPasswordForm'));
const BindForm = lazy(() => import('./BindForm'));

const TITLES: Record<Exclude<FormType, 'login'>, string> = {
  register: 'app.register.title',
  reset: 'app.reset.title',
  bind: 'app.bind.title',
};

/** ?form=register|reset|bind opens that form (the invitation page, /auth-redirect after code 508). */
function initialForm(query: URLSearchParams): FormType {
  const form = query.get('form') as FormType | null;
  if (form === 'bind' && !query.get('ticket')) return 'login';
  return form && FORM_TYPES.includes(form) ? form : 'login';
}

/** SPEC §2.3 at /login: QR panel or account login, registration, reset and the binding form. */
const LoginPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [signedIn] = useState(() => Boolean(getToken()));
  const { search } = useLocation();
  const [formType, setFormType] = useState<FormType>(() => initialForm(new URLSearchParams(search)));
  const [view, setView] = useState<LoginView>(() => (isWechatBrowser() ? 'qr' : 'account'));
  const [ticket, setTicket] = useState(() => new URLSearchParams(search).get('ticket') ?? '');
  const title = formType === 'login' ? (view === 'qr' ? 'app.qr.title' : 'app.login.account_title') : TITLES[formType];

  const switchForm = useCallback((type: FormType) => {
    if (type === 'login') setTicket(''); // leaving the binding flow forgets the scan
    setFormType(type);
  }, []);
  const enter = useCallback(() => navigate(redirectTarget(search)), [navigate, search]);
  const failed = useCallback(
    (error: Error) => notify(error.message || 'app.guard.has_error', { type: 'error' }),
    [notify],
  );
  const signedInByQr = useCallback((answer: TokenAnswer) => signIn(answer).then(enter).catch(failed), [enter, failed]);
  const toBindForm = useCallback((scanned: string) => {
    setTicket(scanned);
    setFormType('bind');
  }, []);
  useSignedInElsewhere(useCallback(() => loadUser().then(enter).catch(failed), [enter, failed]));
  useShowQrRequest(
    useCallback(() => {
      setFormType('login');
      setView('qr');
    }, []),
  );

  // SPEC §4: back from WeChat's OAuth inside its browser with ?code=, sign in (or bind after 508).
  const codeTried = useRef(false);
  useEffect(() => {
    const code = wechatCodeFrom(search);
    if (signedIn || codeTried.current || !code || !isWechatBrowser()) return;
    codeTried.current = true;
    forgetWechatCode();
    loginByWechatCode(code)
      .then((result) => (result.status === 'signedIn' ? enter() : toBindForm(result.ticket)))
      .catch(failed);
  }, [search, signedIn, enter, toBindForm, failed]);

  useEffect(() => {
    document.title = `${translate(title)} - ${translate('app.name')}`;
  }, [title, translate]);

  if (signedIn) return <Navigate to="/" replace />;
  return (
    <LoginShell>
      {formType === 'login' && (
        <LoginViewToggle view={view} onToggle={() => setView(view === 'qr' ? 'account' : 'qr')} />
      )}
      <CardContent sx={{ p: 4, '&:last-child': { pb: 4 } }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2, fontWeight: 600 }}>
          {translate(title)}
        </Typography>
        <Suspense fallback={<CircularProgress sx={{ display: 'block', mx: 'auto' }} />}>
          {formType === 'login' && view === 'qr' && (
            <QrLoginPanel onSignedIn={signedInByQr} onUnregistered={toBindForm} />
          )}
          {formType === 'login' && view === 'account' && <AccountLoginForm onSwitch={switchForm} />}
          {formType === 'register' && <RegisterForm onSwitch={switchForm} ticket={ticket} />}
          {formType === 'reset' && <ResetPasswordForm onSwitch={switchForm} />}
          {formType === 'bind' && <BindForm onSwitch={switchForm} ticket={ticket} />}
        </Suspense>
        {formType === 'login' && <SocialLogin />}
      </CardContent>
    </LoginShell>
  );
};

export default LoginPage;

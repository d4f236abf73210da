import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { getToken } from '../session/session';
import { FORM_TYPES, type FormType } from './formTypes';
import { type LoginKit, LoginKitContext, useLoginKit } from './kit';
import { defaultView, LoginScreen } from './LoginScreen';
import { LoginShell } from './LoginShell';
import type { LoginView } from './LoginViewToggle';
import { useShowQrRequest } from './otherWindows';

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

/**
 * SPEC §2.3 at /login in react-admin's app: the sign-in (LoginScreen, which the login page's own entry draws too
 * before react-admin is loaded) and the registration, reset and binding forms it switches to.
 */
const LoginPage = () => {
  const kit = useLoginKit();
  const { translate } = kit;
  const [signedIn] = useState(() => Boolean(getToken()));
  const { search } = useLocation();
  const [formType, setFormType] = useState<FormType>(() => initialForm(new URLSearchParams(search)));
  const [ticket, setTicket] = useState(() => new URLSearchParams(search).get('ticket') ?? '');
  // kept across the forms: back from binding (a scan's ticket) is the QR panel again
  const [view, setView] = useState<LoginView>(() => (ticket ? 'qr' : defaultView()));

  const switchForm = useCallback((type: FormType) => {
    if (type === 'login') setTicket(''); // leaving the binding flow forgets the scan
    setFormType(type);
  }, []);
  // the sign-in screen's switches stay on this page
  const screenKit = useMemo<LoginKit>(
    () => ({
      ...kit,
      openForm: (type, scanned) => {
        if (scanned) setTicket(scanned);
        setFormType(type);
      },
    }),
    [kit],
  );
  useShowQrRequest(
    useCallback(() => {
      setFormType('login');
      setView('qr');
    }, []),
  );

  useEffect(() => {
    if (formType !== 'login') document.title = `${translate(TITLES[formType])} - ${translate('app.name')}`;
  }, [formType, translate]);

  if (signedIn) return <Navigate to="/" replace />;
  if (formType === 'login') {
    return (
      <LoginShell>
        <LoginKitContext.Provider value={screenKit}>
          <LoginScreen view={view} onView={setView} />
        </LoginKitContext.Provider>
      </LoginShell>
    );
  }
  return (
    <LoginShell>
      <CardContent sx={{ p: 4, '&:last-child': { pb: 4 } }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2, fontWeight: 600 }}>
          {translate(TITLES[formType])}
        </Typography>
        <Suspense fallback={<CircularProgress sx={{ display: 'block', mx: 'auto' }} />}>
          {formType === 'register' && <RegisterForm onSwitch={switchForm} ticket={ticket} />}
          {formType === 'reset' && <ResetPasswordForm onSwitch={switchForm} />}
          {formType === 'bind' && <BindForm onSwitch={switchForm} ticket={ticket} />}
        </Suspense>
      </CardContent>
    </LoginShell>
  );
};

export default LoginPage;

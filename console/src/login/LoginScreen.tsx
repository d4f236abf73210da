import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { signIn, type TokenAnswer } from '../auth/authProvider';
import { loadUser } from '../auth/userInfo';
import { AccountLoginForm } from './AccountLoginForm';
import type { FormType } from './formTypes';
import { useLoginKit } from './kit';
import { type LoginView, LoginViewToggle } from './LoginViewToggle';
import { useShowQrRequest, useSignedInElsewhere } from './otherWindows';
import { QrLoginPanel } from './QrLoginPanel';
import { SocialLogin } from './SocialLogin';
import { forgetWechatCode, isWechatBrowser, loginByWechatCode, wechatCodeFrom } from './wechatLogin';

/** SPEC §2.3: inside WeChat's own browser the QR/auth login is the default. */
export const defaultView = (): LoginView => (isWechatBrowser() ? 'qr' : 'account');

/**
 * SPEC §2.3 at /login, the sign-in itself: the QR panel or the account login (password, SMS code), and the social
 * buttons. The same module in the login page's own entry and in react-admin's login route (issue 24).
 */
export const LoginScreen = (props: { view?: LoginView; onView?: (view: LoginView) => void }) => {
  const { translate, notify, enter, openForm, search } = useLoginKit();
  // the view is the caller's when it keeps it across its other forms (react-admin's login route)
  const [ownView, setOwnView] = useState<LoginView>(defaultView);
  const view = props.view ?? ownView;
  const setView = props.onView ?? setOwnView;
  const title = view === 'qr' ? 'app.qr.title' : 'app.login.account_title';

  const failed = useCallback((error: Error) => notify(error.message || 'app.guard.has_error', 'error'), [notify]);
  const signedInByQr = useCallback((answer: TokenAnswer) => signIn(answer).then(enter).catch(failed), [enter, failed]);
  const toBindForm = useCallback((ticket: string) => openForm('bind', ticket), [openForm]);
  const switchForm = useCallback((type: FormType) => type !== 'login' && openForm(type), [openForm]);
  useSignedInElsewhere(useCallback(() => loadUser().then(enter).catch(failed), [enter, failed]));
  useShowQrRequest(useCallback(() => setView('qr'), [setView]));

  // SPEC §4: back from WeChat's OAuth inside its browser with ?code=, sign in (or bind after 508).
  const codeTried = useRef(false);
  useEffect(() => {
    const code = wechatCodeFrom(search);
    if (codeTried.current || !code || !isWechatBrowser()) return;
    codeTried.current = true;
    forgetWechatCode();
    loginByWechatCode(code)
      .then((result) => (result.status === 'signedIn' ? enter() : toBindForm(result.ticket)))
      .catch(failed);
  }, [search, enter, toBindForm, failed]);

  useEffect(() => {
    document.title = `${translate(title)} - ${translate('app.name')}`;
  }, [title, translate]);

  return (
    <>
      <LoginViewToggle view={view} onToggle={() => setView(view === 'qr' ? 'account' : 'qr')} />
      <CardContent sx={{ p: 4, '&:last-child': { pb: 4 } }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2, fontWeight: 600 }}>
          {translate(title)}
        </Typography>
        {view === 'qr' ? (
          <QrLoginPanel onSignedIn={signedInByQr} onUnregistered={toBindForm} />
        ) : (
          <AccountLoginForm onSwitch={switchForm} />
        )}
        <SocialLogin />
      </CardContent>
    </>
  );
};

import { Box, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { LocalesMenuButton, useTranslate } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { getToken } from '../auth/session';
import { AccountLoginForm } from './AccountLoginForm';
import type { FormType } from './formTypes';

const RegisterForm = lazy(() => import('./RegisterForm'));
const ResetPasswordForm = lazy(() => import('./ResetPasswordForm'));

const TITLES: Record<FormType, string> = {
  login: 'app.login.account_title',
  register: 'app.register.title',
  reset: 'app.reset.title',
};

/** SPEC §2.3 at /login; the QR panel, SMS login, captcha and social buttons slot in beside AccountLoginForm. */
const LoginPage = () => {
  const translate = useTranslate();
  const [signedIn] = useState(() => Boolean(getToken()));
  const { search } = useLocation();
  // ?form=register opens the registration form (the invitation page's 'register' button)
  const [formType, setFormType] = useState<FormType>(() =>
    new URLSearchParams(search).get('form') === 'register' ? 'register' : 'login',
  );

  useEffect(() => {
    document.title = `${translate(TITLES[formType])} - ${translate('app.name')}`;
  }, [formType, translate]);

  if (signedIn) return <Navigate to="/" replace />;
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        background: 'linear-gradient(135deg, #e8f3ff 0%, #f5f7fa 45%, #dbeafe 100%)',
      }}
    >
      <Box sx={{ position: 'fixed', top: 12, right: 16 }}>
        <LocalesMenuButton />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
        <Box component="img" src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" sx={{ width: 40, height: 40 }} />
        <Typography variant="h4" component="div" sx={{ fontWeight: 700 }}>
          {translate('app.name')}
        </Typography>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('app.slogan')}
      </Typography>
      <Card sx={{ width: '100%', maxWidth: 420, boxShadow: '0 8px 30px rgba(24, 144, 255, 0.12)' }}>
        <CardContent sx={{ p: 4, '&:last-child': { pb: 4 } }}>
          <Typography variant="h5" component="h1" sx={{ mb: 2, fontWeight: 600 }}>
            {translate(TITLES[formType])}
          </Typography>
          <Suspense fallback={<CircularProgress sx={{ display: 'block', mx: 'auto' }} />}>
            {formType === 'login' && <AccountLoginForm onSwitch={setFormType} />}
            {formType === 'register' && <RegisterForm onSwitch={setFormType} />}
            {formType === 'reset' && <ResetPasswordForm onSwitch={setFormType} />}
          </Suspense>
        </CardContent>
      </Card>
    </Box>
  );
};

export default LoginPage;

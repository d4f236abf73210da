import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useLocaleState, useNotificationContext, useNotify, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { redirectTarget } from '../navigation/loginPath';
import { type LoginKit, LoginKitContext } from './kit';

/** The sign-in screen's needs met by react-admin, for the login route and the pages before signing in in the app. */
export const AdminLoginKit = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale, setLocale] = useLocaleState();
  const { search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { resetNotifications } = useNotificationContext();
  const kit = useMemo<LoginKit>(
    () => ({
      translate: (key, options) => translate(key, options),
      notify: (message, type) => notify(message, { type }),
      locale,
      setLocale,
      search,
      // what react-admin's useLogin does after a sign-in
      enter: () => {
        resetNotifications();
        queryClient.invalidateQueries({ queryKey: ['auth', 'getPermissions'] });
        navigate(redirectTarget(search));
      },
      openForm: (form, ticket) =>
        navigate(
          `/login?${new URLSearchParams({ form, ...(ticket ? { ticket } : {}), redirect: redirectTarget(search) })}`,
        ),
    }),
    [translate, notify, locale, setLocale, search, navigate, queryClient, resetNotifications],
  );
  return <LoginKitContext.Provider value={kit}>{children}</LoginKitContext.Provider>;
};

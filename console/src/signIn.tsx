import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { type Notice, subscribeNotices } from './api/notices';
import { interpolate, type LoginKit, LoginKitContext } from './login/kit';
import { LoginScreen } from './login/LoginScreen';
import { LoginShell } from './login/LoginShell';
import { signInMessagesEn, signInMessagesZh, signInRaEn, signInRaZh } from './login/messages';
import { redirectTarget } from './navigation/loginPath';
import { type AppSize, isThemeColour, SIZES } from './settings/defaults';
import { readStored, writeStored } from './settings/stored';
import { buildTheme } from './theme/theme';

const LoginNotice = lazy(() => import('./login/LoginNotice'));

const MESSAGES: Record<string, Record<string, unknown>> = {
  'zh-CN': { app: signInMessagesZh, ra: signInRaZh },
  en: { app: signInMessagesEn, ra: signInRaEn },
};

/** `app.login.submit` in the sign-in set; a key it lacks (a server message) is its own text, as in the app. */
function lookUp(messages: Record<string, unknown>, key: string): string {
  let node: unknown = messages;
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as never)[part] : undefined;
  return typeof node === 'string' ? node : key;
}

/** The query of the route in the address (`#/login?redirect=…`). */
const routeSearch = () => {
  const hash = window.location.hash;
  const at = hash.indexOf('?');
  return at < 0 ? '' : hash.slice(at);
};

/** The theme the settings describe (AppThemes in the app), read from react-admin's store. */
function storedTheme() {
  const colour = readStored<string>('settings.theme');
  const size = readStored<AppSize>('appState.size');
  return buildTheme(isThemeColour(colour) ? colour : undefined, size && SIZES.includes(size) ? size : undefined);
}

interface SignInPageProps {
  /** Hands the page over to the app (react-admin), at the route the address now shows. */
  toApp: () => void;
  /** The visitor began to sign in: a good moment to fetch the app. */
  warmUp: () => void;
}

/**
 * The login page drawn by the console's first script alone (issue 24): the same sign-in screen as react-admin's
 * login route, with the theme, texts and notifications it needs, and the app loaded only after signing in or for
 * any other form (registration, reset, binding).
 */
export const SignInPage = ({ toApp, warmUp }: SignInPageProps) => {
  const [locale, setLocale] = useState(() => {
    const stored = readStored<string>('locale');
    return stored && stored in MESSAGES ? stored : 'zh-CN';
  });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [search, setSearch] = useState(routeSearch);
  const theme = useMemo(() => createTheme(storedTheme()), []);

  useEffect(() => subscribeNotices(setNotice), []);
  useEffect(() => {
    const onChange = () => setSearch(routeSearch());
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const kit = useMemo<LoginKit>(() => {
    const messages = MESSAGES[locale] ?? {};
    const go = (path: string) => {
      window.location.hash = `#${path}`;
      toApp();
    };
    return {
      translate: (key, options) => interpolate(lookUp(messages, key), options),
      notify: (message, type = 'info') => setNotice({ message, type }),
      locale,
      setLocale: (chosen) => {
        writeStored('locale', chosen);
        setLocale(chosen);
      },
      search,
      enter: () => go(redirectTarget(search)),
      openForm: (form, ticket) =>
        go(`/login?${new URLSearchParams({ form, ...(ticket ? { ticket } : {}), redirect: redirectTarget(search) })}`),
    };
  }, [locale, search, toApp]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <LoginKitContext.Provider value={kit}>
        <div onFocusCapture={warmUp}>
          <LoginShell>
            <LoginScreen />
          </LoginShell>
        </div>
        {notice && (
          <Suspense fallback={null}>
            <LoginNotice notice={notice} translate={kit.translate} onClose={() => setNotice(null)} />
          </Suspense>
        )}
      </LoginKitContext.Provider>
    </ThemeProvider>
  );
};

import type { SignedIn } from '@pmbok/api-types';
import type { AuthProvider } from 'react-admin';
import { request } from '../api/request';
import { loginPathFor } from '../navigation/loginPath';
import { clearSession, displayName, getToken, getUser, setToken } from '../session/session';
import { isPublicPath } from './publicPaths';
import { loadUser } from './userInfo';

/** What every way of signing in answers (the gateway's `SignedIn`). */
export type TokenAnswer = SignedIn;

const currentPath = () => window.location.hash.replace(/^#/, '') || '/';

// A reload or a closed tab aborts the user's load; that is no failed sign-in, and treating it as one would sign the
// user out (here and on the server) on the way out of the page.
let leavingPage = false;
window.addEventListener('pagehide', () => {
  leavingPage = true;
});
window.addEventListener('pageshow', () => {
  leavingPage = false;
});

/** Stores a fresh token (login or registration) and loads its user. */
export async function signIn(answer: TokenAnswer): Promise<void> {
  setToken(answer.token);
  await loadUser();
}

export const authProvider: AuthProvider = {
  // SPEC §3 loginType: 1 password (with the captcha when the server asks for one), 2 SMS code.
  async login(params) {
    const answer =
      params.loginType === 2
        ? await request<TokenAnswer>('user/loginByCode', {
            telephone: String(params.telephone).trim(),
            code: String(params.code).trim(),
          })
        : await request<TokenAnswer>('user/loginByPassword', {
            username: String(params.username).trim(),
            password: params.password,
            captcha: params.captcha,
          });
    await signIn(answer);
  },

  async logout() {
    if (getToken()) await request('userInfo/logout', {}, { notify: false }).catch(() => undefined);
    clearSession();
  },

  // SPEC §2.1 route guard; `path` is the route being opened (pathname + search).
  async checkAuth(params) {
    const path: string = params?.path ?? currentPath();
    const redirectTo = loginPathFor(path);
    if (!getToken()) {
      if (isPublicPath(path)) return;
      throw { redirectTo, message: false };
    }
    if (getUser()) return;
    try {
      await loadUser();
    } catch (error) {
      // Nothing to decide for a page that is going away: never settle, so nothing signs out.
      if (leavingPage) return new Promise<never>(() => {});
      clearSession();
      throw { redirectTo, message: (error as Error).message || 'app.guard.has_error' };
    }
  },

  // 402 from the {code} API, 401 from the REST surface: the session is gone.
  async checkError(error) {
    if (error?.status === 401 || error?.status === 402 || error?.code === 402) {
      clearSession();
      throw { redirectTo: loginPathFor(currentPath()) };
    }
  },

  async getIdentity() {
    const user = getUser() ?? (getToken() ? await loadUser() : null);
    if (!user) return { id: 0, fullName: '' };
    return { id: user.userId, fullName: displayName(user), avatar: user.avatar };
  },

  async getPermissions() {
    return getUser()?.roles ?? [];
  },
};

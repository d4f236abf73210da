/**
 * The `access` a password link's unlock answered, per token, for this browser tab only (sessionStorage): a reader
 * re-enters the password in a new tab, and nothing of it outlives the tab.
 */
/** The server's answer when a password link is read without a (valid) access: ask for the password again. */
export const PASSWORD_NEEDED = '请输入访问密码';

const key = (token: string) => `pmbok.shareAccess.${token}`;

export function readAccess(token: string): string {
  try {
    const stored = JSON.parse(sessionStorage.getItem(key(token)) ?? 'null') as { access: string; expiresAt: number };
    return stored && stored.expiresAt > Date.now() ? stored.access : '';
  } catch {
    return '';
  }
}

export function saveAccess(token: string, access: string, expiresAt: number) {
  sessionStorage.setItem(key(token), JSON.stringify({ access, expiresAt }));
}

export function forgetAccess(token: string) {
  sessionStorage.removeItem(key(token));
}

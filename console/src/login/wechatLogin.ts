import { type ApiError, request } from '../api/request';
import { signIn, type TokenAnswer } from '../auth/authProvider';

/** SPEC §2.3: inside WeChat's own browser the QR/auth login is the default. */
export const isWechatBrowser = () => /MicroMessenger/i.test(navigator.userAgent);

/**
 * The OAuth code WeChat appends to its callback: before the hash (`/system/?code=…#/login`) with a hash
 * router, or inside the hash query when the callback was written that way.
 */
export function wechatCodeFrom(routerSearch: string): string | null {
  return new URLSearchParams(window.location.search).get('code') ?? new URLSearchParams(routerSearch).get('code');
}

/** Drops the used code from the address, so that a reload does not send it again. */
export function forgetWechatCode(): void {
  if (!window.location.search) return;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.hash}`);
}

export type WechatCodeLogin = { status: 'signedIn' } | { status: 'unregistered'; ticket: string };

/** SPEC §4 messaging-app login by code: 200 signs in, 508 hands the ticket to the binding form, else it throws. */
export async function loginByWechatCode(code: string): Promise<WechatCodeLogin> {
  try {
    await signIn(await request<TokenAnswer>('user/loginWechatByCode', { code }, { notify: false }));
    return { status: 'signedIn' };
  } catch (error) {
    const { code: answer, data } = error as ApiError;
    if (answer === 508) return { status: 'unregistered', ticket: (data as { ticket: string }).ticket };
    throw error;
  }
}

/** The form and ticket a 508 leads to (SPEC §2.3 binding form). */
export const bindPath = (ticket: string, redirect: string) =>
  `/login?${new URLSearchParams({ form: 'bind', ticket, redirect })}`;

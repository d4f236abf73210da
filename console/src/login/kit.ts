import { createContext, useContext } from 'react';
import type { FormType } from './formTypes';

export type NoticeType = 'error' | 'success' | 'info' | 'warning';

/**
 * What the sign-in screen needs from the app around it (issue 24): the login page is drawn by a small entry of its
 * own before react-admin is loaded (signIn.tsx), and by react-admin's login route once the app is running
 * (LoginPage.tsx). Both give the same screen these, so that its logic exists once.
 */
export interface LoginKit {
  translate: (key: string, options?: Record<string, unknown>) => string;
  notify: (message: string, type?: NoticeType) => void;
  locale: string;
  setLocale: (locale: string) => void;
  /** The query of the login route (`?redirect=…&form=…`). */
  search: string;
  /** Signed in: go where the visitor was going (the redirect query). */
  enter: () => void;
  /** Registration, reset and binding are react-admin forms: the standalone page hands over to the app for them. */
  openForm: (type: Exclude<FormType, 'login'>, ticket?: string) => void;
}

export const LoginKitContext = createContext<LoginKit | null>(null);

export function useLoginKit(): LoginKit {
  const kit = useContext(LoginKitContext);
  if (!kit) throw new Error('useLoginKit outside a LoginKitContext');
  return kit;
}

/** `%{name}` placeholders, the way react-admin's polyglot fills them. */
export const interpolate = (text: string, options?: Record<string, unknown>) =>
  options ? text.replace(/%\{(\w+)\}/g, (all, name: string) => (name in options ? String(options[name]) : all)) : text;

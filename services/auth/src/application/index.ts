import type { QrLoginProvider } from '../qrProviders/types.js';
import { type AuthDeps, createAuthContext } from './context.js';
import { announcingEndedSessions } from './endedSessions.js';
import { createProfiles } from './profile.js';
import { createQrLogin } from './qrLogin.js';
import { createSignIn } from './signIn.js';

/** The auth service's use cases, sharing one context. */
export function createAuthUseCases(deps: AuthDeps & { qrProvider: QrLoginProvider }) {
  const context = createAuthContext({
    ...deps,
    runCommand: announcingEndedSessions(deps.runCommand, deps.runtime, deps.logger),
  });
  return {
    signIn: createSignIn(context),
    profiles: createProfiles(context),
    qrLogin: createQrLogin(context, deps.qrProvider),
  };
}

export type AuthUseCases = ReturnType<typeof createAuthUseCases>;
export type { AuthDeps } from './context.js';

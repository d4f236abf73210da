// What other windows of this site tell the login page: a pop-up or another tab signed in, or asks for the QR panel.
import { useEffect } from 'react';
import { TOKEN_KEY } from '../session/session';

/** A pop-up or another tab of this site signed in (the token appeared in local storage): follow it. */
export function useSignedInElsewhere(onSignedIn: () => void): void {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY && event.newValue) onSignedIn();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [onSignedIn]);
}

/** What the social pop-up says to the login page that opened it. */
export const SHOW_QR_MESSAGE = 'pmbok:show-qr-login';

/** The social pop-up asks its opener to show the QR panel (the way to sign in with a phone). */
export function useShowQrRequest(onShowQr: () => void): void {
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin && event.data === SHOW_QR_MESSAGE) onShowQr();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [onShowQr]);
}

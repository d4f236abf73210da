import type { QrCode } from '@pmbok/api-types';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ApiError, request } from '../api/request';
import type { TokenAnswer } from '../auth/authProvider';

/** SPEC §4 and §9: the result is polled every 2 s for up to 120 s. */
export const QR_POLL_INTERVAL_MS = 2000;
export const QR_VALIDITY_MS = 120_000;
/** SPEC §4 code 508: the scanner has no account yet. */
const UNREGISTERED = 508;

export type QrProvider = 'embedded' | 'wechat';

export type QrState =
  | { phase: 'loading' }
  | { phase: 'waiting'; ticket: string; image: string; provider: QrProvider }
  /** The configured provider cannot serve this use (binding needs WeChat's official account). */
  | { phase: 'unsupported'; provider: QrProvider }
  /** Expired, refused or used: the overlay with its message and the refresh button. */
  | { phase: 'ended'; image?: string; provider?: QrProvider; message: string };

interface QrCallbacks {
  onSignedIn: (answer: TokenAnswer) => void;
  onUnregistered: (ticket: string) => void;
  /** Only this provider serves the purpose; with another one nothing is polled. */
  only?: QrProvider;
}

/** One QR sign-in attempt at a time: a new ticket, its poll, and the overlay once it cannot succeed any more. */
export function useQrLogin(callbacks: QrCallbacks) {
  const [state, setState] = useState<QrState>({ phase: 'loading' });
  // the poll keeps its deadline across re-renders that bring new callback identities
  const latest = useRef(callbacks);
  latest.current = callbacks;

  const refresh = useCallback(async () => {
    setState({ phase: 'loading' });
    try {
      const { ticket, qrcodeUrl } = await request<QrCode>('user/wechatLoginQrCode');
      // The embedded provider draws a link to our own confirmation page; WeChat's is an image on its servers.
      const provider: QrProvider = qrcodeUrl.startsWith('data:') ? 'embedded' : 'wechat';
      if (latest.current.only && latest.current.only !== provider) setState({ phase: 'unsupported', provider });
      else setState({ phase: 'waiting', ticket, image: qrcodeUrl, provider });
    } catch (error) {
      setState({ phase: 'ended', message: (error as Error).message || 'app.qr.expired' });
    }
  }, []);

  useEffect(() => {
    refresh();
  }, [refresh]);

  const ticket = state.phase === 'waiting' ? state.ticket : null;
  useEffect(() => {
    if (!ticket) return;
    const deadline = Date.now() + QR_VALIDITY_MS;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const end = (message: string) =>
      setState((current) => (current.phase === 'waiting' ? { ...current, phase: 'ended', message } : current));
    const poll = async () => {
      if (Date.now() >= deadline) return end('app.qr.expired');
      try {
        const answer = await request<TokenAnswer>('user/wechatLoginResult', { ticket }, { notify: false });
        if (!stopped) latest.current.onSignedIn(answer);
        return;
      } catch (error) {
        if (stopped) return;
        const { code, data, message } = error as ApiError;
        if (code === UNREGISTERED) return latest.current.onUnregistered((data as { ticket: string }).ticket);
        if (code === 400) return end(message || 'app.qr.expired');
        // 880 (not answered yet), 500 and network trouble: keep waiting
      }
      if (!stopped) timer = setTimeout(poll, QR_POLL_INTERVAL_MS);
    };
    timer = setTimeout(poll, QR_POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [ticket]);

  return { state, refresh };
}

import type { Captcha, NeedCaptcha } from '@pmbok/api-types';
import { useCallback, useRef, useState } from 'react';
import { request } from '../api/request';

/**
 * The graphic captcha of password sign-in (SPEC §2.3, §4): asked for when the server says so for the account,
 * re-checked after every failure. Each image takes one guess, so a failed sign-in also brings a new image.
 */
export function useLoginCaptcha() {
  /** The image as a data URL; null while no captcha is needed. */
  const [image, setImage] = useState<string | null>(null);
  const account = useRef('');

  const load = useCallback(async (username: string) => {
    const { code } = await request<Captcha>('login/captcha', { username }, { notify: false });
    if (account.current === username) setImage(code);
  }, []);

  const check = useCallback(
    async (username: string) => {
      const name = username.trim();
      if (!name) return;
      account.current = name;
      try {
        const { isNeed } = await request<NeedCaptcha>(
          'user/checkNeedLoginCaptcha',
          { username: name },
          { notify: false },
        );
        if (account.current !== name) return;
        if (isNeed) await load(name);
        else setImage(null);
      } catch {
        // the sign-in answer tells what is missing if this check fails
      }
    },
    [load],
  );

  const refresh = useCallback(() => load(account.current).catch(() => undefined), [load]);

  return { image, check, refresh };
}

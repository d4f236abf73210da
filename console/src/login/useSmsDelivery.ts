import type { SystemInfo } from '@pmbok/api-types';
import { useEffect, useState } from 'react';
import { request } from '../api/request';

type Delivery = SystemInfo['smsDelivery'];
let known: Delivery | undefined;
let asked: Promise<Delivery | undefined> | null = null;

/**
 * How this installation delivers SMS codes. With the console provider (the quick start's default) no text message
 * leaves the server, so the code fields say where the code is printed instead of leaving a newcomer waiting.
 * Asked once per page (it does not change while the server runs); no query library, so the login page can use it.
 */
export function useSmsDelivery(): Delivery | undefined {
  const [delivery, setDelivery] = useState(known);
  useEffect(() => {
    if (known !== undefined) return;
    let current = true;
    asked ??= request<SystemInfo>('system/info', {}, { notify: false }).then(
      (info) => {
        known = info.smsDelivery;
        return known;
      },
      () => {
        asked = null; // asked again by the next field
        return undefined;
      },
    );
    asked.then((answer) => current && setDelivery(answer));
    return () => {
      current = false;
    };
  }, []);
  return delivery;
}

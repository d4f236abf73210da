import { useCallback } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatShortDateTime } from '../dates/format';
import { relativeTime, type TimeAgo, type TimeInput, timeAgo } from './relativeTime';

/** relativeTime and timeAgo in the current language. */
export function useRelativeTime() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const formatRelative = useCallback(
    (time: TimeInput, now?: number) => {
      const relative = relativeTime(time, now);
      switch (relative.unit) {
        case 'date':
          // 11月23日 14:05 / Nov 23, 14:05: 24-hour in both languages
          return formatShortDateTime(relative.date, locale, now);
        case 'minutes':
        case 'hours':
          return translate(`app.time.${relative.unit}_ago`, { smart_count: relative.count });
        default:
          return translate(`app.time.${relative.unit}`);
      }
    },
    [translate, locale],
  );
  const formatAgo = useCallback(
    (time: TimeInput, now?: number) => {
      const { unit, count }: TimeAgo = timeAgo(time, now);
      return translate(`app.time.${unit}_ago`, { smart_count: count });
    },
    [translate],
  );
  return { formatRelative, formatAgo };
}

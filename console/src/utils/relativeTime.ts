// SPEC §9 "Relative time". Both helpers return what to say, not the words: the caller translates
// (app.time.* keys, see useRelativeTime) so that the same rules serve zh-CN and English.
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type RelativeTime =
  | { unit: 'just_now' }
  | { unit: 'minutes' | 'hours'; count: number }
  | { unit: 'one_day' }
  | { unit: 'date'; date: Date };

/** Epoch milliseconds, a Date or a date string. */
export type TimeInput = number | Date | string;

const toMillis = (time: TimeInput) => (time instanceof Date ? time.getTime() : new Date(time).getTime());

/**
 * Under 30 s 'just now', then whole minutes (rounded up) under an hour, hours under a day, '1 day ago' under two
 * days, else the date itself. Times in the future count as 'just now'.
 */
export function relativeTime(time: TimeInput, now: number = Date.now()): RelativeTime {
  const millis = toMillis(time);
  const elapsed = now - millis;
  if (elapsed < 30 * SECOND) return { unit: 'just_now' };
  if (elapsed < HOUR) return { unit: 'minutes', count: Math.ceil(elapsed / MINUTE) };
  if (elapsed < DAY) return { unit: 'hours', count: Math.ceil(elapsed / HOUR) };
  if (elapsed < 2 * DAY) return { unit: 'one_day' };
  return { unit: 'date', date: new Date(millis) };
}

export type TimeAgo = { unit: 'minutes' | 'hours' | 'days'; count: number };

/** The shorter helper: whole minutes under an hour, whole hours under a day, else whole days. */
export function timeAgo(time: TimeInput, now: number = Date.now()): TimeAgo {
  const elapsed = Math.max(0, now - toMillis(time));
  if (elapsed < HOUR) return { unit: 'minutes', count: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { unit: 'hours', count: Math.floor(elapsed / HOUR) };
  return { unit: 'days', count: Math.floor(elapsed / DAY) };
}

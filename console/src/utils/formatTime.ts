const pad = (n: number) => String(n).padStart(2, '0');

/** 2025-03-07 (local time); empty for 0 (unset). */
export function formatDay(ms: number): string {
  if (!ms) return '';
  const date = new Date(ms);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 2025-03-07 14:05 (local time); empty for 0. */
export function formatMinute(ms: number): string {
  if (!ms) return '';
  const date = new Date(ms);
  return `${formatDay(ms)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The value of an `<input type="date">` as local midnight in epoch ms (0 when empty); `endOfDay` for 23:59:59.999. */
export function parseDay(value: string, endOfDay = false): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return 0;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  return endOfDay ? new Date(y, m - 1, d, 23, 59, 59, 999).getTime() : new Date(y, m - 1, d).getTime();
}

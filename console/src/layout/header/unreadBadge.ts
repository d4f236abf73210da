/** SPEC §2.4 and §9: the bell's badge is empty at 0 and reads '99+' above 99. */
export function unreadBadge(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > 99 ? '99+' : String(Math.floor(count));
}

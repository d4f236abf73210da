/**
 * The unread team-message count the bell shows. SPEC §4: it arrives over the live connection (code 200201,
 * data.unReadCount), which the messaging issue builds; until then nothing is ever unread.
 */
export function useUnreadCount(): number {
  return 0;
}

/** SPEC §9: the team-check dialog shows at most once every 24 h; its last opening is kept locally. */
const TEAM_CHECK_KEY = 'teamCheckTime';
export const TEAM_CHECK_INTERVAL_MS = 86_400_000;

/** True when the dialog is due (never shown, or shown 24 h ago or more); the opening is then recorded. */
export function takeTeamCheckTurn(now = Date.now()): boolean {
  const last = Number(localStorage.getItem(TEAM_CHECK_KEY));
  if (last && now - last < TEAM_CHECK_INTERVAL_MS) return false;
  localStorage.setItem(TEAM_CHECK_KEY, String(now));
  return true;
}

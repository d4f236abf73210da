import type { UserInfo, UserTeam } from '@pmbok/api-types';
import { useSyncExternalStore } from 'react';
import { readCookie, writeCookie } from '../utils/cookies';

export const TOKEN_KEY = 'authorize_token';
const TEAM_KEY = 'teamId';

export type { TeamRole, UserTeam } from '@pmbok/api-types';

/** The signed-in user as `userInfo/getUserInfo` answers it; `roles` are the console's (see userInfo.ts). */
export type SessionUser = UserInfo;

let currentUser: SessionUser | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY) || readCookie(TOKEN_KEY);
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  writeCookie(TOKEN_KEY, token);
}

export function getUser(): SessionUser | null {
  return currentUser;
}

export function setUser(user: SessionUser): void {
  currentUser = user;
  emit();
}

/** The name the navbar shows: real name, falling back to the nickname. */
export function displayName(user: SessionUser): string {
  return user.trueName || user.nickname || user.name || '';
}

/** The selected team (SPEC §4), kept in local storage so that every request carries it. */
export function getTeamId(): number | null {
  const stored = Number(localStorage.getItem(TEAM_KEY));
  return Number.isSafeInteger(stored) && stored > 0 ? stored : null;
}

export function setTeamId(teamId: number | null): void {
  if (teamId) localStorage.setItem(TEAM_KEY, String(teamId));
  else localStorage.removeItem(TEAM_KEY);
  emit();
}

/**
 * SPEC §4: the stored team if it is still one of the user's teams, else the one the server remembers as active,
 * else the first team, else none.
 */
export function selectTeam(teams: UserTeam[], activeTeamId?: number): void {
  const isMine = (teamId: number | null | undefined) => teams.find((team) => team.teamId === teamId);
  const kept = isMine(getTeamId()) ?? isMine(activeTeamId) ?? teams[0];
  setTeamId(kept?.teamId ?? null);
}

/** Logout and token expiry: the token, the user and the selected team go; the inviter's shareCode stays. */
export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(TEAM_KEY);
  writeCookie(TOKEN_KEY, '', 0);
  currentUser = null;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribe, getUser);
}

export function useTeamId(): number | null {
  return useSyncExternalStore(subscribe, getTeamId);
}

import { useSyncExternalStore } from 'react';

export const TOKEN_KEY = 'authorize_token';
const TEAM_KEY = 'teamId';

export interface UserTeam {
  teamId: number | string;
  team?: { name?: string; poster?: string };
  station?: string;
}

export interface SessionUser {
  userId: number | string;
  nickname: string;
  name?: string;
  trueName?: string;
  telephone?: string;
  shareCode?: string;
  avatar?: string;
  introduction?: string;
  sex?: number;
  roles: string[];
  userTeam: UserTeam[];
}

let currentUser: SessionUser | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

function readCookie(name: string): string | null {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return entry ? decodeURIComponent(entry.slice(name.length + 1)) : null;
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY) || readCookie(TOKEN_KEY);
}

function writeCookie(name: string, value: string, maxAgeSeconds?: number): void {
  const expiry = maxAgeSeconds === undefined ? '' : `; max-age=${maxAgeSeconds}`;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from some browsers we serve
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax${expiry}`;
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

/** Keeps the stored team if it is still one of the user's teams, else the first team, else none. */
export function selectTeam(teams: UserTeam[]): void {
  const stored = localStorage.getItem(TEAM_KEY);
  const kept = teams.find((team) => String(team.teamId) === stored) ?? teams[0];
  if (kept) localStorage.setItem(TEAM_KEY, String(kept.teamId));
  else localStorage.removeItem(TEAM_KEY);
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

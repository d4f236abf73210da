import type { QueryClient } from '@tanstack/react-query';
import { type Body, request } from './api/request';
import { loadUser } from './auth/userInfo';
import { getToken } from './session/session';
import { BOARD_FRESH_MS, taskKeys } from './tasks/taskKeys';

type Shell = typeof import('./layout/AppLayout');
let shell: Promise<Shell> | null = null;

/** The signed-in layout with the screens' messages it and its screens translate (issue 24: both load apart). */
export function loadSignedInShell(): Promise<Shell> {
  // the messages' chunk is asked for at once too, not after i18nProvider's (loadScreenMessages imports the same one)
  shell ??= Promise.all([
    import('./layout/AppLayout'),
    import('./i18n/i18nProvider').then((i18n) => i18n.loadScreenMessages()),
    import('./i18n/zh-CN'),
  ])
    .then(([layout]) => layout)
    .catch((error) => {
      shell = null; // a failed chunk load (a release under an open tab) may succeed on the next try
      throw error;
    });
  return shell;
}

/**
 * A visit with a stored session fetches the user and the shell at once, instead of the user after the shell's
 * script has run and the route guard asks for it (the route guard then finds the user loaded or on its way).
 */
export function prefetchSignedIn(): void {
  if (!getToken()) return;
  loadSignedInShell().catch(() => undefined);
  loadUser().catch(() => undefined);
}

/** The common first screens: their chunks are asked for with the shell's, not once the route table has run. */
const FIRST_SCREENS: [RegExp, () => Promise<unknown>][] = [
  [/^\/(index)?$/, () => import('./home/HomePage')],
  [/^\/task\/home\/\d+$/, () => import('./tasks/ProjectHomePage')],
];

type QueryKey = readonly unknown[];
const early = new Map<string, { queryKey: QueryKey; answer: Promise<unknown> }>();

/** A call the screen will make, started now and handed to the query cache when the app has one (seedEarlyQueries). */
function startEarly(queryKey: QueryKey, call: string, body: Body): void {
  const answer = request(call, body, { notify: false }); // a refusal is the screen's to show, as its own call does
  answer.catch(() => undefined);
  early.set(JSON.stringify(queryKey), { queryKey, answer });
}

/**
 * Issue 24: a signed-in first visit asks for its screen's chunk and, on a task board, the board's data
 * (`task/projectDetail`, `task/projectTask`) while the app's scripts arrive, instead of after react-admin has rendered.
 */
export function startFirstScreen(address = window.location.hash.replace(/^#/, '') || '/'): void {
  if (!getToken()) return;
  const path = address.split('?')[0] ?? '/';
  FIRST_SCREENS.find(([pattern]) => pattern.test(path))?.[1]().catch(() => undefined);
  const board = /^\/task\/home\/(\d+)$/.exec(path);
  const projectId = Number(board?.[1]);
  if (!Number.isSafeInteger(projectId) || projectId <= 0) return;
  startEarly(taskKeys.detail(projectId), 'task/projectDetail', { projectId });
  startEarly(taskKeys.board(projectId), 'task/projectTask', { projectId });
}

/** Puts the calls started ahead into the app's query cache (once): the screen's queries find them on their way. */
export function seedEarlyQueries(client: QueryClient): void {
  for (const { queryKey, answer } of early.values()) {
    client.prefetchQuery({ queryKey, queryFn: () => answer, staleTime: BOARD_FRESH_MS }).catch(() => undefined);
  }
  early.clear();
}

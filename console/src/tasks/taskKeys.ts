/**
 * Query keys: everything of one project sits under ['taskProject', id] and refreshes together. Apart from taskApi
 * (and its react-query) so that the first script can ask for a board's data under the same keys (signedInShell.ts).
 */
export const taskKeys = {
  mine: (teamId: number | null) => ['taskProjects', teamId] as const,
  templates: (teamId: number | null) => ['taskProjects', teamId, 'templates'] as const,
  project: (projectId: number) => ['taskProject', projectId] as const,
  detail: (projectId: number) => ['taskProject', projectId, 'detail'] as const,
  board: (projectId: number) => ['taskProject', projectId, 'board'] as const,
  members: (projectId: number) => ['taskProject', projectId, 'members'] as const,
  report: (projectId: number) => ['taskProject', projectId, 'report'] as const,
  task: (projectId: number, taskId: number) => ['taskProject', projectId, 'task', taskId] as const,
};

/** A board's data is fresh for a moment: what was asked for ahead of the page is not fetched again as it mounts. */
export const BOARD_FRESH_MS = 2_000;

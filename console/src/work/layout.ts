/**
 * What the workspace remembers per user (SPEC §2.2 "per-user layout"): the view, grouping, calendar mode, filters,
 * the documents card's tab.
 */
export interface WorkLayout {
  view: 'list' | 'calendar';
  group: 'due' | 'project';
  calendar: 'month' | 'week';
  projectId: number;
  status: '' | 'todo' | 'in_progress' | 'paused';
  includeDone: boolean;
  /** The documents card's tab: documents I wrote or those I follow. */
  docs: 'mine' | 'follows';
}

export const DEFAULT_LAYOUT: WorkLayout = {
  view: 'list',
  group: 'due',
  calendar: 'month',
  projectId: 0,
  status: '',
  includeDone: false,
  docs: 'mine',
};

export const layoutKey = (userId: number | string) => `pmbok.work.layout.${userId}`;

/** The stored layout over the defaults; anything unreadable or out of range falls back to its default. */
export function readLayout(storage: Pick<Storage, 'getItem'>, userId: number | string): WorkLayout {
  let stored: Partial<Record<keyof WorkLayout, unknown>> = {};
  try {
    stored = JSON.parse(storage.getItem(layoutKey(userId)) ?? '{}') ?? {};
  } catch {
    // a damaged entry is the default layout
  }
  const pick = <K extends keyof WorkLayout>(key: K, allowed: readonly WorkLayout[K][]): WorkLayout[K] =>
    allowed.includes(stored[key] as WorkLayout[K]) ? (stored[key] as WorkLayout[K]) : DEFAULT_LAYOUT[key];
  return {
    view: pick('view', ['list', 'calendar']),
    group: pick('group', ['due', 'project']),
    calendar: pick('calendar', ['month', 'week']),
    projectId:
      Number.isInteger(stored.projectId) && (stored.projectId as number) >= 0 ? (stored.projectId as number) : 0,
    status: pick('status', ['', 'todo', 'in_progress', 'paused']),
    includeDone: stored.includeDone === true,
    docs: pick('docs', ['mine', 'follows']),
  };
}

export function writeLayout(storage: Pick<Storage, 'setItem'>, userId: number | string, layout: WorkLayout): void {
  try {
    storage.setItem(layoutKey(userId), JSON.stringify(layout));
  } catch {
    // storage full or refused (private mode): the layout lasts for this visit
  }
}

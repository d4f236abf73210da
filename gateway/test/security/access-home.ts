import type { Access } from './access.js';

const DAY = 86_400_000;

/** Home and workspace (docs/api/home.md): any member of team T, over what they may see in it. */
export const homeAccess: Record<string, Access> = {
  'task/myTasks': { least: 'teamMember', body: () => ({ endFrom: '0', endTo: '0', includeDone: '1' }) },
  'task/myWorkHours': {
    least: 'teamMember',
    body: () => ({ from: String(Date.now() - 7 * DAY), to: String(Date.now()) }),
  },
  'task/stats': { least: 'teamMember', body: () => ({ since: String(Date.now() - 7 * DAY) }) },
  'activity/list': { least: 'teamMember', body: () => ({ page: '1', pageSize: '20' }) },
  'activity/count': { least: 'teamMember', body: () => ({ since: String(Date.now() - 7 * DAY) }) },
};

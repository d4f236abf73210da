import type { Access } from './access.js';

/**
 * docs/api/messaging.md "Who may call what": any member of the current team, for their own inbox and follows; a
 * follow needs the target to be visible to the caller (P's task: its members).
 */
export const messageAccess: Record<string, Access> = {
  'message/list': { least: 'teamMember', body: () => ({ page: '1', pageSize: '20', group: 'task', unreadOnly: '1' }) },
  'message/read': { least: 'teamMember', body: () => ({ all: '1' }) },
  'message/unread': { least: 'teamMember', body: () => ({}) },
  'message/settings': { least: 'teamMember', body: () => ({}) },
  'message/saveSettings': {
    least: 'teamMember',
    body: () => ({ mutedKinds: JSON.stringify(['doc.changed']), quiet: '0' }),
  },
  'follow/add': { least: 'projectMember', body: ({ w }) => ({ kind: 'task', id: w.taskId }) },
  'follow/remove': { least: 'teamMember', body: ({ w }) => ({ kind: 'task', id: w.taskId }) },
  'follow/state': { least: 'projectMember', body: ({ w }) => ({ kind: 'taskProject', id: w.projectId }) },
  'follow/list': { least: 'teamMember', body: () => ({}) },
};

import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Issue 24: a signed-in first visit asks for its board's data ahead of react-admin, under the keys the board reads.
const calls: [string, unknown][] = [];
vi.mock('../src/api/request', () => ({
  request: (call: string, body: unknown) => {
    calls.push([call, body]);
    return Promise.resolve({ call });
  },
}));
vi.mock('../src/session/session', () => ({ getToken: () => 'token' }));
vi.mock('../src/auth/userInfo', () => ({ loadUser: () => Promise.resolve(null) }));
vi.mock('../src/home/HomePage', () => ({ default: () => null }));
vi.mock('../src/tasks/ProjectHomePage', () => ({ default: () => null }));

const { seedEarlyQueries, startFirstScreen } = await import('../src/signedInShell');
const { taskKeys } = await import('../src/tasks/taskApi');

afterEach(() => {
  calls.length = 0;
});

describe('a signed-in first screen', () => {
  it("asks for a task board's project and tasks at once and hands them to the query cache under the board's keys", async () => {
    startFirstScreen('/task/home/42?task=7');
    expect(calls).toEqual([
      ['task/projectDetail', { projectId: 42 }],
      ['task/projectTask', { projectId: 42 }],
    ]);
    const client = new QueryClient();
    seedEarlyQueries(client);
    await vi.waitFor(() => expect(client.getQueryData(taskKeys.board(42))).toEqual({ call: 'task/projectTask' }));
    expect(client.getQueryData(taskKeys.detail(42))).toEqual({ call: 'task/projectDetail' });
    // handed over once: a later client (another App) starts empty
    const later = new QueryClient();
    seedEarlyQueries(later);
    expect(later.getQueryData(taskKeys.board(42))).toBeUndefined();
  });

  it('asks for no data on other screens', () => {
    startFirstScreen('/index');
    startFirstScreen('/task/home/abc');
    expect(calls).toEqual([]);
  });
});

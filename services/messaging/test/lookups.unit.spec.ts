import { createMemoryReadStore } from '@pmbok/infra';
import { describe, expect, it } from 'vitest';
import { users, usersById } from '../src/projections/users/index.js';

describe('users by id (feedback authors)', () => {
  it('looks the given users up by their _id instead of scanning every user', async () => {
    const store = createMemoryReadStore();
    for (let userId = 1; userId <= 1_000; userId += 1)
      await users(store).put({
        _id: String(userId),
        userId,
        nickname: `用户${userId}`,
        trueName: '',
        telephone: '',
        registeredAt: userId,
        registrationOrder: userId,
        closed: false,
      });
    const before = store.docsExamined();
    const found = await usersById(store, [3, 999, 3, 0, 4_000]);
    expect([...found.keys()].sort((a, b) => a - b)).toEqual([3, 999]);
    expect(found.get(999)?.nickname).toBe('用户999');
    expect(store.docsExamined() - before).toBeLessThan(10);
  });
});

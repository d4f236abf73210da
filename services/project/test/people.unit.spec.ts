import { createMemoryReadStore } from '@pmbok/infra';
import { describe, expect, it } from 'vitest';
import { namesOf, people } from '../src/projections/people/index.js';

describe("the names of a document's people (read on every docDetail)", () => {
  it('looks the given users up by id instead of scanning everyone the service knows', async () => {
    const store = createMemoryReadStore();
    const everyone = people(store);
    for (let userId = 1; userId <= 1_000; userId += 1)
      await everyone.put({ _id: String(userId), userId, nickname: `用户${userId}`, trueName: '', avatar: '' });
    await everyone.put({ _id: '7', userId: 7, nickname: '七', trueName: '王七', avatar: '' });
    const before = store.docsExamined();
    const names = await namesOf(store, [7, 42, 7, 0, 5_000]);
    expect(names).toEqual(
      new Map([
        [7, '王七'],
        [42, '用户42'],
      ]),
    );
    expect(store.docsExamined() - before).toBeLessThan(10);
  });
});

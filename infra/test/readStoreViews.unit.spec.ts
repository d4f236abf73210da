import { describe, expect, it } from 'vitest';
import { createMemoryReadStore, type Doc } from '../src/index.js';

interface Task extends Doc {
  projectId: number;
  createdAt: number;
  tags: string[];
  owner: { id: number };
}

const open = async () => {
  const store = createMemoryReadStore();
  const tasks = store.collection<Task>('tasks', [{ fields: { projectId: 1, createdAt: -1 } }]);
  for (let i = 0; i < 5; i++)
    await tasks.put({ _id: `t${i}`, projectId: 1, createdAt: i, tags: ['a'], owner: { id: i } });
  return tasks;
};

/** Views hand out the store's own documents (issue 24); under vitest they are frozen, so no caller can change them. */
describe('in-memory read store views', () => {
  it('hands out the stored document without a copy, and find still copies', async () => {
    const tasks = await open();
    expect(await tasks.viewOne({ _id: 't1' })).toBe(await tasks.viewOne({ _id: 't1' }));
    const [first] = await tasks.view({ projectId: 1 }, { sort: { createdAt: -1 }, limit: 2 });
    expect(first).toBe(await tasks.viewOne({ _id: 't4' }));
    const copy = await tasks.findOne({ _id: 't1' });
    expect(copy).not.toBe(await tasks.viewOne({ _id: 't1' }));
    copy!.tags.push('b');
    copy!.owner.id = 9;
    expect(await tasks.viewOne({ _id: 't1' })).toEqual({
      _id: 't1',
      projectId: 1,
      createdAt: 1,
      tags: ['a'],
      owner: { id: 1 },
    });
  });

  it('refuses a change to a viewed document, at any depth, and keeps the stored one', async () => {
    const tasks = await open();
    const viewed = (await tasks.viewOne({ _id: 't2' })) as Task;
    expect(() => {
      viewed.createdAt = 99;
    }).toThrow(TypeError);
    expect(() => viewed.tags.push('b')).toThrow(TypeError);
    expect(() => {
      viewed.owner.id = 9;
    }).toThrow(TypeError);
    const [paged] = (await tasks.view({ projectId: 1 }, { sort: { createdAt: -1 }, skip: 2, limit: 1 })) as Task[];
    expect(() => {
      paged!.projectId = 2;
    }).toThrow(TypeError);
    expect(await tasks.count({ projectId: 1 })).toBe(5);
    expect(await tasks.findOne({ _id: 't2' })).toEqual({
      _id: 't2',
      projectId: 1,
      createdAt: 2,
      tags: ['a'],
      owner: { id: 2 },
    });
  });

  it('stores documents holding a typed array or a date (copied, not frozen)', async () => {
    const store = createMemoryReadStore();
    const vectors = store.collection<Doc & { v: Float32Array; at: Date }>('vectors');
    await vectors.put({ _id: 'v1', v: new Float32Array([1, 2]), at: new Date(5) });
    const viewed = await vectors.viewOne({ _id: 'v1' });
    expect([...(viewed?.v ?? [])]).toEqual([1, 2]);
    expect((await vectors.findOne({ _id: 'v1' }))?.at.getTime()).toBe(5);
  });

  it('stores its own copy of what it is given, and an update makes a new document', async () => {
    const tasks = await open();
    const doc: Task = { _id: 't9', projectId: 1, createdAt: 9, tags: ['x'], owner: { id: 9 } };
    await tasks.put(doc);
    doc.tags.push('y');
    doc.createdAt = 0;
    const before = await tasks.viewOne({ _id: 't9' });
    expect(before).toEqual({ _id: 't9', projectId: 1, createdAt: 9, tags: ['x'], owner: { id: 9 } });
    await tasks.updateOne({ _id: 't9' }, { $push: { tags: 'z' }, $set: { createdAt: 10 } });
    expect(before?.tags).toEqual(['x']);
    expect((await tasks.viewOne({ _id: 't9' }))?.tags).toEqual(['x', 'z']);
    expect((await tasks.view({ projectId: 1 }, { sort: { createdAt: -1 }, limit: 1 }))[0]?._id).toBe('t9');
  });
});

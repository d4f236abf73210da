import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Doc, ReadStore } from '../readStore/types.js';

interface Person extends Doc {
  name: string;
  age: number;
  tags?: string[];
  team?: { id: number };
}

/** The behaviour every read store adapter must have (MongoDB semantics for filters, updates and sorts). */
export function readStoreContract(name: string, open: () => Promise<ReadStore>): void {
  describe(`read store contract: ${name}`, () => {
    let store: ReadStore;
    const people = () => store.collection<Person>('people', [{ fields: { name: 1 }, unique: true }]);
    beforeEach(async () => {
      store = await open();
      for (const [i, n] of ['ann', 'bob', 'cy', 'dee'].entries()) {
        await people().put({ _id: `p${i}`, name: n, age: 20 + i * 10, team: { id: i % 2 } });
      }
    });
    afterEach(async () => {
      await store.close();
    });

    it('finds by equality, operators and nested fields', async () => {
      expect((await people().findOne({ _id: 'p1' }))?.name).toBe('bob');
      expect((await people().findOne({ name: 'cy' }))?._id).toBe('p2');
      expect(await people().findOne({ name: 'zed' })).toBeNull();
      expect((await people().find({ age: { $gte: 30 } })).map((p) => p.name).sort()).toEqual(['bob', 'cy', 'dee']);
      expect((await people().find({ 'team.id': 1 })).map((p) => p.name).sort()).toEqual(['bob', 'dee']);
      expect(await people().count({ $or: [{ name: 'ann' }, { age: 50 }] })).toBe(2);
      expect((await people().find({ name: { $regex: '^d' } })).map((p) => p.name)).toEqual(['dee']);
    });

    it('sorts, skips and limits', async () => {
      const page = await people().find({}, { sort: { age: -1 }, skip: 1, limit: 2 });
      expect(page.map((p) => p.name)).toEqual(['cy', 'bob']);
    });

    it('orders like MongoDB: missing and null first, numbers before strings, ties broken by the next key', async () => {
      const mixed = store.collection<Doc & { n: number; v?: unknown; g: number }>('mixed', [{ fields: { g: 1 } }]);
      const values: unknown[] = ['b', 3, null, 'a', 10, undefined, true];
      for (const [n, v] of values.entries())
        await mixed.put({ _id: `m${n}`, n, g: n % 2, ...(v === undefined ? {} : { v }) });
      const ascending = (await mixed.find({}, { sort: { v: 1, n: 1 } })).map((d) => d.n);
      expect(ascending.slice(0, 2).sort()).toEqual([2, 5]);
      expect(ascending.slice(2)).toEqual([1, 4, 3, 0, 6]);
      expect((await mixed.find({ g: 0 }, { sort: { v: -1, n: -1 }, limit: 2 })).map((d) => d.n)).toEqual([6, 0]);
    });

    it('matches an equality against an array field when the array holds the value', async () => {
      await people().updateOne({ _id: 'p1' }, { $set: { tags: ['lead', 'ops'] } });
      expect((await people().find({ tags: 'ops' })).map((p) => p.name)).toEqual(['bob']);
      expect((await people().find({ tags: 'ops', age: 30 })).map((p) => p.name)).toEqual(['bob']);
      expect(await people().count({ tags: 'ops', age: 40 })).toBe(0);
    });

    it('applies update operators and upserts', async () => {
      expect(await people().updateOne({ _id: 'p0' }, { $set: { age: 21 }, $push: { tags: 'x' } })).toEqual({
        matched: 1,
      });
      expect(await people().findOne({ _id: 'p0' })).toMatchObject({ age: 21, tags: ['x'] });
      expect(await people().updateOne({ _id: 'nobody' }, { $set: { age: 1 } })).toEqual({ matched: 0 });
      await people().updateOne({ _id: 'p9' }, { $set: { name: 'eve', age: 9 } }, { upsert: true });
      expect(await people().findOne({ _id: 'p9' })).toMatchObject({ name: 'eve', age: 9 });
      expect(await people().updateMany({ age: { $lt: 35 } }, { $inc: { age: 1 } })).toEqual({ matched: 3 });
      expect((await people().findOne({ _id: 'p1' }))?.age).toBe(31);
    });

    it('replaces by _id, deletes, and returns copies that callers cannot corrupt', async () => {
      await people().put({ _id: 'p0', name: 'ann', age: 99 });
      const copy = await people().findOne({ _id: 'p0' });
      copy!.age = 1;
      expect((await people().findOne({ _id: 'p0' }))?.age).toBe(99);
      expect(await people().deleteOne({ _id: 'p0' })).toEqual({ deleted: 1 });
      expect(await people().deleteMany({ age: { $gt: 35 } })).toEqual({ deleted: 2 });
      expect(await people().count({})).toBe(1);
    });

    it('views answer what find and findOne answer', async () => {
      expect(await people().viewOne({ name: 'cy' })).toEqual(await people().findOne({ name: 'cy' }));
      expect(await people().viewOne({ _id: 'p9' })).toBeNull();
      const options = { sort: { age: -1 as const }, skip: 1, limit: 2 };
      expect(await people().view({}, options)).toEqual(await people().find({}, options));
      expect(await people().view({ 'team.id': 1 })).toEqual(await people().find({ 'team.id': 1 }));
    });

    it('enforces unique indexes', async () => {
      await expect(people().put({ _id: 'p7', name: 'ann', age: 1 })).rejects.toThrow();
      await people().deleteOne({ _id: 'p0' });
      await people().put({ _id: 'p7', name: 'ann', age: 1 });
      expect((await people().findOne({ name: 'ann' }))?._id).toBe('p7');
    });

    it('answers through a secondary index the same as by scanning, after updates and deletes', async () => {
      const items = store.collection<Doc & { project: number; flow: string; n: number }>('items', [
        { fields: { project: 1, flow: 1 } },
      ]);
      for (let n = 0; n < 30; n++) await items.put({ _id: `i${n}`, project: n % 3, flow: n % 2 ? 'a' : 'b', n });
      await items.updateOne({ _id: 'i0' }, { $set: { project: 1 } });
      await items.updateMany({ project: 2, flow: 'a' }, { $set: { project: 7 } });
      await items.deleteOne({ _id: 'i3' });
      const byProject = async (project: number) => (await items.find({ project }, { sort: { n: 1 } })).map((i) => i.n);
      expect(await byProject(0)).toEqual([6, 9, 12, 15, 18, 21, 24, 27]);
      expect(await byProject(1)).toEqual([0, 1, 4, 7, 10, 13, 16, 19, 22, 25, 28]);
      expect(await byProject(7)).toEqual([5, 11, 17, 23, 29]);
      expect(await items.count({ project: 2 })).toBe(5);
      expect(
        (await items.find({ project: 1, flow: 'b', n: { $gt: 5 } }, { sort: { n: -1 }, limit: 2 })).map((i) => i.n),
      ).toEqual([28, 22]);
    });

    it('answers through an index on a path into an array of documents (multikey) as MongoDB does', async () => {
      type Team = Doc & { n: number; members: { userId: number; role: string }[]; tags: string[] };
      const teams = store.collection<Team>('teams', [{ fields: { 'members.userId': 1 } }, { fields: { tags: 1 } }]);
      for (let n = 0; n < 12; n++) {
        const members = [{ userId: n % 4, role: 'owner' }, ...(n % 3 === 0 ? [{ userId: 9, role: 'member' }] : [])];
        await teams.put({ _id: `t${n}`, n, members, tags: n % 2 ? ['odd'] : ['even', 'x'] });
      }
      const mine = async (userId: number) =>
        (await teams.find({ 'members.userId': userId }, { sort: { n: 1 } })).map((t) => t.n);
      expect(await mine(9)).toEqual([0, 3, 6, 9]);
      expect(await mine(1)).toEqual([1, 5, 9]);
      // a member who leaves is no longer found through the index; one who joins is
      await teams.updateOne({ _id: 't3' }, { $set: { members: [{ userId: 3, role: 'owner' }] } });
      await teams.updateOne(
        { _id: 't4' },
        {
          $set: {
            members: [
              { userId: 0, role: 'owner' },
              { userId: 9, role: 'member' },
            ],
          },
        },
      );
      expect(await mine(9)).toEqual([0, 4, 6, 9]);
      await teams.deleteOne({ _id: 't6' });
      expect(await mine(9)).toEqual([0, 4, 9]);
      expect(await teams.count({ tags: 'x' })).toBe(5);
      expect(await teams.count({ 'members.userId': 9, tags: 'odd' })).toBe(1);
    });

    it('keeps projection checkpoints', async () => {
      expect(await store.checkpoints.load('projection:x')).toBe(0);
      await store.checkpoints.store('projection:x', 12);
      expect(await store.checkpoints.load('projection:x')).toBe(12);
    });
  });
}

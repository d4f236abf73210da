import { Query } from 'mingo';
import { describe, expect, it } from 'vitest';
import { createMemoryReadStore, type IndexSpec } from '../src/index.js';

/**
 * The memory read store answers equalities on plain and dotted paths without mingo (building a Query copies mingo's
 * operator table). Its answers must be mingo's, which are MongoDB's, on every shape a path can meet.
 */
const docs = [
  { _id: 'a', name: 'x', n: 1, on: true, members: [{ userId: 1 }, { userId: 2 }] },
  { _id: 'b', name: 'y', n: 2, on: false, members: [{ userId: 3 }], tags: ['x', 'z'] },
  { _id: 'c', name: 'x', n: 1, members: [], nested: { deep: { v: 1 } }, tags: 'x' },
  { _id: 'd', members: [[{ userId: 1 }]], nested: [{ deep: { v: 2 } }, { deep: [{ v: 1 }] }] },
  { _id: 'e', members: { userId: 1 }, nested: null, n: '1' },
  { _id: 'f', members: [{ userId: [4, 5] }, null, 7], nested: { deep: [1, 2] } },
];

const filters = [
  { name: 'x' },
  { name: 'x', n: 1 },
  { n: 1 },
  { n: '1' },
  { on: false },
  { tags: 'x' },
  { 'members.userId': 1 },
  { 'members.userId': 3 },
  { 'members.userId': 4 },
  { 'members.userId': 7 },
  { 'nested.deep.v': 1 },
  { 'nested.deep.v': 2 },
  { 'nested.deep': 2 },
  { 'missing.path': 1 },
  { 'members.userId': 1, name: 'x' },
];

describe('equalities in the memory read store', () => {
  it('match what mingo matches, on top-level and dotted paths through arrays', async () => {
    const store = createMemoryReadStore();
    // Twice: once unindexed (a scan), once with the paths indexed (buckets, then the same test).
    const indexed: IndexSpec[] = [{ fields: { 'members.userId': 1 } }, { fields: { name: 1, n: 1 } }];
    for (const indexes of [[], indexed]) {
      const collection = store.collection(`c${indexes.length}`, indexes);
      for (const doc of docs) await collection.put(structuredClone(doc));
      for (const filter of filters) {
        const expected = docs.filter((doc) => new Query(filter).test(doc)).map((doc) => doc._id);
        const found = (await collection.find(filter)).map((doc) => doc._id).sort();
        expect({ filter, found }).toEqual({ filter, found: expected });
      }
    }
    await store.close();
  });
});

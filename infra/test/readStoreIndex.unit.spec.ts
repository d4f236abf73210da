import { describe, expect, it } from 'vitest';
import { createMemoryReadStore, type Doc, type Filter, type Sort } from '../src/index.js';

interface Item extends Doc {
  p: number;
  c: number;
  t: number;
  f?: string | number | null;
}

/** Deterministic pseudo-random numbers, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
}

/** MongoDB's answer worked out by hand: filter, sort by the given fields (no ties: `t` is unique), skip, limit. */
function expected(items: Item[], match: (item: Item) => boolean, sort: Sort, skip = 0, limit = 0) {
  const order = (a: Item, b: Item) => {
    for (const [field, direction] of Object.entries(sort)) {
      const x = a[field] as number;
      const y = b[field] as number;
      if (x !== y) return (x < y ? -1 : 1) * direction;
    }
    return 0;
  };
  const sorted = items.filter(match).sort(order).slice(skip);
  return (limit ? sorted.slice(0, limit) : sorted).map((item) => item.t);
}

describe('the in-memory read store’s ordered indexes', () => {
  it('answer pages in index order, reversed, after equalities and with more conditions, as a scan would', async () => {
    const store = createMemoryReadStore();
    const items = store.collection<Item>('items', [{ fields: { p: 1, c: -1, t: -1 } }, { fields: { p: 1, f: 1 } }]);
    const next = random(7);
    const all = new Map<string, Item>();
    for (let t = 0; t < 600; t++) {
      const item = { _id: `i${t}`, p: next(4), c: next(50), t, f: ['a', 'b', 3][next(3)] };
      all.set(item._id, item);
      await items.put(item);
    }
    // updates move documents in the index, deletes take them out
    for (let n = 0; n < 150; n++) {
      const _id = `i${next(600)}`;
      const p = next(4);
      const c = next(50);
      if (n % 5 === 0) {
        await items.deleteOne({ _id });
        all.delete(_id);
      } else if (all.has(_id)) {
        await items.updateOne({ _id }, { $set: { p, c } });
        all.set(_id, { ...all.get(_id)!, p, c });
      }
    }
    const list = [...all.values()];
    const cases: { filter: Filter; match: (i: Item) => boolean; sort: Sort; skip?: number; limit?: number }[] = [
      { filter: { p: 1 }, match: (i) => i.p === 1, sort: { c: -1, t: -1 }, limit: 20 },
      { filter: { p: 2 }, match: (i) => i.p === 2, sort: { c: -1, t: -1 }, skip: 40, limit: 20 },
      { filter: { p: 3 }, match: (i) => i.p === 3, sort: { c: 1, t: 1 }, skip: 5, limit: 7 },
      { filter: { p: 0 }, match: (i) => i.p === 0, sort: { c: 1, t: 1 } },
      { filter: { p: 1, f: 'a' }, match: (i) => i.p === 1 && i.f === 'a', sort: { c: -1, t: -1 }, limit: 10 },
      {
        filter: { p: 2, c: { $gte: 20 } },
        match: (i) => i.p === 2 && i.c >= 20,
        sort: { c: 1, t: 1 },
        skip: 3,
        limit: 10,
      },
      { filter: { p: 9 }, match: () => false, sort: { c: -1, t: -1 }, limit: 20 },
    ];
    for (const { filter, match, sort, skip, limit } of cases) {
      const page = await items.find(filter, { sort, skip, limit });
      expect(page.map((i) => i.t)).toEqual(expected(list, match, sort, skip, limit));
      expect(await items.count(filter)).toBe(list.filter(match).length);
    }
    // a sort on the index's first field alone, over the whole collection
    const byP = await items.find({}, { sort: { p: -1 }, limit: 30 });
    expect(byP.map((i) => i.p)).toEqual(
      list
        .map((i) => i.p)
        .sort((a, b) => b - a)
        .slice(0, 30),
    );
  });

  it('read about a page of documents for a page, and count without reading them', async () => {
    const store = createMemoryReadStore();
    const tasks = store.collection<Item>('tasks', [{ fields: { p: 1, c: -1, t: -1 } }]);
    for (let t = 0; t < 10_000; t++) await tasks.put({ _id: String(t), p: 1, c: 1_000 + t, t });
    for (let t = 10_000; t < 10_500; t++) await tasks.put({ _id: String(t), p: 2, c: 1_000 + t, t });
    const before = store.docsExamined();
    const page = await tasks.find({ p: 1 }, { sort: { c: -1, t: -1 }, skip: 20, limit: 20 });
    expect(page.map((t) => t.t)).toEqual(Array.from({ length: 20 }, (_, i) => 9_979 - i));
    expect(await tasks.count({ p: 1 })).toBe(10_000);
    expect(store.docsExamined() - before).toBeLessThanOrEqual(40);
    // a change the index does not order by keeps the document's place and shows in the next page
    await tasks.updateOne({ _id: '9999' }, { $set: { f: 'moved' } });
    expect((await tasks.find({ p: 1 }, { sort: { c: -1, t: -1 }, limit: 1 }))[0]).toMatchObject({
      t: 9_999,
      f: 'moved',
    });
    // without an index in that order, the same page is a scan of the project (the measure itself works)
    const scanned = store.docsExamined();
    await tasks.find({ p: 1 }, { sort: { t: -1 }, skip: 20, limit: 20 });
    expect(store.docsExamined() - scanned).toBeGreaterThanOrEqual(10_000);
  });

  it('keep MongoDB’s order of missing, null, numbers and strings, and leave documents with arrays to the scan', async () => {
    const store = createMemoryReadStore();
    const mixed = store.collection<Item>('mixed', [{ fields: { p: 1, f: 1 } }]);
    const values = ['b', 3, null, 'a', 10, undefined, 1];
    for (const [t, f] of values.entries())
      await mixed.put({ _id: `m${t}`, p: 1, c: 0, t, ...(f === undefined ? {} : { f }) });
    const ascending = (await mixed.find({ p: 1 }, { sort: { f: 1 } })).map((d) => d.f ?? null);
    expect(ascending).toEqual([null, null, 1, 3, 10, 'a', 'b']);
    const descending = (await mixed.find({ p: 1 }, { sort: { f: -1 }, limit: 3 })).map((d) => d.f);
    expect(descending).toEqual(['b', 'a', 10]);
    // an array is outside the index's order: the index steps aside and the scan answers as before
    await mixed.put({ _id: 'arr', p: 1, c: 0, t: 99, f: [2, 'z'] as unknown as number });
    expect((await mixed.find({ p: 1 }, { sort: { f: -1 }, limit: 2 })).map((d) => d._id)).toHaveLength(2);
    expect(await mixed.count({ p: 1, f: 3 })).toBe(1);
    await mixed.deleteOne({ _id: 'arr' });
    const again = (await mixed.find({ p: 1 }, { sort: { f: -1 }, limit: 3 })).map((d) => d.f);
    expect(again).toEqual(['b', 'a', 10]);
  });

  it('copy nested objects and arrays on the way in and out, so neither side can change what the other holds', async () => {
    const store = createMemoryReadStore();
    const docs = store.collection<Item & { members: { userId: number; tags: string[] }[]; at: Date }>('nested', [
      { fields: { p: 1, c: -1, t: -1 } },
    ]);
    const doc = { _id: 'n1', p: 1, c: 1, t: 1, members: [{ userId: 7, tags: ['a'] }], at: new Date(5) };
    await docs.put(doc);
    doc.members[0]!.tags.push('changed by the writer');
    doc.members.push({ userId: 8, tags: [] });
    const read = (await docs.find({ p: 1 }, { sort: { c: -1, t: -1 } }))[0]!;
    expect(read.members).toEqual([{ userId: 7, tags: ['a'] }]);
    expect(read.at).toEqual(new Date(5));
    read.members[0]!.userId = 9;
    read.at.setTime(0);
    const again = await docs.findOne({ _id: 'n1' });
    expect(again?.members[0]).toEqual({ userId: 7, tags: ['a'] });
    expect(again?.at.getTime()).toBe(5);
  });
});

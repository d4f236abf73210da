import { describe, expect, it } from 'vitest';
import { mergeThreeWay } from '../src/knowledge/editor/merge3';

describe('three-way merge of JSON documents', () => {
  const base = {
    name: '创建订单',
    status: 'designing',
    tags: ['订单'],
    description: '',
    requestBody: { type: 'json', schema: { type: 'object', properties: { id: { type: 'integer' } } } },
  };

  it('takes what only one side changed, to any depth, and keeps both sides’ edits', () => {
    const mine = { ...base, description: '库存不足时返回 409。' };
    const theirs = {
      ...base,
      status: 'developing',
      requestBody: {
        type: 'json',
        schema: { type: 'object', properties: { id: { type: 'integer' }, sku: { type: 'string' } } },
      },
    };
    expect(mergeThreeWay(base, mine, theirs)).toEqual({
      merged: { ...theirs, description: '库存不足时返回 409。' },
      conflicts: [],
    });
  });

  it('keeps mine where both changed the same value, and names the place', () => {
    const mine = { ...base, tags: ['订单', '我的'], requestBody: { ...base.requestBody, type: 'xml' } };
    const theirs = { ...base, tags: ['订单', 'v2'], requestBody: { ...base.requestBody, type: 'raw' } };
    expect(mergeThreeWay(base, mine, theirs)).toEqual({
      merged: mine,
      conflicts: ['tags', 'requestBody.type'],
    });
  });

  it('follows deletions and additions of keys by either side', () => {
    const b: Record<string, number> = { a: 1, b: 2, c: 3 };
    const mine = { a: 1, c: 3, d: 4 };
    const theirs = { a: 1, b: 2, e: 5 };
    expect(mergeThreeWay(b, mine, theirs)).toEqual({ merged: { a: 1, d: 4, e: 5 }, conflicts: [] });
  });
});

import { describe, expect, it } from 'vitest';
import { chunk } from '../src/retrieval/chunks.js';
import { tokenize } from '../src/retrieval/tokenize.js';

describe('segmentation for the assistant index (ADR 14)', () => {
  it('segments Chinese into words and the shorter words in them, without question words or punctuation', () => {
    expect(tokenize('怎么调用「创建订单」接口？')).toEqual(['调用', '创建', '订单', '接口']);
    expect(tokenize('中华人民共和国')).toEqual(expect.arrayContaining(['中华人民共和国', '共和国', '人民']));
    expect(tokenize('请问我们的下单流程是什么？')).toEqual(['下单', '流程']);
  });

  it('lower-cases Latin and splits identifiers so that createOrder is found by "create order"', () => {
    expect(tokenize('createOrder')).toEqual(['createorder', 'create', 'order']);
    expect(tokenize('user_name')).toEqual(expect.arrayContaining(['user', 'name']));
    expect(tokenize('getHTTPResponse2')).toEqual(['gethttpresponse2', 'get', 'http', 'response', '2']);
    const question = new Set(tokenize('how do I create an order'));
    expect(tokenize('createOrder').filter((word) => question.has(word))).toEqual(['create', 'order']);
  });

  it('reads mixed Chinese and English, paths and parameters', () => {
    expect(tokenize('调用createOrder接口时orderId必填吗')).toEqual([
      '调用',
      'createorder',
      'create',
      'order',
      '接口',
      '时',
      'orderid',
      'order',
      'id',
      '必填',
    ]);
    expect(tokenize('POST /v1/orders/{orderId}')).toEqual(['post', 'v1', 'v', '1', 'orders', 'orderid', 'order', 'id']);
    expect(tokenize('  。，！？…… ')).toEqual([]);
  });
});

describe('passages of a long source', () => {
  it('keeps a short text whole and cuts a long one between lines, every passage within the limit', () => {
    expect(chunk('一行\n两行', 100)).toEqual(['一行\n两行']);
    const lines = Array.from({ length: 30 }, (_, i) => `第${i}行：${'字'.repeat(20)}`);
    const passages = chunk(lines.join('\n'), 100);
    expect(passages.length).toBeGreaterThan(5);
    for (const passage of passages) expect(passage.length).toBeLessThanOrEqual(100);
    // Nothing lost, nothing repeated: the lines come back in order.
    expect(passages.join('\n')).toBe(lines.join('\n'));
  });

  it('cuts a long line between sentences, and a sentence longer than a passage where it must', () => {
    const sentences = Array.from({ length: 10 }, (_, i) => `这是第${i}句话，讲下单以后库存怎么锁定。`);
    const passages = chunk(sentences.join(''), 60);
    for (const passage of passages) {
      expect(passage.length).toBeLessThanOrEqual(60);
      expect(passage.endsWith('。')).toBe(true);
    }
    expect(passages.join('')).toBe(sentences.join(''));
    const long = '长'.repeat(250);
    expect(chunk(long, 100).map((p) => p.length)).toEqual([100, 100, 50]);
    expect(chunk('\n\n  \n', 100)).toEqual([]);
  });
});

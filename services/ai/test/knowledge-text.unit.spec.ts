import { describe, expect, it } from 'vitest';
import { docText, fieldText, plainText } from '../src/projections/knowledge/text.js';

describe("a document's searchable text", () => {
  it('of an api: request line, description, parameters, body fields and schema, responses; no examples', () => {
    const text = docText('api', {
      method: 'POST',
      path: '/orders',
      description: '创建一个新订单并锁定库存',
      operationId: 'createOrder',
      parameters: [{ in: 'header', name: 'X-Token', required: true, description: '登录令牌', schema: {} }],
      requestBody: {
        type: 'json',
        mediaType: 'application/json',
        description: '订单内容',
        schema: {
          type: 'object',
          properties: {
            skuId: { type: 'integer', description: '商品编号' },
            address: { type: 'object', properties: { city: { type: 'string', description: '城市' } } },
            lines: { type: 'array', items: { type: 'object', properties: { qty: { title: '数量' } } } },
          },
        },
        fields: [],
      },
      responses: [
        {
          status: '200',
          name: '成功',
          description: '返回订单',
          mediaType: 'application/json',
          schema: { properties: { orderId: { description: '订单号' } } },
          headers: [{ name: 'X-Trace', description: '追踪号' }],
        },
      ],
      // Not text: examples and extras are left out.
      ...({ extra: { secret: 'x-extra' } } as object),
    });
    expect(text.split('\n')).toEqual([
      'POST /orders',
      'operationId：createOrder',
      '创建一个新订单并锁定库存',
      '参数：',
      '- X-Token（header，必填）：登录令牌',
      '请求体（json）：订单内容',
      '- skuId：商品编号',
      '- address',
      '- address.city：城市',
      '- lines',
      '- lines.qty：数量',
      '响应 200 成功：返回订单',
      '- 响应头 X-Trace：追踪号',
      '- orderId：订单号',
    ]);
    expect(text).not.toContain('x-extra');
  });

  it('of a page (its markdown) and of a schema (description and properties)', () => {
    expect(docText('page', { markdown: '# 下单流程\n先选商品' })).toBe('# 下单流程\n先选商品');
    expect(
      docText('schema', { description: '订单', schema: { properties: { orderId: { description: '订单号' } } } }),
    ).toBe('订单\n字段：\n- orderId：订单号');
    expect(docText('api', undefined)).toBe('');
  });

  it('stops walking a schema that nests or refers too deep', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 50; i++) schema = { properties: { [`p${i}`]: schema } };
    expect(docText('schema', { schema: schema as never }).split('\n').length).toBeLessThan(20);
  });

  it('of a field standard and of a task description (rich text to plain)', () => {
    expect(
      fieldText({
        name: 'orderId',
        aliases: ['order_id'],
        type: 'string',
        format: 'uuid',
        description: '订单的唯一编号',
        example: 'o-1',
        enum: [],
        mockRule: '',
      }),
    ).toBe('字段 orderId（string，uuid）\n说明：订单的唯一编号\n别名：order_id\n示例："o-1"');
    expect(plainText('<p>第一段 &amp; <b>重点</b></p><ul><li>甲</li><li>乙</li></ul><p>&#x4e2d;&lt;</p>')).toBe(
      '第一段 & 重点\n- 甲\n- 乙\n中<',
    );
  });
});

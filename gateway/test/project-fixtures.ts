/** Documents the knowledge tests save. */

export const orderSchema = {
  type: 'object',
  required: ['amount'],
  properties: {
    amount: { type: 'number', description: '金额（元）', minimum: 0 },
    items: {
      type: 'array',
      items: { type: 'object', required: ['sku'], properties: { sku: { type: 'string', description: '商品编码' } } },
    },
  },
};
/** An API document with nested JSON Schema request and response bodies (every ApiDoc field, as the editor sends). */
export const apiDoc = {
  method: 'POST',
  path: '/orders/{orderId}/pay',
  status: 'developing',
  tags: ['订单'],
  ownerId: 0,
  description: '支付一笔**订单**',
  operationId: 'payOrder',
  deprecated: false,
  parameters: [
    {
      in: 'path',
      name: 'orderId',
      required: true,
      description: '订单号',
      schema: { type: 'integer', format: 'int64' },
      example: 1001,
      deprecated: false,
      extra: {},
    },
  ],
  requestBody: {
    type: 'json',
    mediaType: 'application/json',
    required: true,
    description: '',
    schema: orderSchema,
    fields: [],
    raw: '',
    examples: [{ name: '一件商品', summary: '', value: { amount: 12.5, items: [{ sku: 'A1' }] } }],
    extra: {},
  },
  responses: [
    {
      status: '200',
      name: '成功',
      description: '',
      mediaType: 'application/json',
      schema: { type: 'object', properties: { code: { type: 'integer' }, data: orderSchema } },
      headers: [],
      examples: [],
      extra: {},
    },
  ],
  extra: { 'x-team': 'pay' },
};

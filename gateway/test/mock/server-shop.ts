import type { MockIndex } from '@pmbok/project-service/mock-index';
import { jsonResponse, mockApi } from './server-fake.js';

/** The indexes server.int.spec.ts serves: a shop behind a token (every kind of route), a public one, an empty one. */

export const TOKEN = 'secret-token-of-thirty-two-chars';
export const petSchema = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer', minimum: 1 }, name: { type: 'string' } },
};
const orderSchema = {
  type: 'object',
  required: ['amount'],
  properties: {
    amount: { type: 'number', minimum: 0 },
    items: { type: 'array', items: { type: 'object', required: ['sku'], properties: { sku: { type: 'string' } } } },
  },
};
const respond = (status: number, body: unknown, delayMs = 0) => ({
  status,
  headers: [{ name: 'X-From', value: 'expectation' }],
  bodyType: 'example' as const,
  body: body as never,
  text: '',
  delayMs,
});

export const shop: MockIndex = {
  projectId: 1,
  revision: 'r1',
  access: 'token',
  token: TOKEN,
  validateRequests: true,
  models: { Pet: petSchema as never },
  fields: [],
  apis: [
    mockApi('GET', '/pets', {
      responses: [
        {
          ...jsonResponse('200', { type: 'array', items: { $ref: '#/components/schemas/Pet' } }, [
            {
              name: 'two',
              value: [
                { id: 1, name: '旺财' },
                { id: 2, name: '咪咪' },
              ],
            },
            { name: 'empty', value: [] },
          ]),
          headers: [{ name: 'X-Total', required: false, schema: { type: 'integer', example: 2 } }],
        },
        jsonResponse('404', null, [{ name: 'missing', value: { code: 404, msg: '没有宠物' } }]),
      ],
    }),
    mockApi('GET', '/pets/{petId}', {
      parameters: [{ in: 'path', name: 'petId', required: true, schema: { type: 'integer' }, example: 1 }],
      responses: [jsonResponse('200', { $ref: '#/components/schemas/Pet' })],
    }),
    mockApi('GET', '/pets/{petId}/card', {
      parameters: [
        { in: 'path', name: 'petId', required: true, schema: { type: 'integer', minimum: 1 }, example: 1 },
        { in: 'query', name: 'lang', required: false, schema: { type: 'string', enum: ['zh', 'en'] }, example: 'zh' },
      ],
      responses: [jsonResponse('200', null, [{ name: 'card', value: { card: '宠物卡' } }])],
    }),
    mockApi('POST', '/orders', {
      requestBody: {
        type: 'json',
        mediaType: 'application/json',
        required: true,
        schema: orderSchema as never,
        fields: [],
      },
      responses: [jsonResponse('201', null, [{ name: 'ok', value: { ok: true } }])],
      expectations: [
        { id: 'e0', name: '停用', enabled: false, conditions: [], response: respond(500, { off: true }) },
        {
          id: 'e1',
          name: '大额',
          enabled: true,
          conditions: [{ source: 'body', name: 'amount', operator: 'greaterThan', value: '1000' }],
          response: respond(402, { msg: '余额不足' }),
        },
        {
          id: 'e2',
          name: 'A 开头',
          enabled: true,
          conditions: [{ source: 'body', name: 'items.0.sku', operator: 'matches', value: '^A\\d+$' }],
          response: respond(200, { sku: 'A' }),
        },
        {
          id: 'e3',
          name: 'B- 开头',
          enabled: true,
          conditions: [{ source: 'body', name: 'items.0.sku', operator: 'matches', value: '^B\\-\\d+$' }],
          response: respond(200, { sku: 'B' }),
        },
      ],
    }),
    mockApi('GET', '/list', {
      responses: [jsonResponse('200', null, [{ name: 't', value: { 'list|3': [{ 'id|+1': 1, name: '@cname' }] } }])],
    }),
    mockApi('GET', '/huge', {
      responses: [jsonResponse('200', { type: 'array', minItems: 1_000_000, items: { type: 'integer' } })],
    }),
    mockApi('GET', '/search', {
      parameters: [
        { in: 'query', name: 'q', required: true, schema: { type: 'string', pattern: '^(a+)+$' }, example: 'a' },
        { in: 'header', name: 'X-Page', required: false, schema: { type: 'integer', maximum: 50 }, example: 1 },
      ],
      responses: [jsonResponse('200', null, [{ name: 'ok', value: { found: 0 } }])],
    }),
    mockApi('GET', '/bigtemplate', {
      responses: [jsonResponse('200', null, [{ name: 'big', value: { 'text|100000000': 'x' } }])],
    }),
    mockApi('POST', '/form', {
      requestBody: {
        type: 'x-www-form-urlencoded',
        mediaType: 'application/x-www-form-urlencoded',
        required: true,
        schema: null,
        fields: [{ name: 'age', type: 'integer', required: true, schema: { type: 'integer', minimum: 0 } }],
      },
      responses: [jsonResponse('200', null, [{ name: 'ok', value: { saved: true } }])],
    }),
    mockApi('GET', '/page', {
      responses: [jsonResponse('200', null, [{ name: 'ok', value: 1 }])],
      expectations: [
        {
          id: 'h',
          name: '页面',
          enabled: true,
          conditions: [],
          response: {
            ...respond(200, null),
            bodyType: 'text',
            text: '<script>parent.localStorage</script>',
            headers: [
              { name: 'Content-Type', value: 'text/html' },
              { name: 'Set-Cookie', value: 'token=stolen' },
              { name: 'Content-Security-Policy', value: "script-src 'unsafe-inline'" },
              { name: 'X-Owner', value: '张三\r\nX-Injected: 1' },
              { name: 'Bad Name', value: 'x' },
            ],
          },
        },
      ],
    }),
    mockApi('GET', '/slow', {
      responses: [jsonResponse('200', null, [{ name: 'ok', value: 1 }])],
      expectations: [
        { id: 's', name: '慢', enabled: true, conditions: [], response: respond(200, { slow: true }, 1_000) },
      ],
    }),
  ],
};

export const open: MockIndex = {
  ...shop,
  projectId: 2,
  access: 'public',
  token: '',
  apis: [
    mockApi('GET', '/hello', { responses: [jsonResponse('200', null, [{ name: 'hi', value: { hello: '世界' } }])] }),
  ],
};
export const empty: MockIndex = { ...shop, projectId: 3, apis: [] };

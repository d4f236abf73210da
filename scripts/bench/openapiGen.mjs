// A generated OpenAPI 3.1 document of `operations` operations over `operations / 4` paths, with shared models,
// path and query parameters, JSON bodies and two responses each: the "large document" of the publishing benchmark.
export function generateOpenApi(operations) {
  const methods = ['get', 'post', 'put', 'delete'];
  const paths = {};
  const schemas = {};
  const models = Math.max(1, Math.ceil(operations / 20));
  for (let m = 0; m < models; m++) {
    schemas[`Model${m}`] = {
      type: 'object',
      required: ['id', 'name'],
      properties: {
        id: { type: 'integer', format: 'int64', description: '编号' },
        name: { type: 'string', maxLength: 50, description: '名称' },
        status: { type: 'string', enum: ['active', 'archived'] },
        tags: { type: 'array', items: { type: 'string' } },
      },
    };
  }
  for (let i = 0; i < operations; i++) {
    const path = `/v1/group${Math.floor(i / 100)}/resource${Math.floor(i / 4)}/{id}`;
    const method = methods[i % 4];
    const model = { $ref: `#/components/schemas/Model${i % models}` };
    paths[path] ??= {};
    paths[path][method] = {
      tags: [`分组 ${Math.floor(i / 100)}`],
      summary: `操作 ${i}`,
      description: `第 ${i} 个操作的说明。`,
      operationId: `op${i}`,
      parameters: [
        { in: 'path', name: 'id', required: true, description: '资源编号', schema: { type: 'integer' } },
        { in: 'query', name: 'fields', required: false, schema: { type: 'string' } },
      ],
      ...(method === 'post' || method === 'put'
        ? { requestBody: { required: true, content: { 'application/json': { schema: model } } } }
        : {}),
      responses: {
        200: { description: '成功', content: { 'application/json': { schema: model } } },
        404: { description: '不存在' },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: `生成的 ${operations} 个操作`, version: '1.0.0' },
    servers: [{ url: 'https://api.example.com' }],
    paths,
    components: { schemas },
  };
}

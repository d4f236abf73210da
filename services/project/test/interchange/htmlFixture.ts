import type { ExportSource } from '../../src/interchange/model.js';

/** A project whose every text tries to run something or load something from elsewhere. */
export const hostileSource: ExportSource = {
  project: {
    name: '<img src=x onerror=alert(1)>项目',
    description: '<script>alert("d")</script> [点我](javascript:alert(2))',
    servers: [{ name: '<b>s</b>', url: 'https://api.example.com' }],
  },
  nodes: [
    { nodeId: 1, parentId: 0, kind: 'folder', name: '<svg onload=alert(3)>', sort: 0 },
    {
      nodeId: 2,
      parentId: 1,
      kind: 'page',
      name: '说明"><script>alert(4)</script>',
      sort: 0,
      content: {
        markdown: [
          '<script>alert(5)</script>',
          '',
          '<iframe src="https://evil.example/"></iframe>',
          '',
          '[链接](java\tscript:alert(6)) [好链接](https://example.com/doc) ![远程图](https://evil.example/x.png)',
          '',
          'inline <img src=x onerror=alert(7)> html',
        ].join('\n'),
      },
    },
    {
      nodeId: 3,
      parentId: 1,
      kind: 'api',
      name: '接口',
      sort: 1,
      content: {
        method: 'POST',
        path: '/a/{id}',
        status: 'designing',
        description: '<style>body{display:none}</style>',
        parameters: [
          {
            in: 'path',
            name: 'id',
            required: true,
            description: '<img src=x onerror=alert(8)>',
            schema: { type: 'string' },
          },
        ],
        requestBody: {
          type: 'json',
          mediaType: 'application/json',
          examples: [{ name: 'e', value: '</code></pre><script>alert(9)</script>' }],
        },
        responses: [],
      },
    },
  ],
};

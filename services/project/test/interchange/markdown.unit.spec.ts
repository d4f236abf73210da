import { Lexer } from 'marked';
import { describe, expect, it } from 'vitest';
import { exportProject } from '../../src/interchange/export/index.js';
import type { ExportSource } from '../../src/interchange/model.js';
import { corpusExists } from './collectionsCorpus.js';
import { corpusSource, importableFiles } from './collectionsExportCorpus.js';

describe.skipIf(!corpusExists)('Markdown export of every corpus file', () => {
  it.each(importableFiles)(
    '%s: every node under its anchor, every contents link resolving, every api with its method and path',
    async (file) => {
      const source = await corpusSource(file);
      const { text, fileName, mediaType } = exportProject(source, 'markdown');
      expect(fileName).toMatch(/\.md$/);
      expect(mediaType).toContain('text/markdown');
      const anchors = new Set([...text.matchAll(/<a id="(node-\d+)"><\/a>/g)].map((m) => m[1]));
      for (const node of source.nodes) expect(anchors.has(`node-${node.nodeId}`)).toBe(true);
      for (const [, target] of text.matchAll(/\]\(#(node-\d+)\)/g)) expect(anchors.has(target)).toBe(true);
      for (const node of source.nodes.filter((n) => n.kind === 'api')) {
        expect(text).toContain(`**${node.content?.method}** \`${node.content?.path}\``);
      }
      // Headings: the project, the contents, and one per node at least (servers add one).
      const headings = new Lexer().lex(text).filter((token) => token.type === 'heading');
      expect(headings.length).toBeGreaterThanOrEqual(source.nodes.length + 2);
    },
  );
});

describe('Markdown export: what a reader sees', () => {
  const source: ExportSource = {
    project: {
      name: '商城 | 后台',
      description: '内部接口',
      servers: [{ name: '生产', url: 'https://api.example.com' }],
    },
    nodes: [
      { nodeId: 1, parentId: 0, kind: 'folder', name: '订单', sort: 0 },
      {
        nodeId: 2,
        parentId: 1,
        kind: 'api',
        name: '查询订单',
        sort: 0,
        content: {
          method: 'GET',
          path: '/orders/{id}',
          status: 'released',
          parameters: [
            {
              in: 'query',
              name: 'q',
              description: '甲|乙\n丙',
              required: true,
              schema: { type: 'string' },
              example: 'a|b',
            },
          ],
          requestBody: { type: 'none' },
          responses: [
            {
              status: '200',
              name: '成功',
              mediaType: 'application/json',
              schema: {
                type: 'object',
                properties: { tags: { type: 'array', items: { $ref: '#/components/schemas/Tag' } } },
                required: ['tags'],
              },
              examples: [{ name: 'ok', value: { note: 'has ``` inside' } }],
            },
          ],
        },
      },
      {
        nodeId: 3,
        parentId: 1,
        kind: 'page',
        name: '说明',
        sort: 1,
        content: { markdown: '# 总则\n\n```sh\n# not a heading\n```\n\n## 细则' },
      },
      {
        nodeId: 4,
        parentId: 0,
        kind: 'schema',
        name: 'Tag',
        sort: 1,
        content: { schema: { type: 'object', properties: { name: { type: 'string', enum: ['a', 'b'] } } } },
      },
    ],
  };
  const { text } = exportProject(source, 'markdown');

  it('keeps table rows whole: pipes escaped, lines joined', () => {
    expect(text).toContain('| q | 查询 | string | 是 | 甲\\|乙 丙 | a\\|b |');
  });

  it('links models, writes arrays as Tag[], shows the status in Chinese', () => {
    expect(text).toContain('| tags | [Tag](#node-4)[] | 是 |  |');
    expect(text).toContain('**GET** `/orders/{id}` · 状态：已发布');
    expect(text).toContain('| name | string | 否 | 可选值："a"、"b" |');
  });

  it('moves a page’s headings below its own and leaves code alone', () => {
    expect(text).toContain('#### 总则');
    expect(text).toContain('##### 细则');
    expect(text).toContain('```sh\n# not a heading\n```');
  });

  it('fences an example longer than any backtick run in it', () => {
    expect(text).toContain('````json\n{\n  "note": "has ``` inside"\n}\n````');
  });

  it('lists the fields of an allOf’s inline parts and links its models', () => {
    const { text: allOf } = exportProject(
      {
        project: { name: 'p', description: '', servers: [] },
        nodes: [
          { nodeId: 1, parentId: 0, kind: 'schema', name: 'Tag', sort: 0, content: { schema: { type: 'object' } } },
          {
            nodeId: 2,
            parentId: 0,
            kind: 'schema',
            name: 'Labelled',
            sort: 1,
            content: {
              schema: {
                allOf: [
                  { $ref: '#/components/schemas/Tag' },
                  { type: 'object', properties: { label: { type: 'string' } } },
                ],
              },
            },
          },
        ],
      },
      'markdown',
    );
    expect(allOf).toContain('| label | string | 否 |  |');
  });

  it('escapes the project name in the title and lists the servers', () => {
    expect(text.startsWith('# 商城 | 后台\n')).toBe(true);
    expect(text).toContain('| 生产 | https://api.example.com |');
  });
});

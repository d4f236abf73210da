import { getContrastRatio } from '@mui/material/styles';
import type { ApiDoc, StructureNode } from '@pmbok/api-types';
import { describe, expect, it } from 'vitest';
import { exampleOf, schemaRows } from '../src/knowledge/workspace/schemaModel';
import { renderSnippet, SNIPPET_LANGUAGES, snippetRequest } from '../src/knowledge/workspace/snippets';
import { dropPlaces, isWithin, methodColor, nestNodes } from '../src/knowledge/workspace/treeModel';
import { readableShade } from '../src/utils/contrast';

const node = (id: number, parentId: number, kind: StructureNode['kind'], sort = id): StructureNode => ({
  projectStructureId: id,
  parentId,
  kind,
  name: `n${id}`,
  sort,
  projectDocId: kind === 'folder' ? 0 : id,
  method: kind === 'api' ? 'GET' : '',
  path: '',
  status: '',
  isTemplate: false,
  updatedAt: 0,
});

// root: folder 1 (folder 2 (api 3), page 4), api 5
const tree = [node(1, 0, 'folder'), node(2, 1, 'folder'), node(3, 2, 'api'), node(4, 1, 'page'), node(5, 0, 'api')];

describe('the document tree model', () => {
  it('nests the flat list by parent and sort; folders always have children, documents none', () => {
    const roots = nestNodes([...tree].reverse());
    expect(roots.map((r) => r.id)).toEqual(['1', '5']);
    expect(roots[0]?.children?.map((c) => c.id)).toEqual(['2', '4']);
    expect(roots[0]?.children?.[0]?.children?.map((c) => c.id)).toEqual(['3']);
    expect(roots[1]?.children).toBeUndefined();
  });

  it('keeps a node whose parent is missing at the root', () => {
    expect(nestNodes([node(7, 99, 'page')]).map((r) => r.id)).toEqual(['7']);
  });

  it('nests 5,000 nodes in 200 folders', () => {
    const many = [
      ...Array.from({ length: 200 }, (_, i) => node(i + 1, 0, 'folder')),
      ...Array.from({ length: 4800 }, (_, i) => node(1000 + i, (i % 200) + 1, 'api')),
    ];
    const roots = nestNodes(many);
    expect(roots).toHaveLength(200);
    expect(roots.reduce((sum, r) => sum + (r.children?.length ?? 0), 0)).toBe(4800);
  });

  it('knows what lies under a folder', () => {
    expect(isWithin(tree, 3, 1)).toBe(true);
    expect(isWithin(tree, 2, 2)).toBe(true);
    expect(isWithin(tree, 5, 1)).toBe(false);
  });

  it('orders the new parent’s children around the drop, the dragged node at the index', () => {
    // page 4 dropped first into folder 2 (before api 3)
    expect(dropPlaces(tree, [4], 2, 0)).toEqual([
      { projectStructureId: 4, parentId: 2, sort: 0 },
      { projectStructureId: 3, parentId: 2, sort: 1 },
    ]);
    // within one parent: api 5 moved before folder 1 at the root
    expect(dropPlaces(tree, [5], 0, 0)?.map((p) => p.projectStructureId)).toEqual([5, 1]);
    // folder 1's page moved after its own sibling (index counts the dragged one)
    expect(dropPlaces(tree, [2], 1, 2)?.map((p) => p.projectStructureId)).toEqual([4, 2]);
  });

  it('refuses a folder dropped into itself or its own child, and a drop into a document', () => {
    expect(dropPlaces(tree, [1], 2, 0)).toBeNull();
    expect(dropPlaces(tree, [1], 1, 0)).toBeNull();
    expect(dropPlaces(tree, [4], 3, 0)).toBeNull();
  });

  it('colours methods like Apifox, in shades that read as text (ADR 16)', () => {
    expect(methodColor('get')).not.toBe(methodColor('POST'));
    expect(methodColor('DELETE')).toBe(readableShade('#f04438'));
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'other'])
      expect(getContrastRatio(methodColor(method), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});

const schema = {
  type: 'object',
  required: ['user'],
  properties: {
    user: {
      type: 'object',
      description: '用户',
      required: ['id'],
      properties: {
        id: { type: 'integer', example: 7 },
        role: { type: 'string', enum: ['admin', 'member'] },
        tags: { type: 'array', items: { type: 'object', properties: { label: { type: 'string' } } } },
      },
    },
  },
};

describe('schema tables and examples', () => {
  it('lists nested properties indented, with type, required, description and enum', () => {
    const rows = schemaRows(schema);
    expect(rows.map((r) => [r.key, r.depth, r.type, r.required])).toEqual([
      ['user', 0, 'object', true],
      ['user.id', 1, 'integer', true],
      ['user.role', 1, 'string', false],
      ['user.tags', 1, 'object[]', false],
      ['user.tags.label', 2, 'string', false],
    ]);
    expect(rows[0]?.description).toBe('用户');
    expect(rows[2]?.enumValues).toEqual(['admin', 'member']);
  });

  it('makes an example from the schema', () => {
    expect(exampleOf(schema)).toEqual({ user: { id: 7, role: 'admin', tags: [{ label: 'string' }] } });
  });
});

const api: ApiDoc = {
  method: 'POST',
  path: '/users/{id}',
  status: 'released',
  tags: [],
  ownerId: 0,
  description: '',
  operationId: '',
  deprecated: false,
  parameters: [
    {
      in: 'path',
      name: 'id',
      required: true,
      description: '',
      schema: { type: 'integer' },
      example: 42,
      deprecated: false,
      extra: {},
    },
    {
      in: 'query',
      name: 'q',
      required: false,
      description: '',
      schema: { type: 'string' },
      example: 'a b',
      deprecated: false,
      extra: {},
    },
    {
      in: 'header',
      name: 'X-Trace',
      required: false,
      description: '',
      schema: {},
      example: "it's",
      deprecated: false,
      extra: {},
    },
  ],
  requestBody: {
    type: 'json',
    mediaType: 'application/json',
    required: true,
    description: '',
    schema,
    fields: [],
    raw: '',
    examples: [],
    extra: {},
  },
  responses: [],
  extra: {},
};

describe('request snippets', () => {
  const request = snippetRequest(api, {
    baseUrl: 'https://api.example.com/',
    headers: [{ name: 'Authorization', value: 'Bearer t', description: '' }],
  });

  it('fills the path from examples, joins the environment base URL and sends JSON made from the schema', () => {
    expect(request.url).toBe('https://api.example.com/users/42?q=a%20b');
    expect(request.headers).toContainEqual(['Content-Type', 'application/json']);
    expect(request.headers).toContainEqual(['Authorization', 'Bearer t']);
    expect(JSON.parse(request.body ?? '')).toEqual(exampleOf(schema));
  });

  it('writes cURL with the method, the headers (quotes escaped) and the body', () => {
    const curl = renderSnippet('curl', request);
    expect(curl).toContain("--request POST 'https://api.example.com/users/42?q=a%20b'");
    expect(curl).toContain(`--header 'X-Trace: it'\\''s'`);
    expect(curl).toContain('--data-raw');
  });

  it.each(SNIPPET_LANGUAGES.map((l) => [l.id]))('renders %s with the URL and method', (language) => {
    const code = renderSnippet(language, request);
    expect(code).toContain('https://api.example.com/users/42');
    expect(code.toUpperCase()).toContain('POST');
  });
});

import { describe, expect, it } from 'vitest';
import { checkContent } from '../../src/domain/doc/content.js';
import { parseImport } from '../../src/interchange/import/index.js';
import { corpusExists, corpusFiles, readCorpus, readCorpusJson } from './collectionsCorpus.js';

type Entry = { request: { method: string; url: string } };
/** Distinct method + path pairs of a capture, as the importer should count them. */
const distinctCalls = (json: unknown) =>
  new Set(
    (json as { log: { entries: Entry[] } }).log.entries.map(
      ({ request }) => `${request.method} ${new URL(request.url).pathname}`,
    ),
  ).size;

const captures = corpusFiles('har', /\.har$/);

describe.skipIf(!corpusExists)('HAR import: every capture of the corpus', () => {
  it('finds the corpus captures', () => {
    expect(captures.length).toBeGreaterThanOrEqual(2);
  });

  it.each(captures)(
    '%s: one api document per distinct method and path, each passing the content check',
    async (file) => {
      const plan = await parseImport(readCorpus(file), { fileName: file.split('/').pop() });
      expect(plan.format).toBe('har');
      expect(plan.formatVersion).toBe('HAR 1.2');
      expect(plan.nodes.filter((n) => n.kind === 'api')).toHaveLength(distinctCalls(readCorpusJson(file)));
      for (const node of plan.nodes) expect(() => checkContent(node.kind, node.content)).not.toThrow();
      expect(plan.problems.filter((p) => p.message.startsWith('未导入'))).toEqual([]);
    },
  );

  it('three POSTs to one endpoint: one document, every body kept as an example, one schema fitting all', async () => {
    const plan = await parseImport(readCorpus('har/har-to-openapi-post-same-endpoint-diff-bodies.har'));
    expect(plan.servers).toEqual([{ name: 'localhost:3000', url: 'http://localhost:3000' }]);
    const doc = plan.nodes[0]?.content as unknown as Record<string, any>;
    expect(doc).toMatchObject({ method: 'POST', path: '/api/users/queries/getCurrentUser' });
    // The second and third bodies are the same: two distinct examples.
    expect(doc.requestBody.examples.map((e: { value: unknown }) => e.value)).toEqual([
      { params: null, meta: {} },
      { params: { test: 'true' }, meta: {} },
    ]);
    expect(doc.requestBody.schema.properties.params.anyOf).toEqual(
      expect.arrayContaining([{ type: 'null' }, expect.objectContaining({ type: 'object' })]),
    );
    const [ok] = doc.responses;
    expect(ok).toMatchObject({ status: '200', mediaType: 'application/json' });
    // A field seen in one response only is still described.
    expect(Object.keys(ok.schema.properties.result.properties)).toEqual(['id', 'name', 'email', 'role', 'test']);
  });

  it('a browser capture: hosts become servers, binary bodies are noted and not decoded, a failed call noted', async () => {
    const plan = await parseImport(readCorpus('har/mitmproxy-chrome.har'));
    expect(plan.servers.map((s) => s.url)).toEqual(['https://mitmproxy.org', 'https://www.google.com']);
    expect(plan.problems).toEqual(
      expect.arrayContaining([
        { where: '第 3 条记录的响应', message: '二进制内容（image/png）未解码，没有导入为示例' },
        { where: '第 1 条记录的响应', message: '二进制内容（text/html）未解码，没有导入为示例' },
        { where: '第 2 条记录', message: '没有收到响应（状态 0），未导入响应' },
      ]),
    );
    const logo = plan.nodes.find((n) => n.name.endsWith('.png'))?.content as unknown as Record<string, any>;
    expect(logo.responses[0]).toMatchObject({ status: '200', mediaType: 'image/png', examples: [] });
    // Browser noise (sec-*, user-agent, cookie, pseudo-headers) is not an API parameter.
    expect(logo.parameters.map((p: { name: string }) => p.name)).toEqual(['accept']);
  });
});

describe('HAR import: what a capture may hold', () => {
  const har = (entries: unknown[]) => JSON.stringify({ log: { version: '1.2', creator: { name: 't' }, entries } });
  const entry = (
    request: object,
    response: object = { status: 200, content: { mimeType: 'text/plain', text: 'ok' } },
  ) => ({
    request: { headers: [], queryString: [], ...request },
    response: { headers: [], ...response },
  });

  it('keeps query parameters, form fields and no captured credential', async () => {
    const plan = await parseImport(
      har([
        entry({
          method: 'POST',
          url: 'https://api.example.com/login?lang=zh',
          queryString: [{ name: 'lang', value: 'zh' }],
          headers: [{ name: 'Authorization', value: 'Bearer secret-token' }],
          postData: { mimeType: 'application/x-www-form-urlencoded', params: [{ name: 'user', value: 'li' }] },
        }),
      ]),
    );
    const doc = plan.nodes[0]?.content as unknown as Record<string, any>;
    expect(doc.parameters).toEqual([
      expect.objectContaining({ in: 'query', name: 'lang', example: 'zh', required: true }),
      expect.objectContaining({ in: 'header', name: 'Authorization', example: null }),
    ]);
    expect(doc.requestBody).toMatchObject({ type: 'x-www-form-urlencoded', fields: [{ name: 'user', example: 'li' }] });
    expect(JSON.stringify(plan)).not.toContain('secret-token');
  });

  it('reports a binary request body, a bad URL and an unknown method, and imports the rest', async () => {
    const plan = await parseImport(
      har([
        entry({
          method: 'PUT',
          url: 'https://x.test/upload',
          postData: { mimeType: 'image/png', text: 'iVBORw0K', encoding: 'base64' },
        }),
        entry({ method: 'GET', url: 'not a url' }),
        entry({ method: 'CONNECT', url: 'https://x.test/' }),
      ]),
    );
    expect(plan.nodes.map((n) => n.name)).toEqual(['PUT /upload']);
    expect(plan.problems.map((p) => p.where)).toEqual(['第 2 条记录', '第 3 条记录', '第 1 条记录的请求体']);
    expect(plan.nodes[0]?.content?.requestBody).toMatchObject({ type: 'binary', examples: [] });
  });

  it('refuses a file that is not a HAR when HAR is asked for', async () => {
    await expect(parseImport('{"log": {}}', { format: 'har' })).rejects.toThrow(/不是 HAR/);
  });
});

import { DomainError } from '@pmbok/infra';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseImport } from '../../src/interchange/import/index.js';

/** The refusal an import gives: always a DomainError of kind invalid (400 with its message), never a crash. */
async function refusal(text: string, options: Parameters<typeof parseImport>[1] = {}): Promise<string> {
  try {
    await parseImport(text, options);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('invalid');
    return (error as Error).message;
  }
  throw new Error('the import was accepted');
}

const openapi = (extra: string) => `{"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, ${extra}}`;

describe('parseImport refuses bad input with a message naming what and where', () => {
  afterEach(() => vi.restoreAllMocks());

  it('invalid JSON: the line and column of the error', async () => {
    const text = '{\n  "openapi": "3.1.0",\n  "info": {"title": "t",}\n}';
    expect(await refusal(text)).toBe('JSON 格式不正确：第 3 行第 25 列附近有语法错误');
  });

  it('invalid JSON where V8 names no position: found by bisection', async () => {
    const text = '{\n  "openapi": "3.1.0",\n  "paths": tru\n}';
    expect(await refusal(text)).toMatch(/^JSON 格式不正确：第 3 行第 1[2-5] 列附近/);
  });

  it('truncated JSON: the end of the text', async () => {
    expect(await refusal('{\n"openapi": "3.1.0",\n"paths": {')).toMatch(/第 3 行第 11 列/);
  });

  it('invalid YAML: the line and column', async () => {
    const text = 'openapi: 3.1.0\ninfo:\n  title: [unclosed\npaths: {}\n';
    expect(await refusal(text)).toMatch(/^YAML 格式不正确：第 \d+ 行第 \d+ 列附近/);
  });

  it('a duplicate YAML key', async () => {
    expect(await refusal('openapi: 3.1.0\nopenapi: 3.0.0\n')).toMatch(/第 2 行第 1 列附近有重复的键/);
  });

  it('more than 20 MB', async () => {
    const text = openapi(`"x-pad": "${'a'.repeat(20 * 1024 * 1024)}"`);
    expect(await refusal(text)).toBe('导入内容不能超过 20 MB');
  });

  it('a zip, a gzip or another binary read as text', async () => {
    expect(await refusal('PK\u0003\u0004\u0014\u0000\u0000\u0000binary')).toMatch(/压缩包（zip）/);
    expect(await refusal('\u001f\ufffd\u0008\u0000\u0000')).toMatch(/gzip/);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    expect(await refusal(png.toString('utf8'))).toBe('导入的是二进制文件，不是 JSON 或 YAML 文本');
    const gbk = Buffer.from([
      0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xd3, 0xc3, 0xbb, 0xa7, 0xb9, 0xdc, 0xc0, 0xed, 0x22, 0x7d,
    ]);
    expect(await refusal(gbk.toString('utf8'))).toBe('导入的文件不是 UTF-8 编码的文本，请转换为 UTF-8 后再导入');
  });

  it('empty text and a text that is no document', async () => {
    expect(await refusal('  \n ')).toBe('导入内容是空的');
    expect(await refusal('just some words')).toMatch(/不是 JSON 或 YAML 对象/);
  });

  it('an unknown format, and an unsupported version', async () => {
    expect(await refusal('{"hello": "world"}')).toMatch(/^无法识别导入格式/);
    expect(await refusal('{"swagger": "1.2", "info": {}}')).toMatch(/不支持的版本「Swagger 1.2」/);
    expect(await refusal('{"openapi": "4.0.0", "info": {}}')).toMatch(/不支持的版本「OpenAPI 4.0.0」/);
  });

  it('a format chosen that the file is not', async () => {
    expect(await refusal('{"hello": "world"}', { format: 'openapi' })).toBe('导入内容不是 OpenAPI 格式的文件');
  });

  it('external $refs (files and URLs) are refused, never fetched', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const url = openapi(`"paths": {"/a": {"get": {"responses": {"200": {"$ref": "https://evil.example/r.json"}}}}}`);
    expect(await refusal(url)).toBe(
      '不支持引用其他文件或网址的 $ref（不会去读取）：#/paths/~1a/get/responses/200 引用了「https://evil.example/r.json」',
    );
    const file = openapi(`"components": {"schemas": {"A": {"$ref": "./models.yaml#/A"}}}`);
    expect(await refusal(file)).toMatch(/#\/components\/schemas\/A 引用了「.\/models.yaml#\/A」/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('billion laughs: YAML aliases expanding without end are refused', async () => {
    const names = 'abcdefghi';
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < names.length; i += 1) {
      lines.push(
        `${names[i]}: &${names[i]} [${Array(9)
          .fill(`*${names[i - 1]}`)
          .join(',')}]`,
      );
    }
    const message = await refusal(`openapi: 3.1.0\ninfo: {title: t, version: '1'}\n${lines.join('\n')}\n`);
    expect(message).toMatch(/锚点别名（& 与 \*）展开过多/);
  });

  it('nesting too deep for the mappers to walk (JSON and YAML)', async () => {
    const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    const tooDeep = '导入内容的嵌套层级过深（超过 256 层），无法导入';
    expect(await refusal(`{"openapi": "3.1.0", "x-deep": ${deep(5000)}}`)).toBe(tooDeep);
    expect(await refusal(`openapi: 3.1.0\nx-deep: ${deep(400)}\n`)).toBe(tooDeep);
    // Deeper still, the YAML parser stops first, with a position.
    expect(await refusal(`openapi: 3.1.0\nx-deep: ${deep(5000)}\n`)).toMatch(/^YAML 格式不正确：第 2 行/);
  });

  it('a Swagger document too malformed to upgrade: the validator names the place', async () => {
    const text =
      '{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {"/a": {"get": {"parameters": {"x": 1}, "responses": {}}}}}';
    const message = await refusal(text);
    expect(message).toMatch(/^该文件不符合 Swagger 2.0 规范：#\/paths\/~1a：/);
  });

  it('a YAML alias inside its own anchor', async () => {
    expect(await refusal('openapi: 3.1.0\ninfo: &x\n  self: *x\n')).toMatch(/形成了循环引用/);
  });

  it('a $ref cycle the model cannot represent (a parameter pointing at itself through another) is refused', async () => {
    const text = openapi(`
      "paths": {"/a": {"get": {"parameters": [{"$ref": "#/components/parameters/A"}], "responses": {}}}},
      "components": {"parameters": {"A": {"$ref": "#/components/parameters/B"}, "B": {"$ref": "#/components/parameters/A"}}}`);
    expect(await refusal(text)).toBe(
      '$ref 循环引用，无法导入：#/paths/~1a/get/parameters/0 经 #/components/parameters/A → #/components/parameters/B → #/components/parameters/A',
    );
  });

  it('recursive models stay references (a cycle the model can keep)', async () => {
    const text = openapi(`
      "paths": {"/tree": {"get": {"responses": {"200": {"description": "ok",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Node"}}}}}}}},
      "components": {"schemas": {"Node": {"type": "object", "properties": {
        "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}}}}}`);
    const plan = await parseImport(text);
    const model = plan.nodes.find((node) => node.kind === 'schema');
    expect(model?.content?.schema).toEqual({
      type: 'object',
      properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
    });
    const api = plan.nodes.find((node) => node.kind === 'api');
    expect((api?.content?.responses as { schema: unknown }[] | undefined)?.[0]?.schema).toEqual({
      $ref: '#/components/schemas/Node',
    });
  });

  it('a schema cycle outside components/schemas is cut with a problem, not followed forever', async () => {
    const text = openapi(`
      "paths": {"/a": {"post": {"requestBody": {"content": {"application/json": {"schema":
        {"type": "object", "properties": {"self": {"$ref": "#/paths/~1a/post/requestBody/content/application~1json/schema"}}}}}},
        "responses": {}}}}`);
    const plan = await parseImport(text);
    expect(plan.nodes).toHaveLength(1);
    expect(plan.problems.some((p) => p.message.includes('循环引用'))).toBe(true);
  });
});

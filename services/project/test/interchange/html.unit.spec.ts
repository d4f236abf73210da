import { describe, expect, it } from 'vitest';
import { exportProject } from '../../src/interchange/export/index.js';
import { corpusExists } from './collectionsCorpus.js';
import { corpusSource, importableFiles } from './collectionsExportCorpus.js';
import { hostileSource } from './htmlFixture.js';

const escaped = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** What a page would fetch: style sheets, scripts, images, frames, fonts. */
const EXTERNAL =
  /<link\b|<script\b[^>]*\bsrc=|<(img|iframe|video|audio|source|embed|object)\b[^>]*\b(src|data)="(?!data:)|@import|url\(/i;

describe.skipIf(!corpusExists)('HTML export of every corpus file', () => {
  it.each(importableFiles)('%s: one self-contained page with contents and a section per node', async (file) => {
    const source = await corpusSource(file);
    const { text, fileName, mediaType } = exportProject(source, 'html');
    expect(fileName).toMatch(/\.html$/);
    expect(mediaType).toBe('text/html; charset=utf-8');
    expect(text).toMatch(/^<!doctype html>\n<html lang="zh-CN">/);
    expect(text).not.toMatch(EXTERNAL);
    expect(text.match(/<script>/g)).toHaveLength(1);
    for (const node of source.nodes) {
      expect(text).toContain(`id="node-${node.nodeId}"`);
      expect(text).toContain(`<h2>${escaped(node.name)}</h2>`);
      if (node.kind !== 'folder') expect(text).toContain(`href="#node-${node.nodeId}"`);
    }
    expect(text).toContain(`共 ${source.nodes.filter((n) => n.kind === 'api').length} 个接口`);
  });
});

describe('HTML export: nothing in a document runs or loads', () => {
  const { text } = exportProject(hostileSource, 'html');

  it('shows raw HTML as text', () => {
    expect(text).toContain('&lt;script&gt;alert(5)&lt;/script&gt;');
    expect(text).toContain('&lt;iframe src=&quot;https://evil.example/&quot;&gt;&lt;/iframe&gt;');
    expect(text).toContain('inline &lt;img src=x onerror=alert(7)&gt; html');
    expect(text).toContain('&lt;style&gt;body{display:none}&lt;/style&gt;');
    // The only script is the contents filter; no element came from a document's text.
    expect(text.match(/<script/g)).toHaveLength(1);
    expect(text).not.toMatch(/<(img|iframe|svg)\b/i);
    expect(text).not.toContain('<b>s</b>');
  });

  it('keeps safe links, drops javascript: ones, turns remote images into links', () => {
    expect(text).toContain('<a href="https://example.com/doc">好链接</a>');
    expect(text).not.toMatch(/href="\s*java/i);
    expect(text).toContain('<a href="https://evil.example/x.png">[图片] 远程图</a>');
    expect(text).not.toContain('src="https://evil.example');
  });

  it('escapes names in the title, the contents, the headings and code', () => {
    expect(text).toContain('<title>&lt;img src=x onerror=alert(1)&gt;项目 · 接口文档</title>');
    expect(text).toContain('<summary>&lt;svg onload=alert(3)&gt;</summary>');
    expect(text).toContain('<h2>说明&quot;&gt;&lt;script&gt;alert(4)&lt;/script&gt;</h2>');
    expect(text).toContain('&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;alert(9)&lt;/script&gt;');
  });
});

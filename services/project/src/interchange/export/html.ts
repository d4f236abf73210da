import { Marked, type Tokens } from 'marked';
import type { ExportedFile, ExportSource } from '../model.js';
import { HTML_SCRIPT, HTML_STYLE } from './htmlStyle.js';
import { exportFileBase } from './markdown.js';
import { docMarkdown, modelAnchors, STATUS_LABELS } from './markdownDoc.js';
import { walkTree } from './openapiTree.js';

const KIND_LABELS: Record<string, string> = { api: '接口', page: '文档', schema: '模型', folder: '目录' };

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Links may go to web pages, mail and the file's own anchors; `javascript:` and the like become text. */
function safeHref(href: string): boolean {
  // Browsers ignore tabs, newlines and leading controls in a URL's scheme: `java\tscript:` is `javascript:`.
  const clean = [...href].filter((c) => c.charCodeAt(0) > 0x20 && c.charCodeAt(0) !== 0x7f).join('');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(clean)?.[1]?.toLowerCase();
  return scheme === undefined || scheme === 'http' || scheme === 'https' || scheme === 'mailto';
}

/**
 * Markdown as HTML that cannot run anything: raw HTML in a document is shown as text, unsafe links lose their
 * href, and images outside the file become links (the page must not fetch anything when opened).
 */
const markdown = new Marked({
  gfm: true,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    link({ href, title, tokens }: Tokens.Link) {
      const text = this.parser.parseInline(tokens);
      if (!safeHref(href)) return text;
      return `<a href="${escapeHtml(href)}"${title ? ` title="${escapeHtml(title)}"` : ''}>${text}</a>`;
    },
    image({ href, text }: Tokens.Image) {
      if (/^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i.test(href)) {
        return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}">`;
      }
      if (!safeHref(href)) return escapeHtml(text);
      return `<a href="${escapeHtml(href)}">[图片] ${escapeHtml(text || href)}</a>`;
    },
  },
});

export const renderMarkdown = (text: string) => markdown.parse(text, { async: false }) as string;

const methodBadge = (method: string) => `<span class="method m-${escapeHtml(method)}">${escapeHtml(method)}</span>`;

function tableOfContents(walked: ReturnType<typeof walkTree>): string {
  const out: string[] = ['<ul>'];
  let depth = 0;
  for (const node of walked) {
    for (; depth > node.folderPath.length; depth -= 1) out.push('</ul></details></li>');
    if (node.kind === 'folder') {
      out.push(`<li><details open><summary>${escapeHtml(node.name)}</summary><ul>`);
      depth += 1;
      continue;
    }
    const mark =
      node.kind === 'api'
        ? methodBadge(String(node.content?.method ?? ''))
        : `<span class="kind">${KIND_LABELS[node.kind] ?? ''}</span>`;
    out.push(
      `<li class="leaf"><a href="#node-${node.nodeId}" title="${escapeHtml(node.name)}">${mark}${escapeHtml(node.name)}</a></li>`,
    );
  }
  for (; depth > 0; depth -= 1) out.push('</ul></details></li>');
  out.push('</ul>');
  return out.join('\n');
}

function endpoint(content: Record<string, unknown> | undefined) {
  const status = String(content?.status ?? '');
  const parts = [methodBadge(String(content?.method ?? '')), `<code>${escapeHtml(String(content?.path ?? ''))}</code>`];
  if (STATUS_LABELS[status]) parts.push(`<span class="chip">${STATUS_LABELS[status]}</span>`);
  if (content?.deprecated) parts.push('<span class="chip deprecated">已废弃</span>');
  const tags = Array.isArray(content?.tags) ? content.tags : [];
  for (const tag of tags) parts.push(`<span class="chip">${escapeHtml(String(tag))}</span>`);
  return `<div class="endpoint">${parts.join('')}</div>`;
}

/**
 * The project as ONE self-contained HTML file that reads well offline: inline CSS (and a small inline filter for
 * the contents), a table of contents from the tree, Chinese labels, every document rendered from Markdown with
 * raw HTML escaped. Nothing is loaded from elsewhere.
 */
export function exportHtml(source: ExportSource): ExportedFile {
  const walked = walkTree(source);
  const models = modelAnchors(source.nodes);
  const title = source.project.name || '接口文档';
  const count = (kind: string) => walked.filter((n) => n.kind === kind).length;
  const sections: string[] = [];
  for (const node of walked) {
    const crumb = node.folderPath.map(escapeHtml).join(' / ');
    if (node.kind === 'folder') {
      sections.push(
        `<section class="folder" id="node-${node.nodeId}">${crumb ? `<div class="crumb">${crumb}</div>` : ''}<h2>${escapeHtml(node.name)}</h2></section>`,
      );
      continue;
    }
    const body = docMarkdown(node.kind, node.content, 3, models, false);
    sections.push(
      [
        `<section class="doc" id="node-${node.nodeId}">`,
        `<div class="crumb">${crumb ? `${crumb} · ` : ''}${KIND_LABELS[node.kind] ?? ''}</div>`,
        `<h2>${escapeHtml(node.name)}</h2>`,
        node.kind === 'api' ? endpoint(node.content) : '',
        renderMarkdown(body),
        '</section>',
      ].join('\n'),
    );
  }
  const servers = source.project.servers.length
    ? renderMarkdown(
        [
          '| 服务 | 地址 |',
          '| --- | --- |',
          ...source.project.servers.map((s) => `| ${s.name.replace(/\|/g, '\\|')} | ${s.url.replace(/\|/g, '\\|')} |`),
        ].join('\n'),
      )
    : '';
  const text = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="pmbok">
<title>${escapeHtml(title)} · 接口文档</title>
<style>${HTML_STYLE}</style>
</head>
<body>
<nav class="toc" aria-label="目录">
<div class="brand">${escapeHtml(title)}</div>
<input id="toc-filter" type="search" placeholder="搜索目录…" aria-label="搜索目录">
${tableOfContents(walked)}
</nav>
<main>
<header class="project">
<h1>${escapeHtml(title)}</h1>
<div class="meta">共 ${count('api')} 个接口 · ${count('page')} 篇文档 · ${count('schema')} 个数据模型</div>
${source.project.description ? renderMarkdown(source.project.description) : ''}
${servers}
</header>
${sections.join('\n')}
</main>
<script>${HTML_SCRIPT}</script>
</body>
</html>
`;
  return { fileName: `${exportFileBase(source.project.name)}.html`, mediaType: 'text/html; charset=utf-8', text };
}

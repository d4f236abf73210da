import type { ExportedFile, ExportSource } from '../model.js';
import { cell, docMarkdown, modelAnchors } from './markdownDoc.js';
import { walkTree } from './openapiTree.js';

const KIND_LABELS: Record<string, string> = { api: '接口', page: '文档', schema: '数据模型' };

/** The file name of an export: the project's name without what file systems refuse. */
export const exportFileBase = (name: string) => name.replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 80) || 'api';

/** A heading's text on one line, its Markdown characters kept as text. */
const headingText = (text: string) => text.replace(/\s+/g, ' ').replace(/([\\`*_[\]<>#])/g, '\\$1');

/**
 * The project as one Markdown file: its description and servers, a table of contents from the tree, then every
 * folder as a heading and every document under it (an anchor `node-<id>` before each, which the contents and the
 * model links point at).
 */
export function exportMarkdown(source: ExportSource): ExportedFile {
  const walked = walkTree(source);
  const models = modelAnchors(source.nodes);
  const out: string[] = [`# ${headingText(source.project.name || '接口文档')}`, ''];
  if (source.project.description) out.push(source.project.description, '');
  if (source.project.servers.length > 0) {
    out.push('## 服务地址', '', '| 名称 | 地址 |', '| --- | --- |');
    for (const server of source.project.servers) out.push(`| ${cell(server.name)} | ${cell(server.url)} |`);
    out.push('');
  }
  out.push('## 目录', '');
  for (const node of walked) {
    const indent = '  '.repeat(node.folderPath.length);
    const label =
      node.kind === 'api' ? `${String(node.content?.method ?? '')} ${headingText(node.name)}` : headingText(node.name);
    out.push(node.kind === 'folder' ? `${indent}- ${label}` : `${indent}- [${label}](#node-${node.nodeId})`);
  }
  out.push('');
  for (const node of walked) {
    const level = Math.min(6, node.folderPath.length + 2);
    const heading = '#'.repeat(level);
    out.push(`<a id="node-${node.nodeId}"></a>`, '');
    if (node.kind === 'folder') {
      out.push(`${heading} ${headingText(node.name)}`, '');
      continue;
    }
    const where = node.folderPath.length > 0 ? `${node.folderPath.join(' / ')} · ` : '';
    out.push(
      `${heading} ${headingText(node.name)}`,
      '',
      `> ${cell(`${where}${KIND_LABELS[node.kind] ?? node.kind}`)}`,
      '',
    );
    const body = docMarkdown(node.kind, node.content, Math.min(6, level + 1), models);
    if (body) out.push(body, '');
  }
  return {
    fileName: `${exportFileBase(source.project.name)}.md`,
    mediaType: 'text/markdown; charset=utf-8',
    text: `${out.join('\n').trimEnd()}\n`,
  };
}

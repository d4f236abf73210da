import DOMPurify from 'dompurify';
import { Marked } from 'marked';

// GitHub-flavoured (tables, task lists), line breaks as typed: how API descriptions and notes are written.
const parser = new Marked({ gfm: true, breaks: true, async: false });

// Links open outside the workspace and give the opened page no handle on this one.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/**
 * Markdown as HTML that is safe to insert: marked passes raw HTML through, so DOMPurify then drops every script,
 * event handler (`onerror=`…), `javascript:` URL, style and frame before the text reaches the page.
 */
export function renderMarkdown(markdown: string): string {
  const html = parser.parse(markdown ?? '') as string;
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
}

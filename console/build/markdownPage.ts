import { readFileSync } from 'node:fs';
import { basename, relative, resolve, sep } from 'node:path';
import { marked } from 'marked';
import type { Plugin } from 'vite';

/** `import url from './manual.md?page'`: the markdown rendered as a standalone HTML page, and that page's URL. */
const QUERY = '?page';
const DEV_PREFIX = '@markdown-page/';

const STYLE = `
body { margin: 0; background: #fff; color: #303133; font: 14px/1.7 -apple-system, BlinkMacSystemFont, "Segoe UI",
  "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif; }
main { max-width: 880px; margin: 0 auto; padding: 24px 32px 48px; }
h1 { font-size: 26px; border-bottom: 1px solid #ebeef5; padding-bottom: 12px; }
h2 { font-size: 19px; margin-top: 32px; border-bottom: 1px solid #ebeef5; padding-bottom: 6px; }
h3 { font-size: 16px; }
a { color: #409eff; }
code { background: #f4f4f5; border-radius: 3px; padding: 1px 5px; font-size: 13px; }
pre code { display: block; padding: 12px; overflow-x: auto; }
table { border-collapse: collapse; }
th, td { border: 1px solid #ebeef5; padding: 6px 10px; }
li { margin: 4px 0; }
`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char);

/** A complete page: the document's first heading is its title. */
export function renderMarkdownPage(markdown: string): string {
  const title = /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim() ?? '';
  const body = marked.parse(markdown, { async: false });
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>
`;
}

/** Emits the page as an asset on build; the dev server renders it on each request. */
export function markdownPage(): Plugin {
  let serving = false;
  let base = '/';
  let root = process.cwd();
  return {
    name: 'pmbok:markdown-page',
    configResolved(config) {
      serving = config.command === 'serve';
      base = config.base;
      root = config.root;
    },
    configureServer(server) {
      // Only markdown inside the repository (the console's parent) is served.
      const repository = resolve(root, '..');
      server.middlewares.use(`${base}${DEV_PREFIX}`, (request, response, next) => {
        const file = resolve(root, decodeURIComponent((request.url ?? '').slice(1).split('?')[0] ?? ''));
        if (!file.endsWith('.md') || !file.startsWith(repository + sep)) return next();
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.end(renderMarkdownPage(readFileSync(file, 'utf8')));
      });
    },
    load(id) {
      if (!id.endsWith(`.md${QUERY}`)) return null;
      const file = id.slice(0, -QUERY.length);
      this.addWatchFile(file);
      if (serving)
        return `export default ${JSON.stringify(`${base}${DEV_PREFIX}${encodeURIComponent(relative(root, file))}`)};`;
      const reference = this.emitFile({
        type: 'asset',
        name: `${basename(file, '.md')}.html`,
        source: renderMarkdownPage(readFileSync(file, 'utf8')),
      });
      return `export default import.meta.ROLLUP_FILE_URL_${reference};`;
    },
  };
}

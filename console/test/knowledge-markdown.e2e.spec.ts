import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from './harness';

const EVIL = [
  '# 标题',
  '<script>window.__xss = "script"</script>',
  '<img src="x-missing.png" onerror="window.__xss = \'onerror\'">',
  '<a href="javascript:window.__xss=\'link\'">点我</a>',
  '<svg><script>window.__xss = "svg"</script><image href="x" onerror="window.__xss=\'svg-onerror\'"/></svg>',
  '![图](x-missing-2.png)',
].join('\n\n');

/** Puts HTML into the page the way React's dangerouslySetInnerHTML does, and waits until every image settled. */
async function insert(page: Page, html: string) {
  return page.evaluate(async (markup) => {
    const out = document.getElementById('out') as HTMLElement;
    out.innerHTML = markup;
    // listeners added now run after any inline handler the markup carried, so when they fire, those have run
    await Promise.all(
      [...out.querySelectorAll('img, image')].map(
        (img) =>
          new Promise((resolve) => {
            img.addEventListener('load', resolve);
            img.addEventListener('error', resolve);
          }),
      ),
    );
    for (const link of out.querySelectorAll('a')) link.click();
    return (window as { __xss?: string }).__xss ?? null;
  }, html);
}

describe.skipIf(!hasChromium)('markdown in the knowledge workspace', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // the console's renderer itself (marked + DOMPurify), bundled for the page
    const bundle = await build({
      entryPoints: [new URL('../src/knowledge/workspace/markdown.ts', import.meta.url).pathname],
      bundle: true,
      write: false,
      format: 'iife',
      globalName: 'Markdown',
      platform: 'browser',
    });
    browser = await launchChromium();
    page = await browser.newPage();
    await page.setContent('<!doctype html><html><body><div id="out"></div></body></html>');
    await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? '' });
    await page.addScriptTag({ content: 'window.render = (md) => Markdown.renderMarkdown(md);' });
  });
  afterAll(() => browser?.close());

  it('would run the handler if the HTML were inserted unsanitized (the check below is real)', async () => {
    expect(await insert(page, '<img src="x-raw.png" onerror="window.__xss = \'raw\'">')).toBe('raw');
    await page.evaluate(() => delete (window as { __xss?: string }).__xss);
  });

  it('renders markdown with no script, no onerror and no javascript: link left to run', async () => {
    const html = await page.evaluate((md) => (window as unknown as { render(m: string): string }).render(md), EVIL);
    expect(html).toContain('<h1>标题</h1>');
    expect(html).toContain('<img src="x-missing-2.png"');
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
    expect(await insert(page, html)).toBeNull();
  });
});

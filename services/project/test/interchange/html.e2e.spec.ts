import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportProject } from '../../src/interchange/export/index.js';
import type { ExportSource } from '../../src/interchange/model.js';
import { corpusExists } from './collectionsCorpus.js';
import { corpusSource } from './collectionsExportCorpus.js';
import { hostileSource } from './htmlFixture.js';

const dir = mkdtempSync(path.join(tmpdir(), 'pmbok-html-export-'));
let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
});
afterAll(async () => {
  await browser?.close();
});

/** Opens an exported file as a reader would (from disk), recording every request and dialog. */
async function open(source: ExportSource, name: string) {
  const file = path.join(dir, `${name}.html`);
  writeFileSync(file, exportProject(source, 'html').text);
  const page: Page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const requests: string[] = [];
  const dialogs: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`file://${file}`, { waitUntil: 'load' });
  return { page, file, requests, dialogs };
}

describe.skipIf(!corpusExists)('HTML export in Chromium', () => {
  it('reads offline: nothing fetched, contents link to their sections, the filter narrows the contents', async () => {
    const { page, file, requests } = await open(await corpusSource('zh/apibook-pet-zh.openapi-3.0.1.json'), 'pet');
    expect(requests).toEqual([`file://${file}`]);
    await expect(page.title()).resolves.toBe('个人项目 · 接口文档');
    await page.getByRole('link', { name: 'GET 查询宠物详情' }).click();
    await page.waitForURL(/#node-\d+$/);
    const heading = page.locator('section.doc', { hasText: '查询宠物详情' }).first().locator('h2');
    // The contents scroll smoothly: the section's title ends near the top of the window.
    await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
    await expect.poll(async () => (await heading.boundingBox())?.y ?? 9999).toBeLessThan(200);
    await expect(page.locator('section.doc .endpoint').first().textContent()).resolves.toContain('/pet/{petId}');
    const screenshot = path.join(dir, 'pet.png');
    await page.screenshot({ path: screenshot });
    console.info(`HTML export screenshot: ${screenshot}`);

    await page.getByPlaceholder('搜索目录…').fill('删除');
    const visible = await page.locator('nav.toc li.leaf:not(.hidden)').allTextContents();
    expect(visible).toEqual(['DELETE删除宠物信息']);
    await page.close();
  });
});

describe('HTML export in Chromium: hostile documents', () => {
  it('runs no script and loads nothing a document names', async () => {
    const { page, file, requests, dialogs } = await open(hostileSource, 'hostile');
    await page.locator('#node-2').scrollIntoViewIfNeeded();
    // The javascript: link is text, the safe one a link.
    await expect(page.getByRole('link', { name: '链接', exact: true }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: '好链接' }).getAttribute('href')).resolves.toBe(
      'https://example.com/doc',
    );
    expect(dialogs).toEqual([]);
    expect(requests).toEqual([`file://${file}`]);
    await expect(page.locator('#node-2').textContent()).resolves.toContain('<script>alert(5)</script>');
    const screenshot = path.join(dir, 'hostile.png');
    await page.screenshot({ path: screenshot, fullPage: true });
    console.info(`HTML export screenshot: ${screenshot}`);
    await page.close();
  });
});

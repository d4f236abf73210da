import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpWithTeam } from './fixtures/knowledgeMock';
import { chromiumPath, hasChromium, launchChromium, outboxCode, type RunningApp, startApp } from './harness';

if (!hasChromium) console.warn(`Faro e2e skipped: no Chromium at ${chromiumPath}`);

const screenshots = new URL('./screenshots/', import.meta.url).pathname;

interface FaroBatch {
  meta: { app?: { name?: string }; session?: { id?: string }; page?: { url?: string } };
  events?: { name: string; attributes?: Record<string, string> }[];
  measurements?: { type: string; values: Record<string, number> }[];
  traces?: { resourceSpans: { scopeSpans: { spans: { traceId: string }[] }[] }[] };
}

/** Every Faro batch a context posts to the gateway, with the gateway's status, and every API request it makes. */
function watch(context: BrowserContext) {
  const batches: { body: FaroBatch; status: number }[] = [];
  const api: Request[] = [];
  context.on('requestfinished', async (request) => {
    if (request.url().includes('/faro/collect')) {
      const status = (await request.response())?.status() ?? 0;
      batches.push({ body: request.postDataJSON() as FaroBatch, status });
    } else if (request.url().includes('/pmbok/api/')) api.push(request);
  });
  const events = () => batches.flatMap((b) => b.body.events ?? []);
  return { batches, api, events };
}

/**
 * Real-user monitoring (issue 23): the console loads Grafana Faro after the first paint and sends page loads, web
 * vitals, sessions and route changes to the gateway's /faro/collect, which accepts them (202); once the lazily
 * loaded tracing is in, same-origin API requests carry a `traceparent` whose trace the browser's spans report too.
 */
describe.skipIf(!hasChromium)('Grafana Faro in the console (headless Chromium)', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    app = await startApp();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('sends the login page’s load, session and web vitals signed out, accepted with 202', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    const seen = watch(context);
    const page = await context.newPage();
    const first = page.waitForRequest((request) => request.url().endsWith('/faro/collect'), { timeout: 20_000 });
    await page.goto(`${app.url}/system/#/login`);
    const request = await first;
    expect(request.method()).toBe('POST');
    expect((await request.response())?.status()).toBe(202);
    await expect
      .poll(() => seen.events().map((e) => e.name), { timeout: 20_000 })
      .toEqual(expect.arrayContaining(['session_start', 'faro.performance.navigation']));
    // Web vitals of the load (TTFB and FCP are reported without an interaction).
    await expect
      .poll(
        () => seen.batches.flatMap((b) => b.body.measurements ?? []).filter((m) => m.type === 'web-vitals').length,
        {
          timeout: 20_000,
        },
      )
      .toBeGreaterThan(0);
    for (const { body, status } of seen.batches) {
      expect(status).toBe(202);
      expect(body.meta.app?.name).toBe('pmbok-console');
      expect(body.meta.session?.id).toBeTruthy();
    }
    await context.close();
  });

  it('sends route changes of a signed-in user and joins the API requests’ traces', async () => {
    const telephone = `137${String(Date.now()).slice(-7)}7`;
    const { token } = await signUpWithTeam(app.url, telephone, outboxCode);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    await context.addInitScript((t) => {
      localStorage.setItem('teamCheckTime', String(Date.now()));
      localStorage.setItem('authorize_token', t);
    }, token);
    const seen = watch(context);
    const page = await context.newPage();
    await page.goto(`${app.url}/system/#/index`);
    await page.getByRole('link', { name: '知识库' }).first().waitFor();
    // Tracing is loaded after Faro: wait until it is in before moving, so the next page's requests are traced.
    await page.waitForFunction(() =>
      Boolean(
        (
          window as { faro?: { instrumentations: { instrumentations: { name: string }[] } } }
        ).faro?.instrumentations.instrumentations.some((i) => i.name.includes('tracing')),
      ),
    );
    await page.getByRole('link', { name: '知识库' }).first().click();
    await page.waitForURL(/#\/api/);

    await expect
      .poll(
        () =>
          seen
            .events()
            .filter((e) => e.name === 'route_change')
            .map((e) => e.attributes?.toRoute),
        {
          timeout: 20_000,
        },
      )
      .toContain('/api');
    // The new page's requests may still be on their way when its route change is reported: wait for them.
    const tracedRequests = () => seen.api.map((r) => r.headers().traceparent).filter(Boolean) as string[];
    await expect.poll(() => tracedRequests().length, { timeout: 20_000 }).toBeGreaterThan(0);
    const traced = tracedRequests();
    expect(traced[0]).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
    const traceIds = new Set(traced.map((t) => t.split('-')[1]));
    await expect
      .poll(
        () =>
          seen.batches
            .flatMap((b) => b.body.traces?.resourceSpans ?? [])
            .flatMap((r) => r.scopeSpans.flatMap((s) => s.spans))
            .some((span) => traceIds.has(span.traceId)),
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(seen.batches.every(({ status }) => status === 202)).toBe(true);
    await page.screenshot({ path: `${screenshots}faro-signed-in.png` });
    await context.close();
  });
});

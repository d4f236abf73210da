import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signUpWithTeam } from './fixtures/knowledgeMock';
import { chromiumPath, hasChromium, launchChromium, outboxCode, type RunningApp, startApp } from './harness';

if (!hasChromium) console.warn(`session reload e2e skipped: no Chromium at ${chromiumPath}`);

// A reload while the user is still loading aborts that request; it must not count as a failed sign-in, which
// would clear the token and end the session on the server.
describe.skipIf(!hasChromium)('reloading while the user loads', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('keeps the session', async () => {
    const telephone = `137${String(Date.now()).slice(-7)}3`;
    const { token } = await signUpWithTeam(app.url, telephone, outboxCode);
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(`${app.url}/system/#/login`);
    await page.evaluate((t) => {
      localStorage.setItem('teamCheckTime', String(Date.now()));
      localStorage.setItem('authorize_token', t);
    }, token);

    // The user's load is held until the page reloads, which aborts it.
    let held = false;
    await page.route('**/pmbok/api/userInfo/getUserInfo', () => {
      held = true;
    });
    await page.goto(`${app.url}/system/#/api`);
    await expect.poll(() => held, { timeout: 15_000 }).toBe(true);
    await page.unroute('**/pmbok/api/userInfo/getUserInfo');
    await page.reload();

    await page.getByText('知识库').first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authorize_token'))).toBe(token);
    expect(page.url()).not.toContain('/login');
    const info = await callApi(app.url, 'userInfo/getUserInfo', {}, token);
    expect(info.code).toBe(200);
  });
});

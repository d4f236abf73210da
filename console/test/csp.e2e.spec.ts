import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../src/app/routeTable';
import { resolveRoutes } from '../src/navigation/resolve';
import { chromiumPath, freePort, hasChromium, launchChromium, outboxCode, type RunningApp, startApp } from './harness';

const screenshots = new URL('./screenshots/', import.meta.url).pathname;
const avatar = new URL('./fixtures/avatar.png', import.meta.url).pathname;
const telephone = `135${String(Date.now()).slice(-8)}`;
const password = 'Passw0rd!';

if (!hasChromium) console.warn(`CSP e2e skipped: no Chromium at ${chromiumPath}`);

type Answer = { code: number; msg: string; data: any };

/** What a page reported breaking the policy: `securitypolicyviolation` events and console messages. */
interface Report {
  url: string;
  violations: string[];
}

/**
 * A browser context that records every policy violation in every frame: the init script runs in each frame
 * (the help manual's too) before the page's own scripts, and reports through a binding.
 */
async function watchedContext(
  browser: Browser,
  token = '',
): Promise<{ context: BrowserContext; violations: string[] }> {
  const violations: string[] = [];
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' });
  await context.exposeBinding('reportCspViolation', (_source, violation: string) => void violations.push(violation));
  await context.addInitScript((signedIn) => {
    // The team guide and team check dialogs are other tests' business.
    localStorage.setItem('teamCheckTime', String(Date.now()));
    if (signedIn && !localStorage.getItem('authorize_token')) localStorage.setItem('authorize_token', signedIn);
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} in ${event.documentURI}`);
    });
  }, token);
  context.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  // eval and its kin throw once the policy refuses them
  context.on('weberror', (error) => {
    const text = String(error.error());
    if (/Content Security Policy|EvalError/i.test(text)) violations.push(`error: ${text}`);
  });
  return { context, violations };
}

describe.skipIf(!hasChromium)('the console under its Content-Security-Policy (headless Chromium)', () => {
  let app: RunningApp;
  let browser: Browser;
  let token = '';
  const ids = { teamId: '', projectId: '', shareCode: '', userId: '', ticket: '' };

  const api = async (path: string, body: Record<string, string> = {}): Promise<Answer> => {
    const response = await fetch(`${app.url}/pmbok/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: token },
      body: new URLSearchParams({ teamId: ids.teamId, ...body }),
    });
    const answer = (await response.json()) as Answer;
    if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
    return answer;
  };

  /** Opens a hash path in a page of its own (the bundle starts afresh) and waits until it is quiet. */
  const visit = async (context: BrowserContext, hashPath: string): Promise<Page> => {
    const page = await context.newPage();
    await page.goto(`${app.url}/system/#${hashPath}`, { waitUntil: 'networkidle' });
    await page.locator('#root > *').first().waitFor({ state: 'attached' });
    return page;
  };

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    app = await startApp();
    browser = await launchChromium();
    await fetch(`${app.url}/pmbok/api/user/sendRegisterCode`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: telephone, smsType: '2' }),
    });
    const code = await outboxCode(app.url, telephone);
    token = (await api('user/register', { telephone, password, repeatPassword: password, code })).data.token;
    ids.teamId = String((await api('team/create', { teamName: '安全组', sourceProject: '[]' })).data.teamId);
    ids.projectId = String((await api('task/newProject', { name: '安全加固' })).data.taskProjectId);
    ids.shareCode = (await api('team/shareInfo')).data.shareCode;
    ids.userId = String((await api('userInfo/getUserInfo')).data.userId);
    ids.ticket = (await api('user/wechatLoginQrCode')).data.ticket;
    // an avatar, so that the screens show an uploaded image from /pmbok/files/
    const form = new FormData();
    form.append('file', new Blob([readFileSync(avatar)], { type: 'image/png' }), 'avatar.png');
    const upload = await fetch(`${app.url}/pmbok/api/img/upload`, {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    });
    const { url } = ((await upload.json()) as Answer).data;
    await api('userInfo/update', { avatar: url });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('sends the policy with the console page', async () => {
    const response = await fetch(`${app.url}/system/`);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
  });

  it('reports a violation when one happens (the watch itself works)', async () => {
    const { context, violations } = await watchedContext(browser);
    const page = await visit(context, '/login');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.head.append(script);
    });
    await expect.poll(() => violations.some((v) => v.startsWith('script-src'))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
    await context.close();
  });

  it('shows the login page and its forms without a violation', async () => {
    const { context, violations } = await watchedContext(browser);
    const reports: Report[] = [];
    for (const path of ['/login', '/login?form=register', '/login?form=reset']) {
      const page = await visit(context, path);
      await page.getByRole('heading').first().waitFor();
      if (path === '/login') {
        await page.getByRole('heading', { name: '账号登录' }).waitFor();
        await page.screenshot({ path: `${screenshots}csp-login.png`, fullPage: true });
        // the QR panel shows its code as a data: image
        await page.getByTestId('login-view-toggle').click();
        await page.getByTestId('qr-image').waitFor();
        await expect
          .poll(() => page.getByTestId('qr-image').evaluate((img: HTMLImageElement) => img.naturalWidth))
          .toBeGreaterThan(0);
      }
      reports.push({ url: path, violations: violations.splice(0) });
      await page.close();
    }
    expect(reports.filter((report) => report.violations.length > 0)).toEqual([]);
    await context.close();
  });

  it('shows every screen of the route table to a signed-in user without a violation', async () => {
    const { context, violations } = await watchedContext(browser, token);
    await context.addInitScript((teamId) => localStorage.setItem('teamId', teamId), ids.teamId);
    const values: Record<string, string> = { ...ids, docId: '1', id: '1' };
    const paths = resolveRoutes(routeTable)
      // a parent row only redirects to, or frames, its children: every screen is a leaf
      .filter(({ route }) => !route.builtIn && !route.children && !route.redirect)
      .map(({ fullPath, route }) => {
        // required parameters get real ids; optional ones are left out; `/redirect/*` refreshes the home page
        const path = fullPath
          .replace(/\/:(\w+)\?/g, '')
          .replace(/:(\w+)/g, (_, name: string) => values[name] ?? name)
          .replace('/*', '/index');
        return route.path === '/auth-redirect' ? `${path}?provider=wechat` : path;
      });
    expect(paths).toEqual(expect.arrayContaining([`/qrconfirm/${ids.ticket}`, `/task/home/${ids.projectId}`]));

    // the live connection opens under connect-src and hears from the server
    let liveMessages = 0;
    context.on('page', (page) =>
      page.on('websocket', (socket) => {
        if (socket.url().includes('/pmbok/ws')) socket.on('framereceived', () => void liveMessages++);
      }),
    );
    const reports: Report[] = [];
    for (const path of paths) {
      const page = await visit(context, path);
      if (path === '/book/index') {
        // the help manual, a page of the bundle, is shown in a frame of the same origin
        const manual = page.frameLocator('iframe').first();
        await manual.locator('h1').first().waitFor();
      }
      if (path === `/task/home/${ids.projectId}`) {
        await page.locator('[data-testid="board-column"]').first().waitFor();
        const uploaded = page.locator('img[src*="/pmbok/files/"]').first();
        await expect.poll(() => uploaded.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
        await page.screenshot({ path: `${screenshots}csp-task-home.png`, fullPage: true, animations: 'disabled' });
      }
      // signed in, no screen sends the user back to the login page
      const landed = await page.evaluate(() => decodeURIComponent(window.location.hash));
      if (landed.startsWith('#/login')) violations.push(`landed on ${landed}`);
      reports.push({ url: path, violations: violations.splice(0) });
      await page.close();
    }
    expect(reports.filter((report) => report.violations.length > 0)).toEqual([]);
    expect(liveMessages).toBeGreaterThan(0);
    await context.close();
  }, 300_000);

  describe('framed by another site (clickjacking)', () => {
    let attacker: Server;
    let attackerUrl = '';

    beforeAll(async () => {
      const port = await freePort();
      attacker = createServer((_request, response) => {
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.end(`<!doctype html><title>win a prize</title>
<iframe name="qr" src="${app.url}/system/#/qrconfirm/${ids.ticket}" width="600" height="400"></iframe>
<iframe name="console" src="${app.url}/system/" width="600" height="400"></iframe>`);
      });
      await new Promise<void>((resolve) => attacker.listen(port, '127.0.0.1', resolve));
      attackerUrl = `http://127.0.0.1:${port}/`;
    });
    afterAll(async () => {
      await new Promise((resolve) => attacker?.close(resolve));
    });

    it('refuses to show the QR sign-in confirmation and the console inside it', async () => {
      const context = await browser.newContext({ locale: 'zh-CN' });
      await context.addInitScript((signedIn) => localStorage.setItem('authorize_token', signedIn), token);
      const refused: string[] = [];
      const blocked: string[] = [];
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.text().includes('violates the following Content Security Policy directive: "frame-ancestors'))
          refused.push(message.text());
      });
      page.on('requestfailed', (request) => {
        if (request.failure()?.errorText === 'net::ERR_BLOCKED_BY_RESPONSE') blocked.push(request.url());
      });
      await page.goto(attackerUrl, { waitUntil: 'load' });
      for (const name of ['qr', 'console']) {
        // by its element: Playwright's name lookup can miss a frame that Chromium replaced with its error page
        const frame = await (await page.$(`iframe[name="${name}"]`))?.contentFrame();
        expect(frame, name).toBeTruthy();
        // a refused frame is left on Chromium's error page: none of the console is loaded into it
        expect(frame?.url(), name).toMatch(/^chrome-error:/);
        expect(await frame?.evaluate(() => document.querySelector('#root')), name).toBeNull();
      }
      expect(blocked.sort()).toEqual([`${app.url}/system/`, `${app.url}/system/`]);
      await expect.poll(() => refused.length).toBe(2);
      await page.screenshot({ path: `${screenshots}csp-framed.png` });
      await context.close();
    });
  });
});

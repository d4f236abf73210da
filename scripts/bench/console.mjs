// The console's weight and speed (issue 24): (a) the JavaScript the login page loads before it can draw its form
// (gzip), from the built bundle's module graph and from the scripts headless Chromium actually requests; (b) a
// Lighthouse performance score for the login page and a signed-in user's task board (the `lighthouse` package
// driving the system Chromium through chrome-launcher); (c) the time to the first screen of a signed-in user.
// Starts its own embedded app serving console/dist (or CONSOLE_DIR). Called by scripts/bench.mjs (`--only=console`),
// which writes the result as a kept section of docs/benchmarks.md (in place: the other sections stay as they are).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const gzipSize = (file) => gzipSync(readFileSync(file)).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** The scripts index.html loads and everything they import statically: what runs before any import(). */
export function entryClosure(distDir) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const start = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map(
    (m) => m[1],
  );
  const toFile = (url) => join(distDir, url.replace(/^\/system\//, '').replace(/^\//, ''));
  const seen = new Set();
  const queue = start.map(toFile);
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    // Static imports in Rollup's minified output: `import{a as b}from"./x.js"` and `import"./x.js"`.
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*"(\.\/[^"]+\.js)"/g)) queue.push(join(file, '..', m[1]));
  }
  const files = [...seen];
  return {
    files: files.map((f) => f.slice(distDir.length + 1)),
    bytes: files.reduce((sum, f) => sum + readFileSync(f).length, 0),
    gzip: files.reduce((sum, f) => sum + gzipSize(f), 0),
  };
}

let sequence = Math.floor(Math.random() * 1e6);
async function register(url, postApi) {
  const telephone = `136${String(++sequence).padStart(8, '0')}`;
  const password = 'Passw0rd!bench';
  await postApi(url, 'user/sendRegisterCode', { username: telephone, smsType: 2 });
  const outbox = await (await fetch(`${url}/pmbok/dev/sms-outbox?telephone=${telephone}`)).json();
  return postApi(url, 'user/register', { telephone, password, repeatPassword: password, code: outbox.data.code });
}

/** What a signed-in browser keeps (console/src/session): the token and the selected team; the team check not due. */
const sessionScript = (token, teamId) => `
  localStorage.setItem('authorize_token', ${JSON.stringify(token)});
  localStorage.setItem('teamId', ${JSON.stringify(String(teamId))});
  localStorage.setItem('teamCheckTime', String(Date.now()));`;

/**
 * Scripts a fresh browser started to fetch before the login form's password field was in the page, and the time it
 * took. The page itself notes when the field appeared (a MutationObserver) and its Resource Timing entries say when
 * each script was asked for, so a script requested right after the form (Faro, once the page has painted) does not
 * count because the test runner noticed the form a few milliseconds late.
 */
async function loginScripts(browser, url, distDir) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  await context.addInitScript(() => {
    new MutationObserver((_changes, observer) => {
      if (!document.querySelector('input[name="password"]')) return;
      window.__formAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  const started = performance.now();
  await page.goto(`${url}/system/#/login`);
  await page.locator('input[name="password"]').first().waitFor({ timeout: 30_000 });
  const { formAt, before } = await page.evaluate(() => ({
    formAt: window.__formAt,
    before: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js') && entry.startTime <= window.__formAt)
      .map((entry) => new URL(entry.name).pathname),
  }));
  const formMs = formAt ?? performance.now() - started;
  await context.close();
  const files = before.map((p) => join(distDir, p.replace(/^\/system\//, '')));
  return {
    formMs,
    files: before.map((p) => p.replace(/^\/system\//, '')),
    gzip: files.reduce((sum, f) => sum + (existsSync(f) ? gzipSize(f) : 0), 0),
    bytes: files.reduce((sum, f) => sum + (existsSync(f) ? readFileSync(f).length : 0), 0),
  };
}

/** Navigation to the first element of a signed-in screen, in a fresh browser context (nothing cached). */
async function firstScreen(browser, url, path, selector, session, runs) {
  const times = [];
  for (let n = 0; n < runs + 1; n++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await context.addInitScript(session);
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(`${url}/system/#${path}`);
    await page.locator(selector).first().waitFor({ timeout: 30_000 });
    if (n > 0) times.push(performance.now() - started); // the first run warms the server's read models
    await context.close();
  }
  return { median: median(times), max: Math.max(...times), runs: times.length };
}

/** Lighthouse's performance category; `session` (a script) runs on the origin first and storage is kept. */
export async function lighthouseScore(target, { preset, session, origin }) {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    if (session) {
      // Storage set through the DevTools protocol on the origin, then Lighthouse told not to clear it.
      const puppeteer = await import('puppeteer-core');
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      await page.goto(`${origin}/healthz`);
      await page.evaluate(session);
      await page.close();
      await browser.disconnect();
    }
    const flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: Boolean(session),
    };
    const result = await lighthouse(target, flags, preset === 'desktop' ? desktopConfig : undefined);
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no report');
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id) => lhr.audits[id]?.numericValue;
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      finalUrl: lhr.finalDisplayedUrl,
    };
  } finally {
    chrome.kill();
  }
}

export async function benchConsole({ tools, quick, root }) {
  const { startChild, freePort, postApi, log } = tools;
  const distDir = resolve(process.env.CONSOLE_DIR ?? join(root, 'console/dist'));
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`no console bundle in ${distDir} (npm run build)`);
  const closure = entryClosure(distDir);
  log(`console: entry closure ${closure.files.length} scripts, ${kb(closure.gzip)} gzip`);

  const dataDir = mkdtempSync(join(tmpdir(), 'pmbok-bench-console-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const app = await startChild(
    'embedded app (console)',
    ['gateway/dist/embedded.js'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CONSOLE_DIR: distDir,
      SMS_PROVIDER: 'console',
      PMBOK_DEV_MODE: '1',
      LOG_LEVEL: 'warn',
    },
    `${url}/healthz`,
  );
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  try {
    const user = await register(url, postApi);
    const { teamId } = await postApi(url, 'team/create', { teamName: '控制台基准', sourceProject: '[]' }, user.token);
    const { taskProjectId: projectId } = await postApi(
      url,
      'task/newProject',
      { teamId, name: '控制台基准' },
      user.token,
    );
    for (const name of ['登录页', '注册页', '找回密码', '任务看板', '知识库首页']) {
      await postApi(url, 'task/newTask', { teamId, projectId, name }, user.token);
    }
    const session = sessionScript(user.token, teamId);
    const board = `/task/home/${projectId}`;

    const login = await loginScripts(browser, url, distDir);
    log(
      `console: login form after ${login.files.length} scripts, ${kb(login.gzip)} gzip, ${login.formMs.toFixed(0)} ms`,
    );
    const runs = quick ? 2 : 5;
    const home = await firstScreen(browser, url, '/index', '[data-testid="home-page"]', session, runs);
    const boardTime = await firstScreen(browser, url, board, '[data-testid="task-card"]', session, runs);
    log(`console: first screen home ${home.median.toFixed(0)} ms, task board ${boardTime.median.toFixed(0)} ms`);

    const scores = {};
    for (const preset of ['desktop', 'mobile']) {
      for (const [name, target, withSession] of [
        ['login', `${url}/system/#/login`, false],
        ['board', `${url}/system/#${board}`, true],
      ]) {
        try {
          scores[`${name}-${preset}`] = await lighthouseScore(target, {
            preset,
            origin: url,
            session: withSession ? session : undefined,
          });
          log(`console: Lighthouse ${name} (${preset}) ${scores[`${name}-${preset}`].score}`);
        } catch (error) {
          scores[`${name}-${preset}`] = { error: error.message };
          log(`console: Lighthouse ${name} (${preset}) failed: ${error.message}`);
        }
      }
    }
    return { distDir, closure, login, home, board: boardTime, scores };
  } finally {
    await browser.close();
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `assets/index-DoKeUYzr.js` → `index`: the chunk without its content hash. */
const chunkName = (file) => file.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '');

const SECTION_START = '<!-- kept --><!-- console -->';
const row = (name, s) =>
  s?.error
    ? `| ${name} | not measured: ${s.error.replaceAll('|', '/')} | | | | |`
    : `| ${name} | **${s.score}** | ${s.fcp.toFixed(0)} ms | ${s.lcp.toFixed(0)} ms | ${s.tbt.toFixed(0)} ms | ${s.cls.toFixed(3)} |`;

/** The section's markdown: this run's numbers, and the earlier rows kept under "Before". */
export function consoleSection(r, { machine, command, before }) {
  return [
    SECTION_START,
    "## Console: the login page's JavaScript, Lighthouse, a signed-in user's first screen",
    '',
    `Measured by \`${command}\` (\`scripts/bench/console.mjs\`) on ${machine.cpu}, ${machine.memory}, ${machine.os}, Node.js`,
    `${machine.node}, load ${machine.load}, ${machine.date}. The embedded app serves the built console; headless`,
    'Chromium (`/usr/bin/chromium`) on the same machine, so nothing here includes network time.',
    '',
    '- **Login JavaScript**: the gzip size (Node `zlib` default level, each file alone) of the scripts a fresh browser',
    '  asks for on `/system/#/login` before the password field is in the page (its Resource Timing against the moment',
    "  a MutationObserver saw the field; the time is the browser's, from the navigation's start); the static closure",
    '  of `index.html` (its scripts and what they `import` statically) is the same number read from the bundle alone.',
    '- **Lighthouse** 12, performance category only, one run each: the login page, and the task board',
    '  (`/task/home/{id}`, 5 tasks) of a user registered through the API with the session set in `localStorage` the way',
    '  `console/src/session` keeps it. Desktop preset (the console is a desktop app) and the default mobile preset',
    '  (simulated slow 4G and a 4× slower CPU).',
    `- **First screen**: from navigation to the home page's \`home-page\` element and to the board's first task card,`,
    `  a fresh browser context each time (nothing cached), median of ${r.home.runs} after one warm-up.`,
    '',
    '| measure | this run |',
    '| --- | ---: |',
    `| login page: scripts requested before the form | ${r.login.files.length} files, ${kb(r.login.bytes)}, **${kb(r.login.gzip)} gzip** |`,
    `| login page: static closure of index.html | ${r.closure.files.length} files, ${kb(r.closure.bytes)}, ${kb(r.closure.gzip)} gzip |`,
    `| login page: navigation → form drawn | ${r.login.formMs.toFixed(0)} ms (scripts: ${r.login.files.map(chunkName).join(', ')}) |`,
    `| signed-in first screen: home page (median / max) | **${r.home.median.toFixed(0)} ms** / ${r.home.max.toFixed(0)} ms |`,
    `| signed-in first screen: task board (median / max) | **${r.board.median.toFixed(0)} ms** / ${r.board.max.toFixed(0)} ms |`,
    '',
    '| Lighthouse | performance score | FCP | LCP | TBT | CLS |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    row('login page, desktop', r.scores['login-desktop']),
    row('task board, desktop', r.scores['board-desktop']),
    row('login page, mobile', r.scores['login-mobile']),
    row('task board, mobile', r.scores['board-mobile']),
    '',
    ...(before ? ['### Before and after', '', ...before, ''] : []),
    '<!-- /kept -->',
  ].join('\n');
}

/** Writes the section into the report in place: replaces this section if present, else appends it. */
export function writeConsoleSection(file, markdown) {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const pattern = /<!-- kept --><!-- console -->[\s\S]*?<!-- \/kept -->/;
  const next = pattern.test(text) ? text.replace(pattern, () => markdown) : `${text.trimEnd()}\n\n${markdown}\n`;
  writeFileSync(file, next);
}

/** The "Before and after" lines kept from the current section, so a new run keeps the comparison. */
export function keptComparison(file) {
  if (!existsSync(file)) return undefined;
  const section = readFileSync(file, 'utf8').match(/<!-- kept --><!-- console -->[\s\S]*?<!-- \/kept -->/)?.[0];
  const part = section?.split('### Before and after\n')[1]?.split('<!-- /kept -->')[0]?.trim();
  return part ? part.split('\n') : undefined;
}

/** Measures and writes the section (in place); used by scripts/bench.mjs for `--only=console` and full runs. */
export async function runConsoleBench({ tools, quick, root, out, machine, command }) {
  const result = await benchConsole({ tools, quick, root });
  writeConsoleSection(out, consoleSection(result, { machine: machine(), command, before: keptComparison(out) }));
  tools.log(`console: section written to ${out}`);
  return result;
}

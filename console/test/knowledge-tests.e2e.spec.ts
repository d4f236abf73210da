import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUpWithTeam } from './fixtures/knowledgeMock';
import { chromiumPath, hasChromium, launchChromium, outboxCode, type RunningApp, startApp } from './harness';
import { Person, poll } from './knowledgeHelpers';

/**
 * Issue 18's journey on the embedded app, through the screens: a first-time project's empty state, a case written
 * with assertions and an extraction and run against the app's own API (one assertion fails with its diff), a
 * scenario of three steps driven by a csv, its run watched live and its report, the failed assertion fixed from the
 * report's link and the failed steps run again until they pass, the same scenario against the project's mock; then
 * the API token tab. The runner may only reach the app on 127.0.0.1 because the app is started allowing it.
 */

const shots = '/tmp/shots/';
const telephone = `136${String(Date.now()).slice(-7)}8`;
const CSV = 'round,expected\r\n1,ok\r\n2,ok\r\n';

if (!hasChromium) console.warn(`tests e2e skipped: no Chromium at ${chromiumPath}`);

describe.skipIf(!hasChromium)('the API tests journey', () => {
  let app: RunningApp;
  let browser: Browser;
  let owner: Person;
  let projectId: number;
  const docs: Record<string, number> = {};
  let scenarioId = 0;
  let failedRunId = 0;

  const page = () => owner.page;
  const shot = (name: string) => page().screenshot({ path: `${shots}${name}.png`, animations: 'disabled' });
  const editor = () => page().getByTestId('case-editor');
  const select = async (combobox: Locator, option: string | RegExp) => {
    await combobox.click();
    await page()
      .getByRole('option', { name: option, exact: typeof option === 'string' })
      .click();
  };
  const tab = (within: Locator, name: RegExp) => within.getByRole('tab', { name }).click();
  /** Adds an api document with its 200 response (schema and example, which the mock answers). */
  const addApi = async (name: string, method: string, path: string, schema: object, example: object) => {
    const added = await owner.call('project/addStructure', {
      projectId,
      parentId: '0',
      kind: 'api',
      name,
      method,
      path,
    });
    expect(added.code, added.msg).toBe(200);
    const id: number = added.data.projectStructureId;
    const detail = (await owner.call('project/docDetail', { projectId, projectStructureId: id })).data;
    const response = {
      status: '200',
      name: '成功',
      description: '',
      mediaType: 'application/json',
      schema,
      headers: [],
      examples: [{ name: '示例', summary: '', value: example }],
      extra: {},
    };
    const saved = await owner.call('project/saveDoc', {
      projectId,
      projectStructureId: id,
      baseVersion: detail.version,
      doc: JSON.stringify({ ...detail.api, responses: [response] }),
    });
    expect(saved.code, saved.msg).toBe(200);
    docs[name] = id;
  };
  const runStatus = (locator: Locator) => poll(() => locator.getAttribute('data-status'));

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    // the runner refuses loopback unless allowed: the journey tests the app against itself
    const allowed = process.env.PMBOK_TEST_ALLOWED_NETWORKS;
    process.env.PMBOK_TEST_ALLOWED_NETWORKS = '127.0.0.1/32';
    try {
      app = await startApp();
    } finally {
      // the other suites in this process start their apps as they were
      if (allowed === undefined) delete process.env.PMBOK_TEST_ALLOWED_NETWORKS;
      else process.env.PMBOK_TEST_ALLOWED_NETWORKS = allowed;
    }
    browser = await launchChromium();
    const account = await signUpWithTeam(app.url, telephone, outboxCode);
    owner = await Person.open(browser, app.url, { width: 1440, height: 960 });
    await owner.signedInAs(account.token, account.teamId);
    const created = await owner.call('project/create', {
      name: '运维平台',
      privateType: 'members',
      docPrivateType: 'public',
    });
    expect(created.code, created.msg).toBe(200);
    projectId = created.data.projectId;
    await addApi(
      '健康检查',
      'GET',
      '/healthz',
      { type: 'object', required: ['status'], properties: { status: { type: 'string', description: '状态' } } },
      { status: 'ok' },
    );
    await addApi(
      '系统信息',
      'POST',
      '/pmbok/api/system/info',
      {
        type: 'object',
        required: ['code', 'data'],
        properties: {
          code: { type: 'integer' },
          msg: { type: 'string' },
          data: { type: 'object', properties: { devMode: { type: 'boolean' }, smsDelivery: { type: 'string' } } },
        },
      },
      { code: 200, msg: 'ok', data: { devMode: true, smsDelivery: 'console' } },
    );
    const environment = await owner.call('project/addProjectBaseUrl', {
      projectId,
      name: '本机',
      baseUrl: app.url,
      variables: JSON.stringify([{ name: 'adminToken', value: 's3cr3t-value', description: '', secret: true }]),
      headers: '[]',
    });
    expect(environment.code, environment.msg).toBe(200);
  });

  afterEach(async (test) => {
    if (test.task.result?.state !== 'fail') return;
    if (owner?.errors.length) console.error(owner.errors);
    await owner?.page.screenshot({ path: `${shots}failed-${test.task.name.slice(0, 24).replace(/\W+/g, '-')}.png` });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('greets a project without cases with a way to write the first one', async () => {
    await owner.goto(`/project/test/${projectId}`);
    const empty = page().getByTestId('tests-empty');
    await empty.waitFor();
    await owner.text('为接口写下第一个测试用例', empty);
    await owner.settle();
    await shot('tests-empty');
    await select(empty.getByRole('combobox', { name: '选择接口' }), /^GET\s*健康检查/);
    await empty.getByRole('button', { name: '新建第一个用例' }).click();
    await editor().waitFor();
    await owner.waitForHash(new RegExp(`doc=${docs.健康检查}`));
  });

  it('writes a case with assertions and an extraction, runs it against the app and sees one assertion fail', async () => {
    const case_ = editor();
    // the request and first checks come from the document
    await poll(() => case_.getByRole('textbox', { name: '请求地址' }).inputValue()).toBe('/healthz');
    await case_.getByLabel('用例名称').fill('健康检查');
    await tab(case_, /^断言/);
    const assertions = case_.getByTestId('case-assertions');
    await poll(() =>
      assertions.getByTestId('assertion-row').evaluateAll((rows) => rows.map((r) => r.dataset.source)),
    ).toEqual(['status', 'schema']);
    await case_.getByRole('button', { name: '添加断言' }).click();
    await case_.getByRole('textbox', { name: '路径 / 名称 3' }).fill('$.status');
    // the mistake the report will show
    await case_.getByRole('textbox', { name: '期望值 3' }).fill('okay');
    await case_.getByRole('button', { name: '添加断言' }).click();
    await select(assertions.getByTestId('assertion-row').nth(3).getByRole('combobox').first(), '响应时间');
    await case_.getByRole('textbox', { name: '期望值 4' }).fill('3000');
    await tab(case_, /^提取变量/);
    await case_.getByRole('button', { name: '添加提取' }).click();
    await case_.getByRole('textbox', { name: '变量名 1' }).fill('health');
    await case_.getByRole('textbox', { name: '表达式 1' }).fill('$.status');
    // a test script from the snippets, and the pm API's reference beside them
    await tab(case_, /^测试脚本/);
    await case_.getByRole('button', { name: '检查状态码为 200' }).click();
    await poll(() => case_.getByTestId('case-script-test').locator('.cm-content').textContent()).toContain(
      'pm.response.to.have.status(200)',
    );
    const help = await case_.getByTestId('pm-api-help').getAttribute('href');
    const reference = await fetch(new URL(help ?? '', `${app.url}/system/`));
    expect(reference.status).toBe(200);
    expect(await reference.text()).toContain('pm.sendRequest');
    await select(case_.getByRole('combobox', { name: '运行环境' }), /^本机/);

    await case_.getByTestId('case-run-button').click();
    await owner.waitForHash(/case=\d+/);
    const run = case_.getByTestId('case-run');
    await run.waitFor();
    await runStatus(run).toBe('failed');
    const failed = run.locator('[data-testid="assertion-result"][data-passed="false"]');
    await poll(() => failed.count()).toBe(1);
    const diff = failed.getByTestId('assertion-diff');
    await poll(() => diff.textContent()).toMatch(/期望.*okay.*实际.*ok/s);
    // the three other assertions and the script's pm.test
    expect(await run.locator('[data-testid="assertion-result"][data-passed="true"]').count()).toBe(4);
    await owner.text('检查状态码为 200', run);
    await poll(() => run.getByTestId('response-body').textContent()).toContain('"status": "ok"');
    await tab(case_, /^断言/);
    // the editor with its result below, whole
    await page().setViewportSize({ width: 1440, height: 1500 });
    await page().getByText('用例已保存').waitFor({ state: 'hidden', timeout: 20_000 });
    await owner.settle();
    await shot('case-editor');
    await page().setViewportSize({ width: 1440, height: 960 });

    const saved = await owner.call('project/testCases', { projectId });
    expect(saved.data.list).toHaveLength(1);
    const stored = (await owner.call('project/testCase', { projectId, testCaseId: saved.data.list[0].testCaseId }))
      .data;
    expect(stored.content.testScript).toContain('pm.test("检查状态码为 200"');
    expect(stored.content.extractions).toMatchObject([{ variable: 'health', source: 'jsonPath', path: '$.status' }]);
    expect(stored.content.assertions.map((a: { source: string }) => a.source)).toEqual([
      'status',
      'schema',
      'jsonPath',
      'responseTime',
    ]);
  });

  it('builds a scenario of three steps driven by a csv', async () => {
    // the second case, whose request uses the extracted variable and the csv's column
    const second = await owner.call('project/saveTestCase', {
      projectId,
      projectStructureId: docs.系统信息 as number,
      name: '系统信息',
      content: JSON.stringify({
        request: {
          method: 'POST',
          url: '/pmbok/api/system/info',
          query: [{ name: 'round', value: '{{round}}' }],
          headers: [
            { name: 'X-Health', value: '{{health}}' },
            { name: 'X-Admin', value: '{{adminToken}}' },
          ],
          body: { type: 'none' },
        },
        assertions: [
          { id: 'a1', source: 'jsonPath', path: '$.code', operator: 'equals', expected: '200' },
          { id: 'a2', source: 'jsonPath', path: '$.data.devMode', operator: 'type', expected: 'boolean' },
        ],
        extractions: [],
        preScript: '',
        testScript:
          "pm.test('带上了健康状态', () => pm.expect(pm.request.headers.get('X-Health')).to.eql(pm.iterationData.get('expected')));",
      }),
    });
    expect(second.code, second.msg).toBe(200);
    await owner.goto(`/project/test/${projectId}?tab=scenarios`);
    await page().getByRole('button', { name: '新建场景' }).click();
    const scenario = page().getByTestId('scenario-editor');
    await scenario.waitFor();
    await scenario.getByLabel('场景名称').fill('健康巡检');
    await select(scenario.getByRole('combobox', { name: '运行环境' }), /^本机/);
    await scenario.getByRole('switch', { name: '失败时停止' }).uncheck();

    const addCase = async (name: string) => {
      await scenario.getByTestId('add-step').last().click();
      await page().getByRole('menuitem', { name: '用例' }).click();
      const dialog = page().getByRole('dialog', { name: '选择用例' });
      // the picker opens on focus; typing narrows it
      await dialog.getByRole('combobox', { name: '选择用例' }).fill(name);
      await page().getByRole('option', { name }).click();
      await dialog.getByRole('button', { name: /添加 1 个步骤/ }).click();
      await dialog.waitFor({ state: 'hidden' });
    };
    await addCase('健康检查');
    await scenario.getByTestId('add-step').last().click();
    await page().getByRole('menuitem', { name: '等待' }).click();
    await scenario.getByRole('spinbutton', { name: '等待毫秒数' }).fill('1500');
    await addCase('系统信息');
    await poll(() => scenario.getByTestId('step-row').evaluateAll((rows) => rows.map((r) => r.dataset.kind))).toEqual([
      'case',
      'wait',
      'case',
    ]);

    // reordered by keyboard (the handle: space, arrow, space) and back by the arrows
    const kinds = () => scenario.getByTestId('step-row').evaluateAll((rows) => rows.map((r) => r.dataset.kind));
    const handle = scenario.getByTestId('step-row').nth(1).getByRole('button', { name: '拖动排序' });
    await handle.focus();
    // each key once the sortable list has measured and drawn what the last one did
    for (const key of ['Space', 'ArrowDown', 'Space']) {
      await page().keyboard.press(key);
      await page().evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    }
    await poll(kinds).toEqual(['case', 'case', 'wait']);
    await scenario.getByTestId('step-row').nth(2).getByRole('button', { name: '上移' }).click();
    await poll(kinds).toEqual(['case', 'wait', 'case']);
    await owner.settle();
    await shot('scenario-editor');

    await tab(scenario, /^变量/);
    await scenario.getByRole('button', { name: '添加变量' }).click();
    await scenario.getByRole('textbox', { name: '变量名 1' }).fill('adminToken');
    await scenario.getByLabel('初始值 1').fill('scenario-secret');
    await scenario.getByRole('switch', { name: '保密 1' }).check();
    await tab(scenario, /^数据文件/);
    // a file over the limit is refused before it is read
    await scenario.getByTestId('data-file-input').setInputFiles({
      name: '全量数据.csv',
      mimeType: 'text/csv',
      buffer: Buffer.alloc(11 * 1024 * 1024, 'a'),
    });
    await owner.text('数据文件不能超过 10 MB，当前 11.0 MB', scenario.getByTestId('data-file-error'));
    await scenario.getByTestId('data-file-error').getByRole('button').click();
    await scenario.getByTestId('data-file-input').setInputFiles({
      name: '巡检数据.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${CSV}`),
    });
    const preview = scenario.getByTestId('data-preview');
    await preview.waitFor();
    await owner.text('巡检数据.csv：2 行 × 2 列，将运行 2 轮', preview);
    await owner.settle();
    await shot('scenario-data');
    await scenario.getByRole('button', { name: '保存' }).click();
    await owner.waitForHash(/scenario=\d+/);
    scenarioId = Number(/scenario=(\d+)/.exec(await page().evaluate(() => location.hash))?.[1]);
    const stored = (await owner.call('project/testScenario', { projectId, testScenarioId: scenarioId })).data;
    expect(stored.content).toMatchObject({
      stopOnFailure: false,
      data: {
        columns: ['round', 'expected'],
        rows: [
          ['1', 'ok'],
          ['2', 'ok'],
        ],
      },
    });
    expect(stored.content.steps.map((s: { kind: string }) => s.kind)).toEqual(['case', 'wait', 'case']);
    expect(stored.content.variables).toEqual([{ name: 'adminToken', value: 'scenario-secret', secret: true }]);
  });

  it('runs the scenario against the app with live progress, then its report shows the failed assertion', async () => {
    const scenario = page().getByTestId('scenario-editor');
    await scenario.getByTestId('scenario-run-button').click();
    const run = page().getByTestId('run-view');
    await run.waitFor();
    await run.getByTestId('run-progress').waitFor();
    // the first request is in while the wait holds the second
    await poll(async () => Number(await run.getByTestId('run-progress').getAttribute('data-done'))).toBeGreaterThan(0);
    await shot('scenario-run-progress');
    await runStatus(run).toBe('failed');
    failedRunId = Number(await run.getAttribute('data-run-id'));

    const results = run.getByTestId('run-result');
    await poll(() => results.count()).toBe(4);
    expect(await run.getByTestId('run-iteration').count()).toBe(2);
    const failed = run.locator('[data-testid="run-result"][data-passed="false"]');
    expect(await failed.count()).toBe(2);
    // a failed request opens by default, with expected against actual
    await poll(() => failed.first().getByTestId('assertion-diff').textContent()).toMatch(/okay/);
    // the second case got the extracted value and the row's column
    const passed = run.locator('[data-testid="run-result"][data-name="系统信息"]').first();
    await passed.click();
    await passed.getByRole('tab', { name: '请求' }).click();
    await poll(() => passed.textContent()).toMatch(/round=1/);
    await poll(() => passed.textContent()).toMatch(/X-Health.*ok/s);
    // the environment's secret variable went out, and the report shows it masked
    await poll(() => passed.textContent()).toMatch(/X-Admin\*{6}/);
    expect(await run.textContent()).not.toContain('s3cr3t-value');
    await passed.locator('.MuiAccordionSummary-root').click();
    await run.evaluate((element) => {
      if (element.parentElement) element.parentElement.scrollTop = 0;
    });
    await owner.settle();
    await shot('scenario-report');
    const summary = run.getByTestId('run-summary');
    await poll(() => summary.locator('[data-card="requests"]').textContent()).toContain('4');
  });

  it('fixes the assertion from the report and runs the failed steps again until they pass', async () => {
    const run = page().getByTestId('run-view');
    await run.locator('[data-testid="run-result"][data-passed="false"]').first().getByTestId('open-case').click();
    const case_ = editor();
    await case_.waitFor();
    await tab(case_, /^断言/);
    await case_.getByRole('textbox', { name: '期望值 3' }).fill('ok');
    await case_.getByRole('button', { name: '保存' }).click();
    await poll(() => case_.getAttribute('data-dirty')).toBe('false');
    await owner.goto(`/project/test/${projectId}?tab=runs&run=${failedRunId}`);
    await page().getByTestId('run-view').getByRole('button', { name: '重新运行失败的步骤' }).click();
    const again = page().locator(`[data-testid="run-view"]:not([data-run-id="${failedRunId}"])`);
    await again.waitFor();
    await runStatus(again).toBe('passed');
    await again.getByTestId('rerun-of').waitFor();
    // only the failed steps ran: the health check of each iteration
    await poll(() => again.getByTestId('run-result').count()).toBe(2);
  });

  it('runs the same scenario against the project mock', async () => {
    await owner.goto(`/project/test/${projectId}?tab=scenarios&scenario=${scenarioId}`);
    const scenario = page().getByTestId('scenario-editor');
    await scenario.waitFor();
    await select(scenario.getByRole('combobox', { name: '运行环境' }), /^模拟环境/);
    await scenario.getByTestId('scenario-run-button').click();
    const run = page().getByTestId('run-view');
    await run.waitFor();
    await runStatus(run).toBe('passed');
    await poll(() => run.getByTestId('run-result').count()).toBe(4);
    expect(await run.getByTestId('run-result').first().textContent()).toContain('/mock/');
    await owner.settle();
    await shot('scenario-report-mock');
    await owner.text('环境：模拟环境 (Mock)', run);
    // the history of the scenario, then every run with the case's own
    const statuses = () =>
      page()
        .getByTestId('run-item')
        .evaluateAll((items) => items.map((i) => i.dataset.status));
    await poll(statuses).toEqual(['passed', 'passed', 'failed']);
    await select(page().getByRole('combobox', { name: '按场景筛选' }), '全部运行');
    await poll(statuses).toEqual(['passed', 'passed', 'failed', 'failed']);
  });

  it('cancels a run under way', async () => {
    await owner.goto(`/project/test/${projectId}?tab=scenarios&scenario=${scenarioId}`);
    await page().getByTestId('scenario-run-button').click();
    const run = page().getByTestId('run-view');
    await run.getByTestId('run-progress').waitFor();
    // the scenario's waits hold it for three seconds
    await run.getByRole('button', { name: '取消运行' }).click();
    await runStatus(run).toBe('cancelled');
    await owner.text('已取消', run);
  });

  it('exports the scenario as a plan file the pmbok-test CLI runs on its own', async () => {
    await owner.goto(`/project/test/${projectId}?tab=scenarios&scenario=${scenarioId}`);
    const scenario = page().getByTestId('scenario-editor');
    await scenario.waitFor();
    const [download] = await Promise.all([
      page().waitForEvent('download'),
      scenario.getByTestId('scenario-export-plan').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pmbok-plan\.json$/);
    const file = await download.path();
    const { plan } = JSON.parse(readFileSync(file, 'utf8'));
    expect(plan.entry).toEqual({ scenarioKey: String(scenarioId) });
    // The CLI as a pipeline runs it (built by npm test's build step), with nothing else than the file.
    const cli = fileURLToPath(new URL('../../runner/bin/pmbok-test.js', import.meta.url));
    const junit = join(dirname(file), 'junit.xml');
    const run = spawnSync(process.execPath, [cli, 'run', file, '-r', 'junit', '--reporter-junit-export', junit], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(junit, 'utf8')).toContain('<testsuites');
  });

  it("lists a schema assertion's differences from the document with their JSON paths", async () => {
    await addApi(
      '存活检查',
      'GET',
      '/healthz',
      {
        type: 'object',
        required: ['status', 'uptime'],
        properties: { status: { type: 'string', enum: ['ready'] }, uptime: { type: 'integer' } },
      },
      { status: 'ready', uptime: 1 },
    );
    const saved = await owner.call('project/saveTestCase', {
      projectId,
      projectStructureId: docs.存活检查 as number,
      name: '存活检查',
      content: JSON.stringify({
        request: { method: 'GET', url: '/healthz' },
        assertions: [{ id: 's1', source: 'schema', operator: 'conforms' }],
        extractions: [],
        preScript: '',
        testScript: '',
      }),
    });
    expect(saved.code, saved.msg).toBe(200);
    await owner.goto(`/project/test/${projectId}?tab=cases&case=${saved.data.testCaseId}`);
    await select(editor().getByRole('combobox', { name: '运行环境' }), /^本机/);
    await editor().getByTestId('case-run-button').click();
    const run = editor().getByTestId('case-run');
    await runStatus(run).toBe('failed');
    const errors = run.getByTestId('schema-errors');
    await poll(() => errors.textContent()).toContain('uptime');
    await poll(() => errors.textContent()).toContain('/status');
    await run.evaluate((element) => element.scrollIntoView());
    await owner.settle();
    await shot('case-schema-diff');
  });

  it('shows an environment variable kept secret with its switch on', async () => {
    await owner.goto(`/project/setting/${projectId}?tab=environments`);
    await page().locator('[data-testid="environment"][data-name="本机"]').getByRole('button', { name: '编辑' }).click();
    const dialog = page().getByRole('dialog');
    const secret = dialog.getByRole('switch', { name: /环境变量 1 保密/ });
    expect(await secret.isChecked()).toBe(true);
    expect(await dialog.getByLabel('环境变量 1 值').getAttribute('type')).toBe('password');
    await secret.uncheck();
    expect(await dialog.getByLabel('环境变量 1 值').getAttribute('type')).toBe('text');
    await dialog.getByRole('button', { name: '取消' }).click();
  });

  it('reads in English', async () => {
    const english = await Person.open(browser, app.url, { locale: 'en-US' });
    await english.signedInAs(owner.token, owner.teamId);
    await english.goto(`/project/test/${projectId}?tab=runs&run=${failedRunId}`);
    const run = english.page.getByTestId('run-view');
    await run.waitFor();
    await english.page.getByRole('button', { name: '简体中文' }).click();
    await english.page.getByRole('menuitem', { name: 'English' }).click();
    await english.text('Re-run the failed steps', run);
    await english.text('Iteration 1', run);
    await english.settle();
    await english.page.screenshot({ path: `${shots}report-en.png` });
    await english.context.close();
  });

  it('lets a manager create an API token, shown once with its command line, and revoke it', async () => {
    await owner.goto(`/project/setting/${projectId}?tab=tokens`);
    const tokens = page().getByTestId('tokens-tab');
    await tokens.waitFor();
    await tokens.getByRole('button', { name: '创建令牌' }).click();
    const naming = page().getByRole('dialog', { name: '创建令牌' });
    await naming.getByLabel('名称').fill('GitLab CI');
    await naming.getByRole('button', { name: '创建令牌' }).click();
    const created = page().getByTestId('token-created');
    await created.waitFor();
    const token = (await created.getByTestId('token-value').textContent()) ?? '';
    expect(token).toMatch(/^pmbok_pt_[A-Za-z0-9_-]{43}$/);
    expect(await created.getByTestId('token-command').textContent()).toBe(
      `npx pmbok-test run --server ${app.url} --token ${token} --project ${projectId}`,
    );
    await owner.settle();
    await shot('token-dialog');
    // the token works for the CLI's calls
    const plan = await fetch(`${app.url}/pmbok/api/project/testPlan`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      // every scenario of the project
      body: new URLSearchParams({ projectId: String(projectId) }),
    });
    const answer = (await plan.json()) as { code: number; msg: string };
    expect(answer.code, answer.msg).toBe(200);
    await created.getByRole('button', { name: '我已保存' }).click();
    const row = tokens.locator('[data-testid="token-row"][data-name="GitLab CI"]');
    await row.getByRole('button', { name: '撤销' }).click();
    await page().getByRole('dialog').getByRole('button', { name: '撤销' }).click();
    await owner.text('已撤销', row);
  });
});

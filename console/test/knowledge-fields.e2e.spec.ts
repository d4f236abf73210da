import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dataField, type FieldsMock, issue, mockFields } from './fixtures/fieldsMock';
import { type KnowledgeMock, mockKnowledge, node, signUpWithTeam } from './fixtures/knowledgeMock';
import { hasChromium, launchChromium, outboxCode, type RunningApp, startApp } from './harness';
import { poll, screenshots } from './knowledgeHelpers';

/**
 * The field standard screens (issue 17) with the field calls answered in the browser: the libraries on the generic
 * list (inherited team fields read only), the form, the import, the SQL / JSON dialog, the comparison and its fixes,
 * and what viewers and local mode see.
 */

const telephone = `137${String(Date.now()).slice(-7)}5`;

function fields(): FieldsMock {
  return {
    project: [
      dataField(1, 'userId', {
        type: 'integer',
        format: 'int64',
        description: '用户编号',
        example: 10086,
        aliases: ['uid'],
        uses: 12,
        mockRule: '@id',
      }),
      dataField(2, 'orderStatus', { description: '订单状态', enum: ['paid', 'shipped'], uses: 3 }),
    ],
    team: [
      dataField(11, 'mobile', {
        scope: 'team',
        projectId: 0,
        description: '手机号',
        aliases: ['phone'],
        mockRule: '@mobile',
        example: '13800138000',
      }),
    ],
    teamRole: 'owner',
    report: {
      projectId: 1,
      convention: 'camelCase',
      reportHash: 'r1',
      checkedDocs: 14,
      checkedFields: 213,
      libraryFields: 3,
      counts: { type: 1, format: 0, descriptionMissing: 1, descriptionDiffers: 0, naming: 1, missing: 1 },
      issues: [
        issue('i-type', 'type'),
        issue('i-desc', 'descriptionMissing', {
          fieldName: 'mobile',
          actual: { name: 'mobile', type: 'string', format: '', description: '' },
          expected: { name: 'mobile', type: 'string', format: '', description: '手机号' },
          message: '字段 mobile 没有说明，字段库中是：手机号',
        }),
        issue('i-name', 'naming', {
          fieldName: 'user_name',
          actual: { name: 'user_name', type: 'string', format: '', description: '用户名' },
          expected: { name: 'userName', type: 'string', format: '', description: '用户名' },
          fixes: ['rename'],
          message: '字段 user_name 不符合驼峰命名，应为 userName',
        }),
        issue('i-miss', 'missing', {
          fieldName: 'pageSize',
          useCount: 5,
          actual: { name: 'pageSize', type: 'integer', format: '', description: '每页条数' },
          expected: null,
          fixes: ['addToLibrary'],
          message: '字段 pageSize 用于 5 篇文档，字段库中没有',
        }),
      ],
    },
    calls: [],
  };
}

const nodes = [node(1, 0, 'folder', '用户'), node(2, 1, 'api', '获取用户', { method: 'GET', path: '/users/{id}' })];

describe.skipIf(!hasChromium)('the field standard screens (answers mocked in the browser)', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let account: { token: string; teamId: string };
  const errors: string[] = [];

  async function open(role: KnowledgeMock['role'], mock: FieldsMock, hash: string) {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1440, height: 960 }, locale: 'zh-CN' });
    await context.addInitScript(
      ([t, team]) => {
        localStorage.setItem('teamCheckTime', String(Date.now()));
        localStorage.setItem('authorize_token', t as string);
        localStorage.setItem('teamId', team as string);
      },
      [account.token, account.teamId],
    );
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (error) => errors.push(error.message));
    await mockKnowledge(page, { nodes, role, drops: [], newerVersion: null, docs: new Map() });
    await mockFields(page, mock);
    await page.goto(`${app.url}/system/#${hash}`);
  }
  const callsOf = (mock: FieldsMock, call: string) => mock.calls.filter((c) => c.call === `project/${call}`);
  const row = (name: string) => page.locator('tbody tr').filter({ has: page.locator(`[data-field-name="${name}"]`) });

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    app = await startApp();
    browser = await launchChromium();
    account = await signUpWithTeam(app.url, telephone, outboxCode);
  });
  afterEach(async (test) => {
    if (test.task.result?.state === 'fail') {
      if (errors.length) console.error('page errors:', errors);
      const name = test.task.name.slice(0, 16).replace(/\W+/g, '-');
      await page?.screenshot({ path: `${screenshots}failed-fields-${name}.png` }).catch(() => undefined);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('lists the project fields with the inherited team fields read only, and creates one in the form', async () => {
    const mock = fields();
    await open('owner', mock, '/project/field/1');
    await row('userId').waitFor();
    expect(await row('userId').getByText('uid').count()).toBe(1);
    // the team's mobile is listed in the project with a chip and without edit or delete
    await row('mobile').getByTestId('inherited').waitFor();
    expect(await row('mobile').getByRole('button', { name: '编辑' }).count()).toBe(0);
    expect(await row('userId').getByRole('button', { name: '编辑' }).count()).toBe(1);
    await page.screenshot({ path: `${screenshots}knowledge-fields-library.png`, fullPage: true });

    await page.getByRole('button', { name: '新建字段' }).click();
    const form = page.getByRole('dialog', { name: '表单' });
    await form.locator('input[name="name"]').fill('createTime');
    await form.locator('input[name="aliasesText"]').fill('created_at, gmtCreate');
    await form.getByRole('combobox', { name: '类型' }).click();
    await page.getByRole('option', { name: 'integer', exact: true }).click();
    await form.locator('input[name="format"]').fill('int64');
    await form.locator('textarea[name="description"]').fill('创建时间（毫秒）');
    await form.locator('textarea[name="exampleText"]').fill('{bad');
    await form.getByRole('button', { name: '确认' }).click();
    // a typed example that is not JSON is refused before any call
    await page.getByText('示例不是合法的 JSON', { exact: false }).waitFor();
    expect(callsOf(mock, 'saveDataField')).toHaveLength(0);
    await form.locator('textarea[name="exampleText"]').fill('1732406400000');
    await form.locator('input[name="mockRule"]').fill('@timestamp');
    await form.getByRole('button', { name: '确认' }).click();
    await row('createTime').waitFor();
    expect(callsOf(mock, 'saveDataField')[0]?.body).toMatchObject({
      projectId: '1',
      scope: 'project',
      name: 'createTime',
      aliases: '["created_at","gmtCreate"]',
      type: 'integer',
      example: '1732406400000',
      enum: '[]',
      mockRule: '@timestamp',
    });
    expect(errors).toEqual([]);
  });

  it('imports rows from a CSV file, one saveDataField each, with the refusal on its row', async () => {
    const mock = fields();
    await open('owner', mock, '/project/field/1');
    await row('userId').waitFor();
    await page.getByTestId('open-import').click();
    const csv = '字段名,类型,说明,Mock 规则\nnickname,string,昵称,@cname\nuserId,integer,重复的,\n';
    await page
      .getByTestId('import-files')
      .setInputFiles({ name: 'fields.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: '开始导入' }).click();
    await page.getByText('字段 userId 已存在').waitFor();
    expect(callsOf(mock, 'saveDataField').map((c) => c.body.name)).toEqual(['nickname', 'userId']);
    expect(callsOf(mock, 'saveDataField')[0]?.body).toMatchObject({ description: '昵称', mockRule: '@cname' });
    await page.screenshot({ path: `${screenshots}knowledge-fields-import.png` });
    await page.getByRole('button', { name: '关闭' }).click();
    await row('nickname').waitFor();
  });

  it('builds fields from a SQL table: the line of an error, the existing field unticked, the rest added', async () => {
    const mock = fields();
    await open('owner', mock, '/project/field/1');
    await page.getByRole('button', { name: '从 SQL / JSON 生成' }).click();
    const dialog = page.getByRole('dialog', { name: '从 SQL / JSON 生成字段' });
    await dialog.getByTestId('field-source-text').fill('CREAT TABLE t_user (id int)');
    await dialog.getByRole('button', { name: '解析' }).click();
    await dialog.getByTestId('field-source-error').getByText('第 1 行附近有语法错误').waitFor();

    await dialog
      .getByTestId('field-source-text')
      .fill("CREATE TABLE t_user (\n  id BIGINT NOT NULL COMMENT '用户编号',\n  user_name VARCHAR(64) NOT NULL\n);");
    await dialog.getByRole('button', { name: '解析' }).click();
    await dialog.getByText('找到 5 个字段').waitFor();
    expect(await dialog.getByTestId('field-source-error').count()).toBe(0);
    const existing = dialog.locator('[data-candidate="user_name"]');
    await existing.getByTestId('candidate-exists').waitFor();
    expect(await existing.getByRole('checkbox').isChecked()).toBe(false);
    expect(await dialog.locator('[data-candidate="mobile"]').getByRole('checkbox').isChecked()).toBe(true);
    await dialog.locator('[data-candidate="mobile"]').getByRole('checkbox').uncheck();
    await page.screenshot({ path: `${screenshots}knowledge-fields-sql.png` });
    await dialog.getByRole('button', { name: '添加所选（3）' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const sent = JSON.parse(callsOf(mock, 'saveDataFields')[0]?.body.fields ?? '[]');
    expect(sent.map((f: { name: string }) => f.name)).toEqual(['id', 'status', 'created_at']);
    expect(sent[0]).toMatchObject({ type: 'integer', format: 'int64', description: '用户编号' });
    expect(callsOf(mock, 'saveDataFields')[0]?.body.onExisting).toBe('skip');
    await row('created_at').waitFor();
  });

  it('compares the documents, filters by kind, applies the ticked fixes and links the history', async () => {
    const mock = fields();
    await open('owner', mock, '/project/field/1?tab=compare');
    await page.getByLabel('命名规范').click();
    await page.getByRole('option', { name: '下划线 snake_case' }).click();
    await page.getByRole('button', { name: '开始比对' }).click();
    await page.getByTestId('compare-summary').getByText('检查了 14 篇文档、213 个字段', { exact: false }).waitFor();
    expect(callsOf(mock, 'fieldCompare')[0]?.body).toMatchObject({ convention: 'snake_case', minUses: '3' });
    const issues = page.getByTestId('compare-issues');
    await poll(() => issues.locator('tbody tr').count()).toBe(4);
    const typeRow = issues.locator('[data-issue="i-type"]');
    expect(await typeRow.getByRole('link', { name: '获取用户' }).getAttribute('href')).toBe('#/project/index/1?doc=2');
    await typeRow.getByRole('checkbox').check();
    await issues.locator('[data-issue="i-miss"]').getByRole('checkbox').check();
    await page.screenshot({ path: `${screenshots}knowledge-fields-compare.png`, fullPage: true });

    await page.getByTestId('compare-count-naming').click();
    await poll(() => issues.locator('tbody tr').count()).toBe(1);
    await issues.locator('[data-issue="i-name"]').getByRole('checkbox').check();
    await page.getByRole('button', { name: '应用所选修复（3）' }).click();
    await page.getByTestId('compare-applied').waitFor();
    const fixes = JSON.parse(callsOf(mock, 'fieldCompareUpdate')[0]?.body.fixes ?? '[]');
    expect(fixes).toEqual([
      { issueId: 'i-type', action: 'useLibrary' },
      { issueId: 'i-miss', action: 'addToLibrary' },
      { issueId: 'i-name', action: 'rename' },
    ]);
    expect(callsOf(mock, 'fieldCompareUpdate')[0]?.body.reportHash).toBe('r1');
    // the report is read again after the fixes
    await poll(() => callsOf(mock, 'fieldCompare').length).toBe(2);
    await page.getByTestId('compare-applied').getByRole('link', { name: '查看历史记录' }).click();
    await page.waitForFunction(() => window.location.hash.startsWith('#/project/history/1'));
    expect(errors).toEqual([]);
  });

  it('refuses fixes to a report the documents have moved past, and reads the report again', async () => {
    const mock = fields();
    await open('owner', mock, '/project/field/1?tab=compare');
    await page.getByRole('button', { name: '开始比对' }).click();
    const issues = page.getByTestId('compare-issues');
    await issues.locator('[data-issue="i-type"]').getByRole('checkbox').check();
    // someone saved a document meanwhile
    mock.report = { ...mock.report, reportHash: 'r2' };
    await page.getByRole('button', { name: '应用所选修复（1）' }).click();
    await page.getByText('文档已变化，请重新比对').waitFor();
    await poll(() => callsOf(mock, 'fieldCompare').length).toBe(2);
    expect(await page.getByTestId('compare-applied').count()).toBe(0);
    // the fresh report starts with nothing ticked, and applies against its own hash
    await poll(() => page.getByRole('button', { name: /应用所选修复/ }).isDisabled()).toBe(true);
    await issues.locator('[data-issue="i-type"]').getByRole('checkbox').check();
    await page.getByRole('button', { name: '应用所选修复（1）' }).click();
    await page.getByTestId('compare-applied').waitFor();
    expect(callsOf(mock, 'fieldCompareUpdate').map((c) => c.body.reportHash)).toEqual(['r1', 'r2']);
  });

  it('gives viewers the lists and the report without a write button', async () => {
    const mock = { ...fields(), teamRole: 'member' as const };
    await open('viewer', mock, '/project/field/1');
    await row('userId').waitFor();
    await page.getByText('你在本项目中只能查看字段', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: '编辑' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '从 SQL / JSON 生成' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '新建字段' }).count()).toBe(0);
    expect(await page.getByTestId('open-import').count()).toBe(0);
    expect(await page.getByTestId('list-buttons').count()).toBe(0);

    await page.getByRole('tab', { name: '团队字段' }).click();
    await page.getByText('团队字段由团队所有者和管理员维护', { exact: false }).waitFor();
    await row('mobile').waitFor();
    expect(await row('mobile').getByTestId('inherited').count()).toBe(0);
    expect(callsOf(mock, 'searchDataField').at(-1)?.body).toMatchObject({ scope: 'team', projectId: '0', teamId: '1' });

    await page.getByRole('tab', { name: '字段比对' }).click();
    await page.getByRole('button', { name: '开始比对' }).click();
    await page.getByTestId('compare-issues').waitFor();
    expect(await page.getByTestId('compare-issues').getByRole('checkbox').count()).toBe(0);
    expect(await page.getByRole('button', { name: /应用所选修复/ }).count()).toBe(0);
  });

  it('creates the first field of an empty team library from the button above the list', async () => {
    const mock = { ...fields(), team: [] };
    await open('owner', mock, '/project/field/1?tab=team');
    await page.getByTestId('field-library-team').getByText('没有找到团队字段').waitFor();
    await page.screenshot({ path: `${screenshots}knowledge-fields-team-empty.png` });
    await page.getByRole('button', { name: '新建字段' }).click();
    const form = page.getByRole('dialog', { name: '表单' });
    await form.locator('input[name="name"]').fill('traceId');
    await form.getByRole('button', { name: '确认' }).click();
    await row('traceId').waitFor();
    expect(callsOf(mock, 'saveDataField')[0]?.body).toMatchObject({ scope: 'team', projectId: '0', type: 'string' });
  });

  it('says a project without an id has no field library', async () => {
    await open('owner', fields(), '/project/field');
    await page.getByTestId('field-local').getByText('本地项目没有字段库', { exact: false }).waitFor();
    await page.screenshot({ path: `${screenshots}knowledge-fields-local.png` });
  });
});

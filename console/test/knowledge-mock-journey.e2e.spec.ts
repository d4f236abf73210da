import { mkdirSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUpWithTeam } from './fixtures/knowledgeMock';
import { chromiumPath, hasChromium, launchChromium, outboxCode, type RunningApp, startApp } from './harness';
import { Person, poll, screenshots } from './knowledgeHelpers';

/**
 * Issue 17's journey on the embedded app, one step after the other on the same project, through the screens: build
 * fields from a SQL table, write an api document whose response uses them, call the mock from the page and get
 * Chinese data that matches the document's schema, add an expectation answering 404 when `id` is 0 and see it,
 * change a field's type in the document, find it in the field comparison, apply the fix, and revert the fix from
 * the history.
 */

const telephone = `137${String(Date.now()).slice(-7)}7`;

/** A MySQL table as a team keeps it: the columns are the names the api answers with, commented in Chinese. */
const USER_TABLE = `CREATE TABLE \`user\` (
  \`userId\` BIGINT NOT NULL AUTO_INCREMENT COMMENT '用户编号',
  \`realName\` VARCHAR(32) NOT NULL COMMENT '真实姓名',
  \`mobile\` CHAR(11) NOT NULL COMMENT '手机号',
  \`city\` VARCHAR(32) DEFAULT NULL COMMENT '所在城市',
  \`createTime\` DATETIME NOT NULL COMMENT '注册时间',
  PRIMARY KEY (\`userId\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COMMENT='用户';`;
const COLUMNS = ['userId', 'realName', 'mobile', 'city', 'createTime'];
const HAN = /\p{Script=Han}/u;

if (!hasChromium) console.warn(`mock journey e2e skipped: no Chromium at ${chromiumPath}`);

describe.skipIf(!hasChromium)('the mock and field standards journey', () => {
  let app: RunningApp;
  let browser: Browser;
  let owner: Person;
  let projectId: number;
  let apiId: number;

  const doc = async () => (await owner.call('project/docDetail', { projectId, projectStructureId: apiId })).data;
  const responseSchema = async () => (await doc()).api.responses[0].schema;
  const mock = () => owner.page.getByTestId('mock-section');
  const reply = () => mock().getByTestId('mock-reply');
  /** Sends the try panel's request to `/users/<id>` and waits for the answer shown. */
  const send = async (id: string) => {
    const panel = mock().getByTestId('mock-try');
    const address = panel.getByRole('textbox', { name: '请求地址' });
    const current = await address.inputValue();
    await address.fill(current.replace(/\/users\/[^/?]*/, `/users/${id}`));
    const answered = owner.page.waitForResponse((response) => response.url().includes(`/users/${id}`));
    await panel.getByRole('button', { name: '发送' }).click();
    await answered;
    await reply().waitFor();
    await owner.settle();
    return {
      status: Number(await reply().getAttribute('data-status')),
      body: (await reply().getByTestId('mock-reply-body').textContent()) ?? '',
    };
  };
  const openDoc = async () => {
    await owner.goto(`/project/index/${projectId}?doc=${apiId}`);
    await mock().waitFor();
  };

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    app = await startApp();
    browser = await launchChromium();
    const account = await signUpWithTeam(app.url, telephone, outboxCode);
    owner = await Person.open(browser, app.url, { width: 1440, height: 1000 });
    await owner.signedInAs(account.token, account.teamId);
    const created = await owner.call('project/create', {
      name: '用户中心',
      privateType: 'members',
      docPrivateType: 'public',
    });
    expect(created.code, created.msg).toBe(200);
    projectId = created.data.projectId;
  });

  afterEach(async (test) => {
    if (test.task.result?.state !== 'fail') return;
    if (owner?.errors.length) console.error(owner.errors);
    await owner?.shot(`failed-mock-journey-${test.task.name.slice(0, 16).replace(/\W+/g, '-')}`, true);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('builds the project library from a SQL table in the 从 SQL / JSON 生成 dialog', async () => {
    const { page } = owner;
    await owner.goto(`/project/field/${projectId}`);
    await page.getByTestId('field-library-project').waitFor();
    await page.getByRole('button', { name: '从 SQL / JSON 生成' }).click();
    const dialog = page.getByRole('dialog', { name: '从 SQL / JSON 生成字段' });
    await dialog.getByTestId('field-source-text').fill(USER_TABLE);
    await dialog.getByRole('button', { name: '解析', exact: true }).click();
    const candidates = dialog.getByTestId('field-candidates');
    await candidates.waitFor();
    expect(
      await candidates.locator('[data-candidate]').evaluateAll((rows) => rows.map((r) => r.dataset.candidate)),
    ).toEqual(COLUMNS);
    await candidates.locator('[data-candidate="realName"]').getByText('真实姓名').waitFor();
    const all = dialog.getByRole('checkbox', { name: '全选' });
    if (!(await all.isChecked())) await all.check();
    await owner.settle();
    await owner.shot('mock-journey-sql-dialog');
    await dialog.getByRole('button', { name: /添加所选/ }).click();
    await owner.text(/已添加 5 个字段/);

    const listed = await owner.call('project/searchDataField', { projectId, scope: 'project', pageSize: 50 });
    expect(listed.code, listed.msg).toBe(200);
    const byName = new Map(listed.data.lists.map((f: { name: string }) => [f.name, f]));
    expect([...byName.keys()].sort()).toEqual([...COLUMNS].sort());
    expect(byName.get('userId')).toMatchObject({ type: 'integer', format: 'int64', description: '用户编号' });
    expect(byName.get('createTime')).toMatchObject({ type: 'string', format: 'date-time', description: '注册时间' });
  });

  it('writes an api document whose response uses the library fields, picked from the name suggestions', async () => {
    const { page } = owner;
    const added = await owner.call('project/addStructure', {
      projectId,
      parentId: '0',
      kind: 'api',
      name: '查询用户',
      method: 'GET',
      path: '/users/{id}',
    });
    expect(added.code, added.msg).toBe(200);
    apiId = added.data.projectStructureId;
    await owner.goto(`/project/index/${projectId}?doc=${apiId}`);
    await page.getByRole('button', { name: '编辑', exact: true }).click();
    const responses = owner.editor.getByTestId('api-responses');
    for (const name of COLUMNS) {
      await owner.schemaRow(responses, '$').getByRole('button', { name: '添加子字段' }).click();
      await owner.schemaRow(responses, 'field1').getByLabel('字段名').fill(name);
      // the library's field fills the row: type, format, description
      await page.locator(`[data-testid="field-suggestion"][data-name="${name}"]`).click();
      await poll(() => owner.schemaRow(responses, name).getByLabel('说明').inputValue()).not.toBe('');
    }
    await owner.settle();
    await owner.shot('mock-journey-editor');
    await page.keyboard.press('Control+s');
    await owner.text('已保存');
    await page.getByRole('button', { name: '退出编辑' }).click();
    const schema = await responseSchema();
    expect(Object.keys(schema.properties)).toEqual(COLUMNS);
    expect(schema.properties.userId).toMatchObject({ type: 'integer', format: 'int64', description: '用户编号' });
    expect(schema.properties.createTime).toMatchObject({
      type: 'string',
      format: 'date-time',
      description: '注册时间',
    });
  });

  it('calls the mock from the page and gets Chinese data that matches the schema', async () => {
    await openDoc();
    await mock().getByTestId('mock-url').getByText(`/mock/${projectId}/users/`).waitFor();
    const { status, body } = await send('1');
    expect(status).toBe(200);
    const data = JSON.parse(body);
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    // OpenAPI's int64 is not a JSON Schema format; the integer type is what there is to check
    ajv.addFormat('int64', true);
    const validate = ajv.compile(await responseSchema());
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
    expect(Object.keys(data).sort()).toEqual([...COLUMNS].sort());
    expect(data.realName).toMatch(HAN);
    expect(data.city).toMatch(HAN);
    expect(data.mobile).toMatch(/^1[345789]\d{9}$/);
    expect(Number.isInteger(data.userId) && data.userId > 0).toBe(true);
    await mock().getByText('按结构生成').waitFor();
    // the workspace scrolls inside its pane: the answer is brought into the window for the picture
    await reply().scrollIntoViewIfNeeded();
    await owner.shot('mock-journey-try');
  });

  it('adds an expectation answering 404 when id is 0, and sees it answer', async () => {
    const { page } = owner;
    await openDoc();
    await mock().getByRole('tab', { name: '期望' }).click();
    const editor = mock().getByTestId('mock-expectations');
    await editor.getByRole('button', { name: '添加期望' }).click();
    const form = editor.getByTestId('mock-expectation-form');
    await form.getByLabel('名称').fill('编号为 0 时不存在');
    // a new expectation starts with one empty condition (a query parameter that equals …)
    await poll(() => form.getByTestId('mock-condition').count()).toBe(1);
    const condition = form.getByTestId('mock-condition').first();
    await condition.getByRole('combobox', { name: '位置' }).click();
    await page.getByRole('option', { name: 'Path', exact: true }).click();
    await condition.getByRole('textbox', { name: '参数名' }).fill('id');
    await condition.getByRole('combobox', { name: '运算' }).click();
    await page.getByRole('option', { name: '等于', exact: true }).click();
    await condition.getByRole('textbox', { name: '值' }).fill('0');
    await form.getByLabel('状态码').fill('404');
    await owner.settle();
    await form.scrollIntoViewIfNeeded();
    await owner.shot('mock-journey-expectation');
    await editor.getByRole('button', { name: '保存期望' }).click();
    await owner.text('期望已保存');
    const saved = await owner.call('project/mockExpectations', { projectId, projectStructureId: apiId });
    expect(saved.code, saved.msg).toBe(200);
    expect(saved.data[0]).toMatchObject({
      enabled: true,
      conditions: [{ source: 'path', name: 'id', operator: 'equals', value: '0' }],
      response: { status: 404 },
    });

    await mock().getByRole('tab', { name: '调试' }).click();
    expect((await send('0')).status).toBe(404);
    await mock().getByText('数据来源：期望').waitFor();
    // the workspace scrolls inside its pane: the answer is brought into the window for the picture
    await reply().scrollIntoViewIfNeeded();
    await owner.shot('mock-journey-expectation-answer');
    expect((await send('7')).status).toBe(200);
  });

  it('changes a field type in the document, finds it in the field comparison and applies the fix', async () => {
    const { page } = owner;
    await owner.goto(`/project/index/${projectId}?doc=${apiId}`);
    await page.getByRole('button', { name: '编辑', exact: true }).click();
    const responses = owner.editor.getByTestId('api-responses');
    await owner.schemaRow(responses, 'userId').getByRole('combobox', { name: '类型' }).click();
    await page.getByRole('option', { name: 'string', exact: true }).click();
    await page.keyboard.press('Control+s');
    await owner.text('已保存');
    await page.getByRole('button', { name: '退出编辑' }).click();
    expect((await responseSchema()).properties.userId.type).toBe('string');

    await owner.goto(`/project/field/${projectId}?tab=compare`);
    const panel = page.getByTestId('field-compare');
    await panel.getByRole('button', { name: '开始比对' }).click();
    await panel.getByTestId('compare-summary').waitFor();
    const typeIssue = panel.locator('[data-testid="compare-issues"] tr[data-kind="type"]');
    await poll(() => typeIssue.count()).toBe(1);
    expect(await typeIssue.textContent()).toContain('userId');
    await typeIssue.getByRole('checkbox', { name: 'userId' }).check();
    await owner.settle();
    await owner.shot('mock-journey-compare', true);
    await panel.getByRole('button', { name: /应用所选修复/ }).click();
    await panel.getByTestId('compare-applied').waitFor();
    await poll(async () => (await responseSchema()).properties.userId.type).toBe('integer');
    await owner.shot('mock-journey-compare-applied', true);
  });

  it('reverts the fix from the history', async () => {
    const { page } = owner;
    await page.getByTestId('compare-applied').getByRole('link', { name: '查看历史记录' }).click();
    await owner.waitForHash(/\/project\/history\//);
    const fix = page.locator('[data-testid="history-entry"][data-change-id^="fields-"]').first();
    await fix.waitFor();
    expect(await fix.getByTestId('history-summary').textContent()).toContain('字段标准修复');
    await owner.settle();
    await owner.shot('mock-journey-history', true);
    await fix.getByRole('button', { name: '撤销此次修改' }).click();
    await page.getByRole('dialog', { name: '撤销修改' }).getByRole('button', { name: '撤销此次修改' }).click();
    await owner.text(/已撤销/);
    await poll(async () => (await responseSchema()).properties.userId.type).toBe('string');
    // the revert is a change of its own, at the top of the history, naming the document it put back
    const revert = page.locator('[data-testid="history-entry"][data-action="reverted"][data-name="查询用户"]');
    await revert.first().waitFor();
    await owner.settle();
    await owner.shot('mock-journey-reverted');
    expect(owner.errors).toEqual([]);
  });
});

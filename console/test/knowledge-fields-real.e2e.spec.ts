import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './fixtures/knowledgeMock';
import { chromiumPath, hasChromium, launchChromium, type RunningApp, startApp } from './harness';
import { type Account, Person, poll, register, screenshots } from './knowledgeHelpers';

/**
 * The field standard screens on the embedded app (issue 17): the owner builds the project library from MySQL and
 * PostgreSQL tables (a syntax error named by its line first) and by hand, keeps a team field that the project lists
 * as inherited and read only, checks a document against the library and fixes it; a viewer reads without a write
 * button.
 */

const stamp = String(Date.now()).slice(-6);
const phone = (n: number) => `139${stamp}${n}0`.slice(0, 11);

const MYSQL = `CREATE TABLE \`t_order\` (
  \`order_id\` BIGINT NOT NULL AUTO_INCREMENT COMMENT '订单编号',
  \`amount\` DECIMAL(10,2) NOT NULL COMMENT '金额（元）',
  \`pay_status\` ENUM('unpaid','paid','refunded') NOT NULL DEFAULT 'unpaid' COMMENT '支付状态',
  \`paid_at\` DATETIME DEFAULT NULL COMMENT '支付时间',
  PRIMARY KEY (\`order_id\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COMMENT='订单';`;
const POSTGRES = `CREATE TABLE shop (
  shop_id SERIAL PRIMARY KEY,
  shop_name TEXT NOT NULL,
  opened_at TIMESTAMPTZ,
  is_open BOOLEAN NOT NULL
);`;
const BROKEN = 'CREATE TABLE t_bad (\n  id BIGINT NOT NULL,\n  name VARCHAR(32) NOT NULL COMMENT,\n);';

const orderApi = {
  method: 'GET',
  path: '/orders/{order_id}',
  status: 'released',
  tags: [],
  ownerId: 0,
  description: '按编号查询订单。',
  operationId: 'getOrder',
  deprecated: false,
  parameters: [
    {
      in: 'path',
      name: 'order_id',
      required: true,
      description: '订单编号',
      schema: { type: 'integer' },
      deprecated: false,
      extra: {},
    },
  ],
  requestBody: {
    type: 'none',
    mediaType: '',
    required: false,
    description: '',
    schema: {},
    fields: [],
    raw: '',
    examples: [],
    extra: {},
  },
  responses: [
    {
      status: '200',
      name: '成功',
      description: '',
      mediaType: 'application/json',
      schema: {
        type: 'object',
        properties: { amount: { type: 'string', description: '金额（元）' }, paid_at: { type: 'string' } },
      },
      headers: [],
      examples: [],
      extra: {},
    },
  ],
  extra: {},
};

if (!hasChromium) console.warn(`knowledge fields e2e skipped: no Chromium at ${chromiumPath}`);

describe.skipIf(!hasChromium)('the field standard screens on the embedded app', () => {
  let app: RunningApp;
  let browser: Browser;
  let owner: Person;
  let viewer: Person;
  let outsider: Person;
  let people: Account[];
  let team: string;
  let projectId: number;
  let apiId: number;

  const call = async (path: string, body: Record<string, string | number>, token = people[0]!.token) => {
    const answer = await callApi(app.url, path, { teamId: team, ...body }, token);
    expect(answer.code, `${path}: ${answer.msg}`).toBe(200);
    return answer.data;
  };
  const fieldsOf = async (scope: 'project' | 'team') =>
    (await call('project/searchDataField', { projectId: scope === 'team' ? 0 : projectId, scope, pageSize: 100 }))
      .lists as { name: string; type: string; format: string; description: string; inherited: boolean }[];
  const row = (who: Person, name: string) =>
    who.page.locator('tbody tr').filter({ has: who.page.locator(`[data-field-name="${name}"]`) });

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    app = await startApp();
    browser = await launchChromium();
    people = await Promise.all([1, 2, 3].map((n) => register(app.url, phone(n))));
    const [a, b, c] = people as [Account, Account, Account];
    team = String((await callApi(app.url, 'team/create', { teamName: '研发部' }, a.token)).data.teamId);
    const { shareCode } = await call('team/shareInfo', { teamId: team });
    expect((await callApi(app.url, 'team/shareJoin', { shareCode }, b.token)).code).toBe(200);
    projectId = (await call('project/create', { name: '订单中心', privateType: 'members' })).projectId;
    await call('project/batchCreateProjectUser', { projectId, userIds: JSON.stringify([b.userId]), role: 'viewer' });
    apiId = (
      await call('project/addStructure', {
        projectId,
        parentId: 0,
        kind: 'api',
        name: '查询订单',
        method: 'GET',
        path: '/orders/{order_id}',
      })
    ).projectStructureId;
    const { version } = await call('project/docDetail', { projectId, projectStructureId: apiId });
    await call('project/saveDoc', {
      projectId,
      projectStructureId: apiId,
      baseVersion: version,
      doc: JSON.stringify(orderApi),
    });
    const other = String((await callApi(app.url, 'team/create', { teamName: '外部团队' }, c.token)).data.teamId);
    owner = await Person.open(browser, app.url);
    viewer = await Person.open(browser, app.url);
    outsider = await Person.open(browser, app.url);
    await owner.signedInAs(a.token, team);
    await viewer.signedInAs(b.token, team);
    await outsider.signedInAs(c.token, other);
  });

  afterEach(async (test) => {
    if (test.task.result?.state !== 'fail') return;
    const name = test.task.name.slice(0, 16).replace(/\W+/g, '-');
    for (const [who, person] of Object.entries({ owner, viewer, outsider })) {
      if (person?.errors.length) console.error(who, person.errors);
      await person?.shot(`failed-fields-real-${who}-${name}`).catch(() => undefined);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('builds the project library from MySQL and PostgreSQL tables, after a syntax error named by its line', async () => {
    const { page } = owner;
    await owner.goto(`/project/field/${projectId}`);
    await page.getByTestId('field-library-project').waitFor();
    await page.getByRole('button', { name: '从 SQL / JSON 生成' }).click();
    const dialog = page.getByRole('dialog', { name: '从 SQL / JSON 生成字段' });
    await dialog.getByTestId('field-source-text').fill(BROKEN);
    await dialog.getByRole('button', { name: '解析', exact: true }).click();
    await dialog
      .getByTestId('field-source-error')
      .getByText(/第 3 行/)
      .waitFor();

    await dialog.getByTestId('field-source-text').fill(`${MYSQL}\n\n${POSTGRES}`);
    await dialog.getByRole('button', { name: '解析', exact: true }).click();
    const candidates = dialog.getByTestId('field-candidates');
    await candidates.waitFor();
    expect(await dialog.getByTestId('field-source-error').count()).toBe(0);
    await candidates.locator('[data-candidate="pay_status"]').getByText('支付状态').waitFor();
    await owner.settle();
    await owner.shot('knowledge-fields-real-sql');
    await dialog.getByRole('button', { name: /添加所选/ }).click();
    await owner.text(/已添加 8 个字段/);
    await dialog.waitFor({ state: 'hidden' });

    const byName = new Map((await fieldsOf('project')).map((field) => [field.name, field]));
    expect(byName.get('order_id')).toMatchObject({ type: 'integer', format: 'int64', description: '订单编号' });
    expect(byName.get('amount')).toMatchObject({ type: 'number', description: '金额（元）' });
    expect(byName.get('paid_at')).toMatchObject({ type: 'string', format: 'date-time' });
    expect(byName.get('is_open')).toMatchObject({ type: 'boolean' });
    await row(owner, 'shop_name').waitFor();

    // parsed again, the library's names are offered unticked and marked
    await page.getByRole('button', { name: '从 SQL / JSON 生成' }).click();
    await dialog.getByTestId('field-source-text').fill(MYSQL);
    await dialog.getByRole('button', { name: '解析', exact: true }).click();
    const existing = dialog.locator('[data-candidate="amount"]');
    await existing.getByTestId('candidate-exists').waitFor();
    expect(await existing.getByRole('checkbox').isChecked()).toBe(false);

    // a JSON example: every key a candidate, nested ones with their path
    await dialog.getByRole('button', { name: 'JSON 示例' }).click();
    await dialog.getByTestId('field-source-text').fill('{"code": 0, "data": {"nickName": "张三", "vipLevel": 3}}');
    await dialog.getByRole('button', { name: '解析', exact: true }).click();
    const nested = dialog.locator('[data-candidate="vipLevel"]');
    await nested.getByText('data.vipLevel').waitFor();
    expect(await nested.textContent()).toContain('integer');
    await dialog.getByRole('button', { name: '关闭' }).click();
  });

  it('edits a field in the form and keeps a team field that the project lists as inherited', async () => {
    const { page } = owner;
    await row(owner, 'paid_at').getByRole('button', { name: '编辑' }).click();
    const form = page.getByRole('dialog', { name: '表单' });
    await form.locator('input[name="mockRule"]').fill('@datetime');
    await form.getByRole('button', { name: '确认' }).click();
    await form.waitFor({ state: 'hidden' });
    await poll(
      async () => (await call('project/searchDataField', { projectId, keyword: 'paid_at' })).lists[0]?.mockRule,
    ).toBe('@datetime');

    await row(owner, 'shop_id').getByRole('button', { name: '删除' }).click();
    await page.getByRole('dialog', { name: '删除字段' }).getByRole('button', { name: '确认' }).click();
    await row(owner, 'shop_id').waitFor({ state: 'detached' });
    expect((await fieldsOf('project')).map((field) => field.name)).not.toContain('shop_id');

    await page.getByRole('tab', { name: '团队字段' }).click();
    await page.getByTestId('field-library-team').waitFor();
    await page.getByRole('button', { name: '新建字段' }).click();
    await form.locator('input[name="name"]').fill('traceId');
    await form.locator('textarea[name="description"]').fill('链路追踪编号');
    await form.locator('input[name="mockRule"]').fill('@guid');
    await form.getByRole('button', { name: '确认' }).click();
    await row(owner, 'traceId').waitFor();
    expect((await fieldsOf('team')).map((field) => field.name)).toEqual(['traceId']);
    // pasted for the team library, a name is "existing" by the team's fields, not the project's
    await page.getByRole('button', { name: '从 SQL / JSON 生成' }).click();
    const dialog = page.getByRole('dialog', { name: '从 SQL / JSON 生成字段' });
    await dialog.getByRole('button', { name: 'JSON 示例' }).click();
    await dialog.getByTestId('field-source-text').fill('{"traceId": "a1b2", "order_id": 7}');
    await dialog.getByRole('button', { name: '解析', exact: true }).click();
    await dialog.locator('[data-candidate="traceId"]').getByTestId('candidate-exists').waitFor();
    expect(await dialog.locator('[data-candidate="order_id"]').getByTestId('candidate-exists').count()).toBe(0);
    await dialog.getByRole('button', { name: '关闭' }).click();

    await page.getByRole('tab', { name: '项目字段' }).click();
    await row(owner, 'traceId').getByTestId('inherited').waitFor();
    expect(await row(owner, 'traceId').getByRole('button', { name: '编辑' }).count()).toBe(0);
    await owner.settle();
    await owner.shot('knowledge-fields-real-library', true);
  });

  it('checks the document against the library and applies the library type as one change', async () => {
    const { page } = owner;
    await page.getByRole('tab', { name: '字段比对' }).click();
    const panel = page.getByTestId('field-compare');
    await panel.getByRole('button', { name: '开始比对' }).click();
    await panel.getByTestId('compare-summary').waitFor();
    const typeIssue = panel
      .locator('[data-testid="compare-issues"] tr[data-kind="type"]')
      .filter({ hasText: 'amount' });
    await typeIssue.waitFor();
    await typeIssue.getByRole('checkbox', { name: 'amount' }).check();
    await owner.settle();
    await owner.shot('knowledge-fields-real-compare', true);
    await panel.getByRole('button', { name: /应用所选修复/ }).click();
    await panel.getByTestId('compare-applied').waitFor();
    const doc = await call('project/docDetail', { projectId, projectStructureId: apiId });
    expect(doc.api.responses[0].schema.properties.amount.type).toBe('number');
    await panel.getByTestId('compare-applied').getByRole('link', { name: '查看历史记录' }).click();
    await owner.waitForHash(/\/project\/history\//);
    await page.locator('[data-testid="history-entry"][data-change-id^="fields-"]').first().waitFor();
    expect(owner.errors).toEqual([]);
  });

  it('gives a viewer the libraries and the report without a write button', async () => {
    const { page } = viewer;
    await viewer.goto(`/project/field/${projectId}`);
    await row(viewer, 'order_id').waitFor();
    await page.getByText('你在本项目中只能查看字段', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: '编辑' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '从 SQL / JSON 生成' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '新建字段' }).count()).toBe(0);
    expect(await page.getByTestId('open-import').count()).toBe(0);
    await page.getByRole('tab', { name: '团队字段' }).click();
    await page.getByText('团队字段由团队所有者和管理员维护', { exact: false }).waitFor();
    await row(viewer, 'traceId').waitFor();
    await page.getByRole('tab', { name: '字段比对' }).click();
    await page.getByRole('button', { name: '开始比对' }).click();
    await page.getByTestId('compare-summary').waitFor();
    expect(await page.getByRole('button', { name: /应用所选修复/ }).count()).toBe(0);
    expect(viewer.errors).toEqual([]);
  });

  it('tells an outsider the project is not theirs, with no library shown', async () => {
    await outsider.goto(`/project/field/${projectId}`);
    await outsider.text('项目不存在或无权访问');
    expect(await outsider.page.getByTestId('field-library-project').count()).toBe(0);
    await outsider.settle();
    await outsider.shot('knowledge-fields-real-outsider');
    const refused = await callApi(app.url, 'project/searchDataField', { teamId: team, projectId }, people[2]!.token);
    expect(refused).toMatchObject({ code: 400, msg: '项目不存在或无权访问' });
  });
});

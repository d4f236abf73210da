import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './fixtures/knowledgeMock';
import { chromiumPath, hasChromium, launchChromium, type RunningApp, startApp } from './harness';
import { type Account, avatar, Person, poll, register, screenshots } from './knowledgeHelpers';

/**
 * Issue 15's journey on the embedded app, one step after the other on the same data: the owner signs in, makes a
 * project from a template, builds its tree by dragging, writes an API document with nested schemas and a page with
 * an image, reads the rendered document and copies its cURL; an editor saves over the owner's newer version and
 * merges; a viewer changes nothing; an outsider sees nothing; signed out, a local project is written and uploaded.
 */

const stamp = String(Date.now()).slice(-6);
const phone = (n: number) => `136${stamp}${n}${n}`;

if (!hasChromium) console.warn(`knowledge journey e2e skipped: no Chromium at ${chromiumPath}`);

describe.skipIf(!hasChromium)('the knowledge journey', () => {
  let app: RunningApp;
  let browser: Browser;
  let owner: Person;
  let editor: Person;
  let viewer: Person;
  let outsider: Person;
  let people: Account[];
  let projectId: number;
  let apiId: number;

  const tree = async (who: Person = owner) =>
    (await who.call('project/projectStructure', { projectId })).data.nodes as {
      projectStructureId: number;
      parentId: number;
      name: string;
    }[];
  const nodeOf = async (name: string) => (await tree()).find((n) => n.name === name);
  const call = (path: string, body: Record<string, string | number>, token: string) =>
    callApi(app.url, path, body, token);
  const createTeam = async (token: string, teamName: string) => {
    const team = await call('team/create', { teamName }, token);
    expect(team.code, team.msg).toBe(200);
    return String(team.data.teamId);
  };
  const docDetail = async (who: Person, projectStructureId: number) =>
    (await who.call('project/docDetail', { projectId, projectStructureId })).data;

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    app = await startApp();
    browser = await launchChromium();
    people = await Promise.all([1, 2, 3, 4].map((n) => register(app.url, phone(n))));
    const [a, b, c, d] = people as [Account, Account, Account, Account];
    // the owner's team, which the editor and the viewer join by its share code; the outsider has a team of its own
    const team = await createTeam(a.token, '研发部');
    const { shareCode } = (await call('team/shareInfo', { teamId: team }, a.token)).data;
    for (const member of [b, c]) {
      const joined = await call('team/shareJoin', { shareCode }, member.token);
      expect(joined.code, joined.msg).toBe(200);
    }
    const other = await createTeam(d.token, '外部团队');

    // a template of the team, with a page the copies start from
    const template = await call(
      'project/create',
      { teamId: team, name: '接口文档模板', description: '目录约定与接入说明', privateType: 'members', isTemplate: 1 },
      a.token,
    );
    expect(template.code, template.msg).toBe(200);
    const readme = await call(
      'project/addStructure',
      { teamId: team, projectId: template.data.projectId, parentId: 0, kind: 'page', name: '模板说明' },
      a.token,
    );
    expect(readme.code, readme.msg).toBe(200);

    owner = await Person.open(browser, app.url, { locale: 'en-US', width: 1600 });
    editor = await Person.open(browser, app.url);
    viewer = await Person.open(browser, app.url);
    outsider = await Person.open(browser, app.url);
    await editor.signedInAs(b.token, team);
    await viewer.signedInAs(c.token, team);
    await outsider.signedInAs(d.token, other);
  });

  afterEach(async (test) => {
    if (test.task.result?.state !== 'fail') return;
    for (const [who, person] of Object.entries({ owner, editor, viewer, outsider })) {
      if (person?.errors.length) console.error(who, person.errors);
      await person?.shot(`knowledge-journey-failed-${who}`).catch(() => undefined);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('the owner signs in and creates a project from the team template', async () => {
    const [a] = people as [Account];
    await owner.signIn(a.telephone);
    await owner.goto('/api');
    await owner.page.locator('[data-testid="knowledge-card"][data-name="接口文档模板"]').waitFor();
    await owner.page.getByRole('button', { name: '新建项目' }).click();
    const dialog = owner.page.getByRole('dialog', { name: '新建知识库项目' });
    const card = dialog.locator('.MuiCard-root', { hasText: '接口文档模板' });
    await card.getByRole('button', { name: '使用' }).click();
    await dialog.locator('input[name="name"]').fill('用户中心');
    await owner.shot('knowledge-journey-create');
    await dialog.getByRole('button', { name: '新建' }).click();
    await owner.waitForHash(/^#\/project\/index\/\d+\?isNew=1$/);
    projectId = Number(/index\/(\d+)/.exec(owner.page.url())?.[1]);
    await owner.row('模板说明').waitFor();
    expect((await owner.call('project/detail', { projectId })).data).toMatchObject({
      name: '用户中心',
      myRole: 'owner',
    });
    await owner.goto('/api');
    await owner.page.locator('[data-testid="knowledge-card"][data-name="用户中心"]').waitFor();
    await owner.shot('knowledge-journey-list');
  });

  it('builds the tree from the menu and by dragging with the mouse', async () => {
    await owner.goto(`/project/index/${projectId}`);
    await owner.row('模板说明').waitFor();
    await owner.create('新建目录', '用户');
    await owner.create('新建目录', '指南');
    await owner.create('新建接口', '创建用户', { method: 'POST', path: '/users' });
    await owner.create('新建页面', '接入指南');

    await owner.drag('创建用户', '用户');
    const users = (await nodeOf('用户'))?.projectStructureId;
    await poll(async () => (await nodeOf('创建用户'))?.parentId).toBe(users);
    await owner.drag('接入指南', '指南');
    const guides = (await nodeOf('指南'))?.projectStructureId;
    await poll(async () => (await nodeOf('接入指南'))?.parentId).toBe(guides);
    // folders nest too; a folder dropped into its own child is refused, and nothing moves
    await owner.drag('用户', '指南');
    await poll(async () => (await nodeOf('用户'))?.parentId).toBe(guides);
    await owner.reveal('用户', '指南');
    const drops: string[] = [];
    const countDrops = (request: { url(): string }) => {
      if (request.url().endsWith('/project/structureDropUpdate')) drops.push(request.url());
    };
    owner.page.on('request', countDrops);
    await owner.drag('指南', '用户', { moves: false });
    await owner.reveal('创建用户', '用户');
    owner.page.off('request', countDrops);
    expect(drops).toEqual([]);
    expect((await nodeOf('指南'))?.parentId).toBe(0);
    await owner.shot('knowledge-journey-tree');
    apiId = (await nodeOf('创建用户'))?.projectStructureId ?? 0;
    expect(apiId).toBeGreaterThan(0);
  });

  it('the settings: a test environment and the members, the editor and the viewer', async () => {
    const [, b, c] = people as [Account, Account, Account];
    await owner.goto(`/project/setting/${projectId}`);
    await owner.page.getByRole('tab', { name: '环境', exact: true }).click();
    await owner.page.getByRole('button', { name: '新建环境' }).click();
    const env = owner.page.getByRole('dialog', { name: '新建环境' });
    await env.locator('input[name="name"]').fill('测试环境');
    await env.locator('input[name="baseUrl"]').fill('https://test.example.com');
    await env.getByRole('button', { name: '保存' }).click();
    await owner.page.locator('[data-testid="environment"][data-name="测试环境"]').waitFor();

    await owner.page.getByRole('tab', { name: '成员', exact: true }).click();
    for (const [member, role] of [
      [b, /编辑者/],
      [c, /只读成员/],
    ] as const) {
      await owner.page.getByRole('button', { name: '添加成员' }).click();
      const dialog = owner.page.getByRole('dialog', { name: '添加成员' });
      await dialog.getByTestId('candidate').filter({ hasText: member.nickname }).click();
      await dialog.getByLabel(role).check();
      await dialog.getByRole('button', { name: '添加' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    await poll(() => owner.page.getByTestId('member-row').count()).toBe(3);
    const roles = (await owner.call('project/projectUser', { projectId })).data as { userId: number; role: string }[];
    expect(roles.find((m) => m.userId === b.userId)?.role).toBe('editor');
    expect(roles.find((m) => m.userId === c.userId)?.role).toBe('viewer');
    await owner.shot('knowledge-journey-settings', true);
  });

  it('writes the API document with nested request and response schemas in the editor', async () => {
    await owner.goto(`/project/index/${projectId}?doc=${apiId}`);
    await owner.page.getByRole('button', { name: '编辑', exact: true }).click();
    await owner.editor.waitFor();
    await owner.editor.getByLabel('接口说明').fill('创建一个用户，手机号唯一。');
    const body = owner.editor.getByTestId('api-body');
    await body.getByRole('button', { name: 'JSON', exact: true }).click();
    await body.getByRole('button', { name: '从 JSON 生成' }).click();
    await owner.page
      .getByRole('textbox', { name: 'JSON 示例' })
      .fill('{"name": "张三", "profile": {"phone": "13800000000", "address": {"city": "杭州"}}, "roles": ["admin"]}');
    await owner.page.getByRole('button', { name: '生成', exact: true }).click();
    await owner.schemaRow(body, 'profile.address.city').getByLabel('说明').fill('城市');

    const responses = owner.editor.getByTestId('api-responses');
    const data = await owner.addField(responses, '$', 'data', 'object');
    await owner.addField(responses, data, 'userId', 'integer');
    const tags = await owner.addField(responses, data, 'groups', 'array');
    const group = await owner.addField(responses, tags, 'groupName', 'string', true);
    await owner.schemaRow(responses, group).getByLabel('必填').check();
    await owner.page.setViewportSize({ width: 1600, height: 2400 });
    await owner.shot('knowledge-journey-editor');
    await owner.page.setViewportSize({ width: 1600, height: 960 });
    await body.screenshot({ path: `${screenshots}knowledge-journey-editor-body.png`, animations: 'disabled' });

    await owner.page.keyboard.press('Control+s');
    await owner.text('已保存');
    const saved = await docDetail(owner, apiId);
    // 从 JSON 生成 keeps the pasted values as examples (the snippets show them) and leaves 必填 to the writer
    expect(saved.api.requestBody.schema.properties.profile.properties.address.properties.city).toEqual({
      type: 'string',
      description: '城市',
      examples: ['杭州'],
    });
    expect(saved.api.requestBody.schema.required).toBeUndefined();
    expect(saved.api.requestBody.schema.properties.roles).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(saved.api.responses[0].schema.properties.data.properties.groups).toEqual({
      type: 'array',
      items: { type: 'object', properties: { groupName: { type: 'string' } }, required: ['groupName'] },
    });
  });

  it('reads the rendered document and copies its cURL snippet on the test environment', async () => {
    await owner.page.getByRole('button', { name: '退出编辑' }).click();
    const view = owner.page.getByTestId('api-doc-view');
    await view.getByTestId('api-path').getByText('/users').waitFor();
    await view.getByRole('cell', { name: 'city' }).first().waitFor();
    await view.getByRole('cell', { name: 'groupName' }).first().waitFor();
    await view.getByRole('tab', { name: 'cURL' }).click();
    await view.getByRole('button', { name: '复制代码' }).click();
    await owner.text('已复制到剪贴板');
    const copied = await owner.page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain("curl --location --request POST 'https://test.example.com/users'");
    expect(copied).toContain('"city"');
    // the document's time in the Chinese way, whatever the browser's own locale (this one is en-US)
    await owner.text(/于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 更新/, view);
    await owner.shot('knowledge-journey-snippet');
    await view.evaluate((element) => element.parentElement?.scrollTo(0, 0));
    await owner.shot('knowledge-journey-document');
  });

  it('writes a markdown page with an uploaded image', async () => {
    await owner.reveal('接入指南', '指南');
    await owner.row('接入指南').click();
    await owner.page.getByTestId('page-view').getByRole('button', { name: '编辑' }).click();
    const pageEditor = owner.page.getByTestId('page-editor');
    await pageEditor.getByRole('textbox').fill('# 接入指南\n\n1. 申请密钥\n2. 调用 `POST /users`\n\n');
    await pageEditor.getByTestId('page-image-input').setInputFiles(avatar);
    await poll(() => pageEditor.getByRole('textbox').inputValue()).toMatch(/!\[avatar\.png\]\(.+\)/);
    await pageEditor.getByTestId('page-preview').locator('img').waitFor();
    await owner.shot('knowledge-journey-page-editor');
    await pageEditor.getByRole('button', { name: '保存' }).click();
    await owner.text('已保存');
    const page = await docDetail(owner, (await nodeOf('接入指南'))?.projectStructureId ?? 0);
    expect(page.page.markdown).toContain('申请密钥');
    expect(page.page.markdown).toMatch(/!\[avatar\.png\]\(.+\)/);
  });

  it('the editor and the owner edit the document at once; the later save merges and loses nothing', async () => {
    await editor.goto(`/project/index/${projectId}?doc=${apiId}`);
    await editor.page.getByRole('button', { name: '编辑', exact: true }).click();
    await editor.editor.waitFor();
    await owner.goto(`/project/index/${projectId}?doc=${apiId}`);
    await owner.page.getByRole('button', { name: '编辑', exact: true }).click();
    await owner.editor.waitFor();

    await owner.editor.getByLabel('接口说明').fill('创建一个用户，手机号唯一；重复时返回 409。');
    await owner.page.keyboard.press('Control+s');
    await owner.text('已保存');

    const body = editor.editor.getByTestId('api-body');
    await editor.schemaRow(body, 'profile.phone').getByLabel('说明').fill('登录手机号');
    await editor.page.keyboard.press('Control+s');
    const merge = editor.page.getByRole('dialog', { name: '文档已被他人修改' });
    await merge.waitFor();
    await merge.getByText('双方的修改互不冲突，右侧已自动合并').waitFor();
    await editor.shot('knowledge-journey-merge');
    await merge.getByRole('button', { name: '保存合并结果' }).click();
    await merge.waitFor({ state: 'hidden' });
    await editor.text('已保存');

    const final = await docDetail(editor, apiId);
    expect(final.api.description).toBe('创建一个用户，手机号唯一；重复时返回 409。');
    expect(final.api.requestBody.schema.properties.profile.properties.phone.description).toBe('登录手机号');
    expect(final.api.requestBody.schema.properties.profile.properties.address.properties.city.description).toBe('城市');
  });

  it('the viewer reads but has nothing to change, and the API refuses their save', async () => {
    await viewer.goto(`/project/index/${projectId}?doc=${apiId}`);
    await viewer.page.getByTestId('api-doc-view').getByTestId('api-path').getByText('/users').waitFor();
    await viewer.row('创建用户').waitFor();
    expect(await viewer.page.getByRole('button', { name: '编辑', exact: true }).count()).toBe(0);
    expect(await viewer.page.getByRole('button', { name: '新建', exact: true }).count()).toBe(0);
    expect(await viewer.row('创建用户').getAttribute('draggable')).not.toBe('true');
    await viewer.row('创建用户').click({ button: 'right' });
    expect(await viewer.page.getByRole('menuitem', { name: '删除' }).count()).toBe(0);
    await viewer.shot('knowledge-journey-viewer');

    const before = await docDetail(viewer, apiId);
    const refused = await viewer.call('project/saveDoc', {
      projectId,
      projectStructureId: apiId,
      baseVersion: before.version,
      doc: JSON.stringify({ ...before.api, description: '只读成员的改动' }),
    });
    expect([refused.code, refused.msg]).toEqual([400, '你只能查看该项目，不能修改']);
    const renamed = await viewer.call('project/updateStructure', {
      projectId,
      projectStructureId: apiId,
      name: '改名',
    });
    expect([renamed.code, renamed.msg]).toEqual([400, '你只能查看该项目，不能修改']);
    const after = await docDetail(owner, apiId);
    expect(after.version).toBe(before.version);
    expect(after.api.description).toBe(before.api.description);
  });

  it('an outsider gets nothing, on the screens or through the API', async () => {
    await outsider.goto(`/project/index/${projectId}?doc=${apiId}`);
    await outsider.text('项目不存在或无权访问');
    expect(await outsider.page.getByRole('treeitem').count()).toBe(0);
    expect(await outsider.page.getByText('创建用户').count()).toBe(0);
    await outsider.shot('knowledge-journey-outsider');
    // no project nav to the refused project's other pages, a way back to the list instead
    expect(await outsider.page.getByTestId('project-nav').count()).toBe(0);
    await outsider.page.getByRole('link', { name: '返回项目列表' }).click();
    await outsider.waitForHash(/^#\/api/);
    for (const [path, body] of [
      ['project/detail', { projectId }],
      ['project/projectStructure', { projectId }],
      ['project/docDetail', { projectId, projectStructureId: apiId }],
      ['project/projectUser', { projectId }],
    ] as const) {
      const answer = await outsider.call(path, body);
      expect([path, answer.code, answer.msg]).toEqual([path, 400, '项目不存在或无权访问']);
      expect(answer.data ?? null).toBeNull();
    }
  });

  it('signed out, a local project is written in the browser and uploaded into the team after signing in', async () => {
    const [a] = people as [Account];
    const local = await Person.open(browser, app.url);
    const serverCalls: string[] = [];
    local.page.on('request', (request) => {
      if (request.url().includes('/pmbok/api/project')) serverCalls.push(request.url());
    });
    await local.goto('/project/index');
    await local.text('本地模式：数据只保存在此浏览器中');
    await local.create('新建接口', '本地接口', { method: 'DELETE', path: '/sessions/{id}' });
    await local.row('本地接口').click();
    await local.page.getByTestId('api-doc-view').getByTestId('api-path').getByText('/sessions/{id}').waitFor();
    expect(serverCalls).toEqual([]);

    await local.signIn(a.telephone);
    await local.goto('/project/index');
    await local.page.getByRole('button', { name: '上传到团队' }).click();
    await local.page.getByTestId('upload-confirm').click();
    await local.waitForHash(/^#\/project\/index\/\d+/);
    const uploadedId = Number(/index\/(\d+)/.exec(local.page.url())?.[1]);
    await local.row('本地接口').waitFor();
    const uploaded = (await local.call('project/projectStructure', { projectId: uploadedId })).data.nodes as {
      name: string;
      method: string;
      path: string;
    }[];
    expect(uploaded.find((n) => n.name === '本地接口')).toMatchObject({ method: 'DELETE', path: '/sessions/{id}' });
    expect((await local.call('project/detail', { projectId: uploadedId })).data.teamId).toBe(Number(local.teamId));
    expect([...owner.errors, ...editor.errors, ...viewer.errors, ...outsider.errors, ...local.errors]).toEqual([]);
  });
});

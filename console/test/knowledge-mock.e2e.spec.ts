import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUpWithTeam } from './fixtures/knowledgeMock';
import { createPetProject } from './fixtures/petProject';
import { hasChromium, launchChromium, outboxCode, type RunningApp, startApp } from './harness';
import { Person, poll, screenshots } from './knowledgeHelpers';

const telephone = `135${String(Date.now()).slice(-7)}6`;

describe.skipIf(!hasChromium)('the mock screens on the real server', () => {
  let app: RunningApp;
  let browser: Browser;
  let owner: Person;
  let ids: Awaited<ReturnType<typeof createPetProject>>;
  const section = () => owner.page.getByTestId('mock-section');
  const reply = () => section().getByTestId('mock-reply');

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    app = await startApp();
    browser = await launchChromium();
    const account = await signUpWithTeam(app.url, telephone, outboxCode);
    owner = await Person.open(browser, app.url);
    await owner.signedInAs(account.token, account.teamId);
    ids = await createPetProject(owner);
    const field = await owner.call('project/saveDataField', {
      projectId: ids.projectId,
      scope: 'project',
      name: 'ownerMobile',
      type: 'string',
      description: '主人手机号',
      mockRule: '@phone',
    });
    expect(field.code, field.msg).toBe(200);
  });
  afterEach(async (test) => {
    if (test.task.result?.state === 'fail') {
      await owner?.shot(`failed-knowledge-mock-${test.task.name.slice(0, 16).replace(/\W+/g, '-')}`);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('calls the mock from the document with the token and gets generated Chinese data', async () => {
    await owner.goto(`/project/index/${ids.projectId}?doc=${ids.apiId}`);
    await section().getByTestId('mock-url').waitFor();
    expect(await section().getByTestId('mock-url').textContent()).toBe(`${app.url}/mock/${ids.projectId}/pets`);
    const url = section().getByRole('textbox', { name: '请求地址' });
    expect(await url.inputValue()).toBe(`${app.url}/mock/${ids.projectId}/pets?limit=20`);
    await section().getByRole('button', { name: '发送' }).click();
    await poll(() => reply().getAttribute('data-status')).toBe('200');
    const pets = JSON.parse((await reply().getByTestId('mock-reply-body').textContent()) ?? '');
    expect(Array.isArray(pets)).toBe(true);
    for (const pet of pets) expect(typeof pet.id).toBe('number');
    await reply()
      .getByText(/数据来源：/)
      .waitFor();
    await owner.settle();
    await section().scrollIntoViewIfNeeded();
    await owner.shot('knowledge-mock-try-real');

    // without the token the mock answers 404 as for an unknown project
    await section().getByRole('textbox', { name: '请求头' }).fill('');
    await section().getByRole('button', { name: '发送' }).click();
    await poll(() => reply().getAttribute('data-status')).toBe('404');
    await reply().getByText('没有匹配的接口，或 Token 不对').waitFor();
  });

  it('saves an expectation and the mock answers from it', async () => {
    // a fresh page: the try panel keeps what was typed in it while the page lives
    await owner.page.reload();
    await owner.goto(`/project/index/${ids.projectId}?doc=${ids.apiId}`);
    await section().getByRole('tab', { name: '期望' }).click();
    await section().getByRole('button', { name: '添加期望' }).click();
    const form = section().getByTestId('mock-expectation-form');
    await form.getByLabel('名称').fill('limit 为 0 时 404');
    const condition = form.getByTestId('mock-condition').first();
    await condition.getByRole('textbox', { name: '参数名' }).fill('limit');
    await condition.getByRole('textbox', { name: '值' }).fill('0');
    await form.getByLabel('状态码').fill('404');
    await form.getByTestId('mock-body-json').locator('.cm-content').click();
    await owner.page.keyboard.press('ControlOrMeta+a');
    await owner.page.keyboard.insertText('{"code": 404, "msg": "没有宠物"}');
    await section().getByRole('button', { name: '保存期望' }).click();
    await owner.page.getByText('期望已保存').waitFor();
    const saved = await owner.call('project/mockExpectations', {
      projectId: ids.projectId,
      projectStructureId: ids.apiId,
    });
    expect(saved.data).toMatchObject([
      {
        name: 'limit 为 0 时 404',
        enabled: true,
        conditions: [{ source: 'query', name: 'limit', operator: 'equals', value: '0' }],
        response: { status: 404, bodyType: 'example', body: { code: 404, msg: '没有宠物' } },
      },
    ]);
    expect(saved.data[0].id).not.toBe('');
    await owner.settle();
    await owner.shot('knowledge-mock-expectations-real');

    await section().getByRole('tab', { name: '调试' }).click();
    await section().getByRole('textbox', { name: '请求地址' }).fill(`${app.url}/mock/${ids.projectId}/pets?limit=0`);
    await section().getByRole('button', { name: '发送' }).click();
    await poll(() => reply().getAttribute('data-status')).toBe('404');
    await reply().getByText('数据来源：期望').waitFor();
    expect(await reply().getByTestId('mock-reply-body').textContent()).toContain('没有宠物');
  });

  it('resets the token in the settings: the old one stops working', async () => {
    const before = (await owner.call('project/mockSettings', { projectId: ids.projectId })).data.token as string;
    expect(before).toMatch(/^[A-Za-z0-9_-]{32}$/);
    await owner.goto(`/project/setting/${ids.projectId}?tab=mock`);
    await poll(() => owner.page.getByTestId('mock-token-value').textContent()).toBe(before);
    await owner.settle();
    await owner.shot('knowledge-mock-settings-real');
    await owner.page.getByRole('button', { name: '重置 Token' }).click();
    await owner.page.getByRole('dialog').getByRole('button', { name: '重置 Token' }).click();
    await owner.page.getByText('Token 已重置').waitFor();
    await poll(() => owner.page.getByTestId('mock-token-value').textContent()).not.toBe(before);
    const after = (await owner.page.getByTestId('mock-token-value').textContent()) ?? '';
    const call = (token: string) =>
      fetch(`${app.url}/mock/${ids.projectId}/pets?limit=1`, { headers: { 'X-Mock-Token': token } }).then(
        (r) => r.status,
      );
    expect(await call(before)).toBe(404);
    expect(await call(after)).toBe(200);
  });

  it('suggests the project library’s fields for a name typed in the editor', async () => {
    await owner.goto(`/project/index/${ids.projectId}?doc=${ids.apiId}`);
    await owner.page.getByRole('button', { name: '编辑' }).click();
    const tag = owner.page.getByTestId('api-responses').locator('[data-schema-row="[].tag"]');
    await tag.scrollIntoViewIfNeeded();
    await tag.getByRole('combobox', { name: '字段名' }).fill('ownerMob');
    await owner.page.locator('[data-testid="field-suggestion"][data-name="ownerMobile"]').click();
    const picked = owner.page.getByTestId('api-responses').locator('[data-schema-row="[].ownerMobile"]');
    expect(await picked.getByRole('textbox', { name: '说明' }).inputValue()).toBe('主人手机号');
  });
});

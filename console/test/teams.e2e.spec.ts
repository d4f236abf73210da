import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, hasChromium, launchChromium, outboxCode, type RunningApp, startApp } from './harness';

const screenshots = new URL('./screenshots/', import.meta.url).pathname;
const stamp = String(Date.now()).slice(-7);
const phoneA = `138${stamp}1`;
const phoneB = `138${stamp}2`;
const phoneC = `138${stamp}3`;
const nickA = `用户${phoneA.slice(-4)}`;
const nickB = `用户${phoneB.slice(-4)}`;
const password = 'Passw0rd!';
const teamName = '研发部';

if (!hasChromium) console.warn(`teams e2e skipped: no Chromium at ${chromiumPath}`);

/** One person's browser: its own context (storage, clipboard), so A and B never share a session. */
class Person {
  readonly errors: string[] = [];
  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    private readonly url: string,
  ) {
    page.on('pageerror', (error) => this.errors.push(error.message));
  }

  static async open(browser: Browser, url: string): Promise<Person> {
    const context = await browser.newContext({
      viewport: { width: 1366, height: 820 },
      locale: 'zh-CN',
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    return new Person(context, await context.newPage(), url);
  }

  goto(hashPath: string) {
    return this.page.goto(`${this.url}/system/#${hashPath}`);
  }
  waitForHash(prefix: string) {
    return this.page.waitForFunction(
      (expected) => decodeURIComponent(window.location.hash).startsWith(expected),
      `#${prefix}`,
    );
  }
  text(text: string | RegExp) {
    return this.page.getByText(text).first().waitFor({ timeout: 10_000 });
  }
  dialog(name: string) {
    return this.page.getByRole('dialog', { name });
  }
  shot(name: string) {
    return this.page.screenshot({ path: `${screenshots}${name}.png`, fullPage: true, animations: 'disabled' });
  }
  storage(key: string) {
    return this.page.evaluate((name) => localStorage.getItem(name), key);
  }

  /** Fills the registration form (already on screen) with a code from the development outbox. */
  async register(telephone: string) {
    const field = (name: string) => this.page.locator(`input[name="${name}"]`);
    for (const [name, value] of [
      ['telephone', telephone],
      ['password', password],
      ['repeatPassword', password],
    ] as const) {
      await field(name).fill(value);
      await field(name).blur();
    }
    await this.page.getByTestId('sms-button').click();
    await this.text('验证码已生成，请在运行 npm start 的终端中查看');
    await field('code').fill(await outboxCode(this.url, telephone));
    await field('code').blur();
    await this.page.getByRole('button', { name: '注册', exact: true }).click();
    await this.text('账户已注册成功');
  }

  /** The team-check dialog: on the first open with a team, then not again for 24 h. */
  async closeTeamCheck(expectedMembers: string[]) {
    const dialog = this.dialog('团队确认');
    await dialog.waitFor();
    expect(await dialog.getByTestId('team-check-name').textContent()).toBe(teamName);
    for (const name of expectedMembers) await dialog.getByText(name).first().waitFor();
    await this.shot('team-check');
    await dialog.getByRole('button', { name: '知道了' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  memberRow(name: string) {
    return this.page.locator('tbody tr', { hasText: name });
  }

  async download(action: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), action()]);
    const path = await download.path();
    return { name: download.suggestedFilename(), bytes: readFileSync(path) };
  }
}

describe.skipIf(!hasChromium)('teams (two browser contexts against the embedded app)', () => {
  let app: RunningApp;
  let browser: Browser;
  let a: Person;
  let b: Person;
  let teamId: string;
  let inviteLink: string;

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    app = await startApp();
    browser = await launchChromium();
    a = await Person.open(browser, app.url);
    b = await Person.open(browser, app.url);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('A registers and the team guide opens by itself, its submit disabled while the name is empty', async () => {
    await a.goto('/login?form=register');
    await a.register(phoneA);
    await a.waitForHash('/index');
    const guide = a.dialog('欢迎使用快速指引');
    await guide.waitFor();
    const submit = guide.getByRole('button', { name: '创建团队' });
    expect(await submit.isDisabled()).toBe(true);
    await guide.locator('input[name="teamName"]').fill('   ');
    expect(await submit.isDisabled()).toBe(true);

    // the blank card is chosen at first and toggles
    const blank = guide.getByTestId('blank-project');
    expect(await blank.getAttribute('aria-pressed')).toBe('true');
    await blank.click();
    expect(await blank.getAttribute('aria-pressed')).toBe('false');
    await blank.click();
    expect(await blank.getAttribute('aria-pressed')).toBe('true');
    expect(await guide.getByText('空白空间').count()).toBe(2);

    await guide.locator('input[name="teamName"]').fill(teamName);
    expect(await submit.isDisabled()).toBe(false);
    await a.shot('team-guide');
  });

  it('A creates the team from the guide and sees it ticked in the user panel', async () => {
    await a.dialog('欢迎使用快速指引').getByRole('button', { name: '创建团队' }).click();
    await a.text('团队信息创建成功');
    await a.waitForHash('/index?t=');
    teamId = (await a.storage('teamId')) ?? '';
    expect(teamId).toMatch(/^\d+$/);

    await a.page.getByTestId('user-name').click();
    const panel = a.page.getByTestId('user-panel');
    const entry = panel.getByTestId('team-entry');
    await entry.first().waitFor();
    expect(await entry.count()).toBe(1);
    expect(await entry.getAttribute('data-current')).toBe('true');
    expect(await entry.textContent()).toContain(teamName);
    await panel.getByText('创建新团队').waitFor();
    await a.shot('user-panel-teams');
    await a.page.keyboard.press('Escape');
  });

  it('A sees the team settings and copies the invitation link', async () => {
    await a.goto('/team/index');
    await a.page.getByTestId('team-index').waitFor();
    expect(await a.page.getByTestId('team-name').textContent()).toBe(teamName);
    expect(await a.page.getByTestId('my-role').textContent()).toContain('所有者');
    expect(await a.page.getByTestId('quit-reason').textContent()).toBe('团队所有者不能退出团队，请先转让团队');
    expect(await a.page.getByRole('button', { name: '退出团队' }).isDisabled()).toBe(true);

    const linkField = a.page.getByTestId('invite-link');
    await expect.poll(() => linkField.inputValue()).toMatch(/#\/invite\/\w+\/\d+$/);
    await a.page.getByRole('button', { name: '复制链接' }).click();
    await a.text('用户邀请链接复制成功');
    inviteLink = await a.page.evaluate(() => navigator.clipboard.readText());
    expect(inviteLink).toBe(await linkField.inputValue());
    expect(inviteLink.startsWith(`${app.url}/system/#/invite/`)).toBe(true);
    await a.shot('team-index');
  });

  it('B opens the link in another browser, sees the team and the inviter, registers and joins', async () => {
    await b.page.goto(inviteLink);
    await b.page.getByTestId('invite-team').waitFor();
    expect(await b.page.getByTestId('invite-team').textContent()).toBe(teamName);
    expect(await b.page.getByTestId('inviter').textContent()).toBe(`${nickA} 邀请您加入团队`);
    await b.text('1 名成员');
    await b.shot('invite');

    await b.page.getByRole('button', { name: '注册新账号' }).click();
    await b.page.getByRole('heading', { name: '注册账号' }).waitFor();
    await b.register(phoneB);
    await b.waitForHash('/invite/');
    await b.page.getByRole('button', { name: '加入团队' }).click();
    await b.waitForHash('/index?t=');
    expect(await b.storage('teamId')).toBe(teamId);
    await b.closeTeamCheck([nickA, nickB]);
  });

  it('A sees B among the members after a reload and promotes B', async () => {
    await a.goto('/team/teamUser');
    await a.page.reload();
    await a.closeTeamCheck([nickA, nickB]);
    const rowB = a.memberRow(nickB);
    await rowB.waitFor();
    await rowB.getByRole('combobox').click();
    await a.page.getByRole('option', { name: '管理员' }).click();
    await a.text(`${nickB} 的角色已更新`);
    await expect.poll(() => rowB.getByRole('combobox').textContent()).toBe('管理员');
    expect(await a.memberRow(nickA).textContent()).toContain('所有者');

    await a.page.getByRole('button', { name: '字段列表' }).click();
    // the field list shows every column, each with a checkbox
    await a.dialog('字段列表').getByRole('treeitem', { name: '加入时间' }).waitFor();
    expect(await a.dialog('字段列表').getByRole('checkbox').count()).toBeGreaterThanOrEqual(5);
    await a.shot('team-users');
    await a.page.keyboard.press('Escape');
  });

  it('A exports the members to csv (with a BOM) and xlsx', async () => {
    const exportAs = (label: string) => async () => {
      await a.page.getByTestId('export-menu').click();
      await a.page.getByRole('menuitem', { name: label }).click();
    };
    const csv = await a.download(exportAs('导出 CSV'));
    expect(csv.name).toMatch(/^团队成员-\d{8}-\d{4}\.csv$/);
    const text = csv.bytes.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain('昵称,真实姓名,手机号,角色,加入时间');
    expect(text).toContain(`${nickB},,${phoneB},管理员,`);
    const xlsx = await a.download(exportAs('导出 Excel（xlsx）'));
    expect(xlsx.name).toMatch(/\.xlsx$/);
    expect(xlsx.bytes.subarray(0, 2).toString()).toBe('PK');
  });

  it('B sees the promotion after a reload', async () => {
    await b.goto('/team/index');
    await b.page.reload();
    await b.page.getByTestId('team-index').waitFor();
    expect(await b.page.getByTestId('my-role').textContent()).toContain('管理员');
    // an administrator may refresh the link and invite, but not hand the team over
    await b.page.getByRole('button', { name: '刷新邀请链接' }).waitFor();
    expect(await b.page.getByRole('button', { name: '转让团队' }).count()).toBe(0);
  });

  it('A transfers ownership to B', async () => {
    await a.goto('/team/index');
    await a.page.getByTestId('team-index').waitFor();
    await a.page.getByRole('combobox', { name: '新的所有者' }).click();
    await a.page.getByRole('option', { name: new RegExp(nickB) }).click();
    await a.page.getByRole('button', { name: '转让团队' }).click();
    const confirm = a.dialog('转让团队');
    await confirm.getByText(`确定将团队“${teamName}”转让给 ${nickB} 吗？`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: '确认' }).click();
    await a.text(`团队已转让给 ${nickB}`);
    await expect.poll(() => a.page.getByTestId('my-role').textContent()).toContain('管理员');
  });

  it('B is the owner after a reload, and the organisation shows it', async () => {
    await b.goto('/team/index');
    await b.page.reload();
    await b.page.getByTestId('team-index').waitFor();
    expect(await b.page.getByTestId('my-role').textContent()).toContain('所有者');
    expect(await b.page.getByTestId('team-owner').textContent()).toBe(`所有者：${nickB}`);

    await b.goto('/team/organization');
    await b.page.getByTestId('organization').waitFor();
    expect(await b.page.getByTestId('org-owner').textContent()).toContain(nickB);
    expect(await b.page.getByTestId('org-administrator').textContent()).toContain(nickA);
    expect(await b.page.getByTestId('org-administrator-count').textContent()).toBe('1 人');
    expect(await b.page.getByTestId('org-member-count').textContent()).toBe('0 人');
    await b.shot('organization');
  });

  it('B removes A', async () => {
    await b.goto('/team/teamUser');
    const rowA = b.memberRow(nickA);
    await rowA.waitFor();
    await rowA.getByRole('button', { name: '移除' }).click();
    const confirm = b.dialog('移除成员');
    await confirm.getByText(`确定将 ${nickA} 移出团队吗？`).waitFor();
    await confirm.getByRole('button', { name: '确认' }).click();
    await b.text('成员已移除');
    await rowA.waitFor({ state: 'detached' });
    expect(await b.page.locator('tbody tr').count()).toBe(1);
  });

  it('A has no team after a reload: the team pages show the empty state and the guide opens', async () => {
    await a.goto('/team/index');
    await a.page.reload();
    await a.dialog('欢迎使用快速指引').waitFor();
    await a.dialog('欢迎使用快速指引').getByRole('button', { name: '稍后再说' }).click();
    await a.page.getByTestId('no-team').getByText('您还未绑定任何团队').waitFor();
    expect(await a.storage('teamId')).toBeNull();
    await a.page.getByTestId('user-name').click();
    await a.page.getByTestId('user-panel').getByText('创建新团队').waitFor();
    expect(await a.page.getByTestId('team-entry').count()).toBe(0);
    await a.page.keyboard.press('Escape');
    await a.shot('no-team');
    await a.page.getByTestId('no-team').getByRole('button', { name: '创建团队' }).click();
    await a.dialog('欢迎使用快速指引').waitFor();
  });

  it('B invites A by telephone: A is not a member, and the card says the invitation waits for A', async () => {
    await b.goto('/team/index');
    await b.page.reload();
    await b.page.getByTestId('team-index').waitFor();
    await b.page.locator('input[name="inviteTelephone"]').fill(phoneA);
    await b.page.getByRole('button', { name: '邀请', exact: true }).click();
    await b.page.getByTestId('team-invite').getByText('邀请已发送，对方接受后加入团队').waitFor();
    // the pending invitation shows the number B typed, and nothing about its owner
    const pending = b.page.getByTestId('pending-invitations');
    await pending.getByText(phoneA).waitFor();
    expect(await pending.textContent()).not.toContain(nickA);
    expect(await b.page.getByTestId('team-index').textContent()).toContain('1 名成员');
    await b.page.getByTestId('team-invite').screenshot({ path: `${screenshots}team-invite-sent.png` });

    await b.goto('/team/teamUser');
    await b.memberRow(nickB).waitFor();
    expect(await b.memberRow(nickA).count()).toBe(0);
  });

  it('A sees the invitation where A lands, on the guide and the team page, and accepts it', async () => {
    await a.goto('/index');
    await a.page.reload();
    const guide = a.dialog('欢迎使用快速指引');
    const inGuide = guide.getByTestId('my-invitations');
    await inGuide.getByText(teamName).waitFor();
    expect(await inGuide.textContent()).toContain(`${nickB} 邀请您加入`);
    await a.shot('team-invitation-guide');
    await guide.getByRole('button', { name: '稍后再说' }).click();

    await a.goto('/team/index');
    const card = a.page.getByTestId('my-invitations');
    await card.getByText(teamName).waitFor();
    await a.page.getByTestId('no-team').waitFor();
    await card.screenshot({ path: `${screenshots}team-invitation-card.png` });
    await a.shot('team-invitation-no-team');
    await card.getByRole('button', { name: '接受' }).click();
    await a.text(`已加入团队“${teamName}”`);
    await a.waitForHash('/index?t=');
    expect(await a.storage('teamId')).toBe(teamId);

    await a.page.getByTestId('user-name').click();
    const entry = a.page.getByTestId('user-panel').getByTestId('team-entry');
    await expect.poll(() => entry.count()).toBe(1);
    expect(await entry.textContent()).toContain(teamName);
    await a.page.keyboard.press('Escape');
    await a.goto('/team/index');
    await a.page.getByTestId('team-index').waitFor();
    expect(await a.page.getByTestId('my-role').textContent()).toContain('成员');
    expect(await a.page.getByTestId('my-invitations').count()).toBe(0);

    await b.goto('/team/index');
    await b.page.reload();
    await b.page.getByTestId('team-index').getByText('2 名成员').waitFor();
    expect(await b.page.getByTestId('pending-invitations').count()).toBe(0);
  });

  it('B creates a second team from the user panel, then switches back to the first', async () => {
    await b.goto('/index');
    await b.page.getByTestId('user-name').click();
    await b.page.getByTestId('create-team').click();
    const guide = b.dialog('欢迎使用快速指引');
    await guide.locator('input[name="teamName"]').fill('测试组');
    await guide.getByRole('button', { name: '创建团队' }).click();
    await b.text('团队信息创建成功');
    await expect.poll(() => b.storage('teamId')).not.toBe(teamId);

    await b.page.getByTestId('user-name').click();
    const entries = b.page.getByTestId('team-entry');
    await expect.poll(() => entries.count()).toBe(2);
    expect(await b.page.locator('[data-testid="team-entry"][data-current]').textContent()).toContain('测试组');
    await entries.filter({ hasText: teamName }).click();
    await b.waitForHash('/index?t=');
    await expect.poll(() => b.storage('teamId')).toBe(teamId);
    await b.page.getByTestId('user-name').click();
    expect(await b.page.locator('[data-testid="team-entry"][data-current]').textContent()).toContain(teamName);
    await b.page.keyboard.press('Escape');
  });

  it('A, now in a team, sees an invitation to another team on the team page and declines it', async () => {
    const api = async (path: string, body: Record<string, string>, as = b) => {
      const response = await fetch(`${app.url}/pmbok/api/${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: (await as.storage('authorize_token')) ?? '',
        },
        body: new URLSearchParams(body),
      });
      return (await response.json()) as { code: number; data: any };
    };
    const second = ((await api('userInfo/userTeam', {})).data as { teamId: number; team: { name: string } }[]).find(
      (t) => t.team.name === '测试组',
    );
    expect((await api('team/inviteByTelephone', { teamId: String(second?.teamId), telephone: phoneA })).code).toBe(200);

    await a.goto('/team/index');
    await a.page.reload();
    const card = a.page.getByTestId('my-invitations');
    await card.getByText('测试组').waitFor();
    expect(await a.page.getByTestId('team-name').textContent()).toBe(teamName);
    await a.shot('team-invitation-team-index');
    await card.getByRole('button', { name: '拒绝' }).click();
    await a.text('已拒绝团队“测试组”的邀请');
    await card.waitFor({ state: 'detached' });
    expect(await a.storage('teamId')).toBe(teamId);
    expect(((await api('userInfo/userTeam', {}, a)).data as unknown[]).length).toBe(1);
    expect((await api('team/myInvitations', {}, a)).data).toEqual([]);
  });

  it("gives a user of another team code 400 or 402 on every team call with A's former team id", async () => {
    const call = async (path: string, body: Record<string, string>, token = '') => {
      const response = await fetch(`${app.url}/pmbok/api/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: token },
        body: new URLSearchParams(body),
      });
      return (await response.json()) as { code: number; msg: string; data: any };
    };
    expect((await call('user/sendRegisterCode', { username: phoneC, smsType: '2' })).code).toBe(200);
    const code = await outboxCode(app.url, phoneC);
    const registered = await call('user/register', { telephone: phoneC, password, repeatPassword: password, code });
    const outsider = registered.data.token as string;
    expect((await call('team/create', { teamName: '别的团队' }, outsider)).code).toBe(200);
    const tokenB = (await b.storage('authorize_token')) ?? '';
    const bId = String((await call('userInfo/getUserInfo', {}, tokenB)).data.userId);

    const calls: [string, Record<string, string>][] = [
      ['team/teamInfo', { teamId }],
      ['team/shareInfo', { teamId }],
      ['team/update', { teamId, name: 'hijack' }],
      ['team/refreshShareCode', { teamId }],
      ['team/initTeam', { teamId, teamName: 'hijack' }],
      ['team/inviteByTelephone', { teamId, telephone: phoneA }],
      ['team/deleteTeamUser', { teamId, userId: bId }],
      ['team/changeOwner', { teamId, userId: bId }],
      ['team/updateTeamUser', { teamId, userId: bId, role: 'member' }],
      ['userInfo/quitTeam', { teamId }],
      ['userInfo/setTeamActive', { teamId }],
    ];
    for (const [path, body] of calls) {
      const answer = await call(path, body, outsider);
      expect([400, 402], `${path} → ${JSON.stringify(answer)}`).toContain(answer.code);
      expect(answer.data ?? null).toBeNull();
    }
    const rest = await fetch(`${app.url}/pmbok/admin/teamUsers`, {
      headers: { authorization: outsider, 'x-team-id': teamId },
    });
    expect(rest.status).toBe(403);
    // B's screens still show the team untouched
    await b.goto('/team/index');
    await b.page.reload();
    await expect.poll(() => b.page.getByTestId('team-name').textContent()).toBe(teamName);
  });

  it('raised no uncaught error in either page', () => {
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });
});

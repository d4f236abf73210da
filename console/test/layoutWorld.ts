// A small team with content, for the accessibility check and the layout polish e2e: an owner with a Chinese
// name, a member with the default nickname and one with a Latin name, a task project with dated tasks and a
// knowledge project. Everything is made through the API; the browser contexts start signed in.
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, outboxCode, type RunningApp, startApp } from './harness';

type Answer = { code: number; msg: string; data: any };

export const shots = '/tmp/shots/';
const password = 'Passw0rd!';
const DAY = 24 * 60 * 60 * 1000;

export interface Account {
  token: string;
  userId: number;
  telephone: string;
}

export interface World {
  app: RunningApp;
  browser: Browser;
  owner: Account;
  members: Account[];
  ids: { teamId: string; taskProjectId: string; knowledgeProjectId: string; shareCode: string; ticket: string };
  call: (account: Account, path: string, body?: Record<string, string | number>) => Promise<any>;
  /** A new account, in no team. */
  register: (telephone: string) => Promise<Account>;
  /** A signed-in context (team chosen, team check not due), in zh-CN or English, on a desktop or a phone. */
  open: (options?: { language?: 'zh' | 'en'; phone?: boolean; account?: Account }) => Promise<BrowserContext>;
  /** A new page of the context at a hash path, quiet (no request, no spinner). */
  visit: (context: BrowserContext, hashPath: string) => Promise<Page>;
  stop: () => Promise<void>;
}

export async function startWorld(): Promise<World> {
  mkdirSync(shots, { recursive: true });
  const app = await startApp();
  const browser = await launchChromium();
  const stamp = String(Date.now()).slice(-7);
  let teamId = '';

  const raw = async (path: string, body: Record<string, string | number>, token = ''): Promise<Answer> => {
    const response = await fetch(`${app.url}/pmbok/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: token },
      body: new URLSearchParams(Object.entries({ teamId, ...body }).map(([k, v]) => [k, String(v)])),
    });
    return (await response.json()) as Answer;
  };
  const call = async (account: Account, path: string, body: Record<string, string | number> = {}) => {
    const answer = await raw(path, body, account.token);
    if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
    return answer.data;
  };
  const register = async (telephone: string): Promise<Account> => {
    await raw('user/sendRegisterCode', { username: telephone, smsType: '2' });
    const code = await outboxCode(app.url, telephone);
    const registered = await raw('user/register', { telephone, password, repeatPassword: password, code });
    if (registered.code !== 200) throw new Error(`register: ${registered.msg}`);
    const token = registered.data.token as string;
    const { userId } = (await raw('userInfo/getUserInfo', {}, token)).data;
    return { token, userId, telephone };
  };

  const owner = await register(`136${stamp}1`);
  const members = [await register(`136${stamp}2`), await register(`136${stamp}3`), await register(`136${stamp}4`)];
  teamId = String((await call(owner, 'team/create', { teamName: '产品研发部', sourceProject: '[]' })).teamId);
  const { shareCode } = await call(owner, 'team/shareInfo');
  for (const member of members) await call(member, 'team/shareJoin', { shareCode });
  await call(owner, 'userInfo/update', { trueName: '张晓明' });
  await call(members[1] as Account, 'userInfo/update', { nickname: 'Ada Lovelace' });
  await call(members[2] as Account, 'userInfo/update', { trueName: '欧阳娜娜' });

  const taskProjectId = String((await call(owner, 'task/newProject', { name: '登录改版' })).taskProjectId);
  await call(owner, 'task/batchCreateProjectUser', {
    projectId: taskProjectId,
    userIds: JSON.stringify(members.map((member) => member.userId)),
  });
  // today's midnight in China, the contexts' time zone
  const CHINA = 8 * 60 * 60 * 1000;
  const today = new Date(Math.floor((Date.now() + CHINA) / DAY) * DAY - CHINA);
  const tasks = ['设计登录页', '短信验证码', '第三方登录', '埋点统计'];
  for (const [index, name] of tasks.entries()) {
    const assignee = [owner, ...members][index] as Account;
    await call(owner, 'task/newTask', {
      projectId: taskProjectId,
      name,
      userId: assignee.userId,
      startTime: today.getTime() + index * DAY,
      endTime: today.getTime() + (index + 3) * DAY - 1,
    });
  }
  const knowledgeProjectId = String(
    (await call(owner, 'project/create', { name: '接口文档', privateType: 'team' })).projectId,
  );
  const { ticket } = await call(owner, 'user/wechatLoginQrCode');
  const ids = { teamId, taskProjectId, knowledgeProjectId, shareCode, ticket };

  const open: World['open'] = async ({ language = 'zh', phone = false, account = owner } = {}) => {
    const context = await browser.newContext({
      viewport: phone ? { width: 390, height: 844 } : { width: 1440, height: 900 },
      deviceScaleFactor: phone ? 2 : 1,
      isMobile: phone,
      hasTouch: phone,
      locale: language === 'en' ? 'en-US' : 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    });
    await context.addInitScript(
      ([token, team, lang]) => {
        // every frame runs it, about:blank and sandboxed previews too, where storage is refused
        if (window !== window.top || !location.href.startsWith('http')) return;
        if (localStorage.getItem('authorize_token')) return;
        localStorage.setItem('authorize_token', token as string);
        if (team) localStorage.setItem('teamId', team as string);
        localStorage.setItem('teamCheckTime', String(Date.now()));
        localStorage.setItem('RaStore.version', '1');
        if (lang === 'en') localStorage.setItem('RaStore.locale', '"en"');
      },
      // only the team's people have a team to start in
      [account.token, [owner, ...members].includes(account) ? teamId : '', language],
    );
    return context;
  };

  const visit: World['visit'] = async (context, hashPath) => {
    const page = await context.newPage();
    await page.goto(`${app.url}/system/#${hashPath}`, { waitUntil: 'networkidle' });
    await page.locator('#root > *').first().waitFor({ state: 'attached' });
    await page
      .locator('.MuiLinearProgress-root, .MuiCircularProgress-root, .MuiSkeleton-root')
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => undefined); // a screen may keep a spinner for live data: the check runs anyway
    return page;
  };

  const stop = async () => {
    await browser.close();
    await app.stop();
  };
  return { app, browser, owner, members, ids, call, register, open, visit, stop };
}

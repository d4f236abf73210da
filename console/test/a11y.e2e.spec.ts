// Issue 21: every screen of the route table passes an automated accessibility check (axe-core: WCAG 2.1 A/AA
// rules, no serious or critical violation), and switches are reachable by their label in Chromium's own
// accessibility tree.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../src/app/routeTable';
import { resolveRoutes } from '../src/navigation/resolve';
import { seriousViolations } from './axe';
import { chromiumPath, hasChromium } from './harness';
import { shots, startWorld, type World } from './layoutWorld';

if (!hasChromium) console.warn(`a11y e2e skipped: no Chromium at ${chromiumPath}`);

interface Finding {
  route: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The serious and critical violations on the page as it is now (the embedded help manual is a document of its own). */
async function check(page: Page, route: string): Promise<Finding[]> {
  return (await seriousViolations(page, { exclude: 'iframe' })).map((violation) => ({
    route,
    rule: violation.id,
    impact: violation.impact ?? '',
    help: violation.help,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }));
}

/** Nodes of Chromium's accessibility tree (CDP Accessibility.getFullAXTree) with a role. */
async function chromiumTree(page: Page, role: string): Promise<{ name: string; checked: string }[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: {
      ignored: boolean;
      role?: { value: string };
      name?: { value: string };
      properties?: { name: string; value: { value: unknown } }[];
    }[];
  };
  await cdp.detach();
  return nodes
    .filter((node) => !node.ignored && node.role?.value === role)
    .map((node) => ({
      name: String(node.name?.value ?? ''),
      checked: String(node.properties?.find((p) => p.name === 'checked')?.value.value ?? ''),
    }));
}

describe.skipIf(!hasChromium)('accessibility (axe-core and Chromium’s accessibility tree)', () => {
  let world: World;

  beforeAll(async () => {
    world = await startWorld();
  }, 180_000);

  afterAll(async () => {
    await world?.stop();
  });

  it('finds no serious or critical violation on any route of the console', async () => {
    const { ids } = world;
    // required parameters get real ids (knowledge routes the knowledge project's); optional ones are filled too
    const paths = resolveRoutes(routeTable)
      .filter(({ route }) => !route.builtIn && !route.children && !route.redirect)
      .map(({ fullPath, route }) => {
        const projectId = fullPath.startsWith('/project/') ? ids.knowledgeProjectId : ids.taskProjectId;
        const values: Record<string, string> = { ...ids, projectId, docId: '1', id: '1', userId: '1' };
        const path = fullPath.replace(/:(\w+)\??/g, (_, name: string) => values[name] ?? name).replace('/*', '/index');
        return route.path === '/auth-redirect' ? `${path}?provider=wechat` : path;
      });
    expect(paths).toEqual(expect.arrayContaining(['/index', '/team/teamUser', `/task/home/${ids.taskProjectId}`]));

    const context = await world.open();
    const findings: Finding[] = [];
    for (const path of paths) {
      const page = await world.visit(context, path).catch((error: Error) => {
        findings.push({ route: path, rule: 'did not render', impact: 'critical', help: error.message, targets: [] });
        return null;
      });
      if (!page) continue;
      findings.push(...(await check(page, path)));
      await page.close();
    }
    // the signed-out screens
    const guest = await world.browser.newContext({ locale: 'zh-CN' });
    for (const path of ['/login', '/login?form=register']) {
      const page = await world.visit(guest, path);
      findings.push(...(await check(page, path)));
      await page.close();
    }
    await guest.close();
    await context.close();
    expect(findings).toEqual([]);
  }, 600_000);

  it('checks the open drawers too: the task drawer, its date picker, the settings drawer', async () => {
    const context = await world.open();
    const page = await world.visit(context, `/task/home/${world.ids.taskProjectId}`);
    const findings: Finding[] = [];
    await page.getByTestId('task-card').first().click();
    await page.getByTestId('task-drawer').getByLabel('开始时间').waitFor();
    findings.push(...(await check(page, 'task drawer')));
    await page
      .getByTestId('task-drawer')
      .getByRole('button', { name: /选择日期/ })
      .first()
      .click();
    await page.getByRole('dialog').getByRole('gridcell').first().waitFor();
    // checked once it has grown in: mid-transition its text is partly transparent and reads as low contrast
    await page.waitForFunction(() => {
      const paper = document.querySelector('.MuiPickerPopper-paper');
      return paper !== null && getComputedStyle(paper).opacity === '1' && paper.getAnimations().length === 0;
    });
    findings.push(...(await check(page, 'date picker')));
    await page.keyboard.press('Escape');
    await page.close();

    const home = await world.visit(context, '/index');
    await home.getByRole('button', { name: '系统布局配置' }).click();
    await home.getByTestId('settings-drawer').waitFor();
    findings.push(...(await check(home, 'settings drawer')));
    await home.close();
    await context.close();
    expect(findings).toEqual([]);
  }, 120_000);

  it('reaches the settings switches and the project template switch by role and label', async () => {
    const context = await world.open();
    const page = await world.visit(context, '/index');
    await page.getByTestId('user-name').waitFor();
    await page
      .getByRole('button', { name: '系统布局配置' })
      .click({ timeout: 10_000 })
      .catch(async (error) => {
        await page.screenshot({ path: `${shots}i21-a11y-failed-settings.png` });
        throw error;
      });
    const drawer = page.getByRole('dialog', { name: '系统布局配置' });
    const tags = drawer.getByRole('switch', { name: '开启 Tags-View' });
    expect(await tags.isChecked()).toBe(true);
    await tags.click();
    expect(await tags.isChecked()).toBe(false);
    await expect.poll(() => page.getByTestId('tags-view').count()).toBe(0);
    await tags.click();
    // Chromium itself names them: what a screen reader is given
    const switches = await chromiumTree(page, 'switch');
    expect(switches).toEqual(
      expect.arrayContaining([
        { name: '开启 Tags-View', checked: 'true' },
        { name: '固定 Header', checked: expect.any(String) },
        { name: '侧边栏 Logo', checked: expect.any(String) },
      ]),
    );
    await page.close();

    const settings = await world.visit(context, `/taskManage/index/${world.ids.taskProjectId}`);
    const template = settings.getByRole('switch', { name: '设为团队模板' });
    expect(await template.isChecked()).toBe(false);
    expect(await chromiumTree(settings, 'switch')).toContainEqual({ name: '设为团队模板', checked: 'false' });
    await settings.close();
    await context.close();
  }, 120_000);

  it('names the team guide’s template toggles; passes the guide and the project members page', async () => {
    // someone in no team is shown the guide on arrival
    const newcomer = await world.register(`137${String(Date.now()).slice(-8)}`);
    const context = await world.open({ account: newcomer });
    const page = await world.visit(context, '/index');
    const guide = page.getByRole('dialog', { name: '欢迎使用快速指引' });
    await guide.waitFor();
    // the blank cards are toggles: chosen at first, and said so
    expect(await guide.getByRole('button', { name: /空白空间/, pressed: true }).count()).toBe(2);
    await guide.getByRole('button', { name: /从空白知识库开始/ }).click();
    expect(await guide.getByRole('button', { name: /从空白知识库开始/, pressed: false }).count()).toBe(1);
    expect(await check(page, 'team guide')).toEqual([]);
    await page.close();
    await context.close();

    const ownerContext = await world.open();
    const members = await world.visit(ownerContext, `/taskManage/user/${world.ids.taskProjectId}`);
    expect(await check(members, 'project members')).toEqual([]);
    await members.close();
    await ownerContext.close();
  }, 120_000);
});

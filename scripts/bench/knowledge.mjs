// The knowledge workspace's benchmark (issue 15): a project of DOCS API documents in FOLDERS folders, then
// `project/projectStructure` (the whole tree), `project/docDetail` and `project/saveDoc` through the gateway, and the
// tree's first render in Chromium. Called by scripts/bench.mjs with its measuring tools.
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { untilQuiet } from './lib.mjs';

/** A realistic API document: path and query parameters, a nested JSON request body, a 200 and a 400. */
export const apiDoc = (i, note = '') => ({
  method: ['GET', 'POST', 'PUT', 'DELETE'][i % 4],
  path: `/v1/resources${i}/{id}`,
  status: 'released',
  tags: ['基准'],
  ownerId: 0,
  description: `第 ${i} 个接口：按编号读写资源。${note}`,
  operationId: `resource${i}`,
  deprecated: false,
  parameters: [
    {
      in: 'path',
      name: 'id',
      required: true,
      description: '资源编号',
      schema: { type: 'integer' },
      example: 1,
      deprecated: false,
      extra: {},
    },
    {
      in: 'query',
      name: 'fields',
      required: false,
      description: '返回的字段',
      schema: { type: 'string' },
      example: 'name',
      deprecated: false,
      extra: {},
    },
  ],
  requestBody: {
    type: 'json',
    mediaType: 'application/json',
    required: true,
    description: '',
    schema: {
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', description: '名称' },
        owner: {
          type: 'object',
          properties: { userId: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } },
        },
      },
    },
    fields: [],
    raw: '',
    examples: [],
    extra: {},
  },
  responses: [
    {
      status: '200',
      name: '成功',
      description: '资源',
      mediaType: 'application/json',
      schema: {
        type: 'object',
        properties: { code: { type: 'integer' }, data: { type: 'object', properties: { id: { type: 'integer' } } } },
      },
      headers: [],
      examples: [{ name: 'ok', summary: '', value: { code: 200, data: { id: 1 } } }],
      extra: {},
    },
    {
      status: '400',
      name: '参数错误',
      description: '',
      mediaType: 'application/json',
      schema: { type: 'object' },
      headers: [],
      examples: [],
      extra: {},
    },
  ],
  extra: {},
});

/** Runs `work` on each of `items`, `width` at a time. */
async function inBatches(items, width, work) {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(work));
}

/** Seeds the project, then measures the three calls. */
export async function benchKnowledge({ url, token, serverPid, docs, folders, tools, onSeeded }) {
  const { postApi, load, log, fmt } = tools;
  const { teamId } = await postApi(url, 'team/create', { teamName: 'knowledge bench' }, token);
  const inTeam = (body) => ({ ...body, teamId: String(teamId) });
  const call = (path, body) => postApi(url, `project/${path}`, inTeam(body), token);
  const { projectId } = await call('create', { name: '基准项目', privateType: 'members' });

  log(`knowledge: creating ${fmt(folders)} folders and ${fmt(docs)} API documents`);
  const started = performance.now();
  const folderIds = [];
  await inBatches([...Array(folders).keys()], 10, async (f) => {
    const { projectStructureId } = await call('addStructure', {
      projectId,
      parentId: 0,
      kind: 'folder',
      name: `模块 ${f}`,
    });
    folderIds[f] = projectStructureId;
  });
  const nodes = [];
  await inBatches([...Array(docs).keys()], 20, async (i) => {
    const parentId = folderIds[i % folders];
    const created = await call('addStructure', { projectId, parentId, kind: 'api', name: `接口 ${i}` });
    const saved = await call('saveDoc', {
      projectId,
      projectStructureId: created.projectStructureId,
      baseVersion: 1, // a new document is at version 1
      doc: JSON.stringify(apiDoc(i)),
    });
    nodes[i] = { id: created.projectStructureId, version: saved.version, i };
  });
  const seedSeconds = (performance.now() - started) / 1_000;
  log(`knowledge: seeded in ${fmt(seedSeconds, 1)} s`);
  // The publishing benchmark saves a version here, to compare with one saved after the saves below.
  const seeded = (await onSeeded?.({ teamId, projectId })) ?? null;
  // The other services' consumers of the seeding (the assistant's index, activities) catch up first: their work is
  // not the calls'.
  log(`knowledge: the app went quiet after ${fmt(await untilQuiet(serverPid), 1)} s`);

  const headers = { authorization: token };
  // As a browser asks for it: the kept tree goes compressed (brotli) (docs/adr/0023-the-knowledge-paths-kept-answers.md).
  const browserHeaders = { ...headers, 'accept-encoding': 'gzip, deflate, br' };
  const structureBody = JSON.stringify(inTeam({ projectId }));
  // autocannon reads a body as text, so the compressed tree is not read here; a refusal is small, never compressed,
  // and starts as every envelope does. structureAfterChanges below reads whole answers and checks their code.
  const structure = await load(`${url}/pmbok/api/project/projectStructure`, browserHeaders, structureBody, serverPid, {
    verifyBody: (text) => !text.startsWith('{"code":'),
  });
  const afterChange = await structureAfterChanges({
    url,
    headers: browserHeaders,
    body: structureBody,
    projectId,
    folderIds,
    call,
  });
  let next = 0;
  const detail = await load(`${url}/pmbok/api/project/docDetail`, headers, '{}', serverPid, {
    requests: [
      {
        setupRequest: (request) => {
          const node = nodes[next++ % nodes.length];
          return { ...request, body: JSON.stringify(inTeam({ projectId, projectStructureId: node.id })) };
        },
      },
    ],
  });
  // Each request saves the next document on the version it last saved, with a changed description: a real change,
  // never a conflict (a document comes round again only after all the others).
  let turn = 0;
  const save = await load(`${url}/pmbok/api/project/saveDoc`, headers, '{}', serverPid, {
    requests: [
      {
        setupRequest: (request) => {
          const node = nodes[turn++ % nodes.length];
          const body = inTeam({
            projectId,
            projectStructureId: node.id,
            baseVersion: node.version,
            doc: JSON.stringify(apiDoc(node.i, `修改 ${turn}`)),
          });
          node.version += 1;
          return { ...request, body: JSON.stringify(body) };
        },
      },
    ],
  });
  log(
    `knowledge: projectStructure ${fmt(structure.perSecond)} req/s, docDetail ${fmt(detail.perSecond)} req/s, saveDoc ${fmt(save.perSecond)} req/s`,
  );
  const render = await firstRender({ url, token, teamId, projectId, docId: nodes[0].id, tools });
  return { structure, afterChange, detail, save, seedSeconds, render, docs, folders, teamId, projectId, seeded };
}

/**
 * The tree read right after it changed (a folder renamed before each read), one at a time: the first read of each
 * version builds the answer again, which the load above, on an unchanged tree, does not measure.
 */
async function structureAfterChanges({ url, headers, body, projectId, folderIds, call, reads = 30 }) {
  const times = [];
  for (let i = 0; i < reads; i += 1) {
    await call('updateStructure', {
      projectId,
      projectStructureId: folderIds[i % folderIds.length],
      name: `模块 ${i} 改`,
    });
    const started = performance.now();
    const answer = await fetch(`${url}/pmbok/api/project/projectStructure`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body,
    });
    const { code } = await answer.json();
    if (code !== 200) throw new Error(`projectStructure after a change answered ${code}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { reads, p50: times[Math.floor(reads / 2)], p90: times[Math.floor(reads * 0.9)] };
}

/**
 * Chromium opens the workspace with a document selected: the time until the tree shows a node and until the
 * document's request line shows, median of `runs` fresh page loads (the console's bundle cached after the first).
 */
async function firstRender({ url, token, teamId, projectId, docId, tools, runs = 5 }) {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    tools.log(`knowledge: no Chromium at ${executablePath}; first render not measured`);
    return null;
  }
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(
      ([t, team, checkKey]) => {
        localStorage.setItem('authorize_token', t);
        localStorage.setItem('teamId', String(team));
        // The team check shows once a day (SPEC §2.4); it is not what this measures.
        localStorage.setItem(checkKey, String(Date.now()));
      },
      // console/src/teams/teamCheckSchedule.ts
      [token, teamId, 'teamCheckTime'],
    );
    const page = await context.newPage();
    const samples = [];
    for (let run = 0; run <= runs; run++) {
      await page.goto('about:blank');
      const started = performance.now();
      await page.goto(`${url}/system/#/project/index/${projectId}?doc=${docId}`);
      await page
        .locator('[role="treeitem"]')
        .first()
        .waitFor({ timeout: 60_000 })
        .catch(async (error) => {
          await page.screenshot({ path: 'bench-first-render-failed.png' });
          throw new Error(`the tree did not show (bench-first-render-failed.png): ${error.message}`);
        });
      const tree = performance.now() - started;
      await page.getByTestId('api-path').first().waitFor({ timeout: 60_000 });
      const doc = performance.now() - started;
      if (run > 0) samples.push({ tree, doc }); // run 0 fills the browser's cache
    }
    const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    return { tree: median(samples.map((s) => s.tree)), doc: median(samples.map((s) => s.doc)), runs };
  } finally {
    await browser.close();
  }
}

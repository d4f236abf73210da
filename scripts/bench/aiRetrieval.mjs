// The AI assistant's retrieval over a large team (issue 19, ADR 14): a synthetic team of 10,000 documents, field
// standards and tasks with Chinese and English text, fed through the ai service's knowledge read models (the same
// projections the bus feeds, called directly), then the team's index built on the first question, the latency of
// `retrieve` over 500 questions, of a retrieval right after a document changed (the index refreshed inside it) and
// of `suggest`, and the heap the index takes. Imports the built services/ai (npm run build).
//   node scripts/bench/aiRetrieval.mjs [--quick]
// SHOW_MISSES=1 also prints the questions naming a document that did not rank it first.
import { resolve } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { percentile } from './lib.mjs';

const root = resolve(new URL('../..', import.meta.url).pathname);

// --- A reproducible synthetic team --------------------------------------------------------------------------

/** mulberry32: the same team on every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const SUBJECTS = [
  ['订单', 'order'],
  ['支付', 'payment'],
  ['退款', 'refund'],
  ['库存', 'stock'],
  ['商品', 'product'],
  ['用户', 'user'],
  ['会员', 'member'],
  ['优惠券', 'coupon'],
  ['物流', 'shipment'],
  ['发票', 'invoice'],
  ['评论', 'review'],
  ['购物车', 'cart'],
  ['收货地址', 'address'],
  ['积分', 'points'],
  ['消息', 'message'],
  ['权限', 'permission'],
  ['角色', 'role'],
  ['部门', 'department'],
  ['审批', 'approval'],
  ['报表', 'report'],
  ['门店', 'store'],
  ['供应商', 'supplier'],
  ['合同', 'contract'],
  ['账单', 'bill'],
  ['结算', 'settlement'],
  ['渠道', 'channel'],
  ['活动', 'campaign'],
  ['工单', 'ticket'],
  ['设备', 'device'],
  ['日志', 'log'],
];
const ACTIONS = [
  ['创建', 'create', 'POST'],
  ['查询', 'get', 'GET'],
  ['更新', 'update', 'PUT'],
  ['删除', 'delete', 'DELETE'],
  ['导出', 'export', 'GET'],
  ['导入', 'import', 'POST'],
  ['审核', 'review', 'POST'],
  ['取消', 'cancel', 'POST'],
  ['同步', 'sync', 'POST'],
  ['统计', 'count', 'GET'],
  ['批量查询', 'list', 'GET'],
  ['关闭', 'close', 'POST'],
];
const QUALIFIERS = ['', '', '', '详情', '列表', '状态', '明细', '记录', '配置', '分页'];
const PHRASES = [
  '调用前需要先登录并携带令牌',
  '接口按租户隔离数据',
  '返回结果按创建时间倒序排列',
  '失败时返回错误码和原因',
  '超过限流阈值时返回 429',
  '金额单位为分',
  '时间使用毫秒时间戳',
  '只有管理员可以调用',
  '结果缓存五分钟',
  '幂等：重复提交同一请求号只处理一次',
  '异步处理，结果通过回调通知',
  '分页参数 pageNo 从 1 开始',
  '删除为逻辑删除，可以恢复',
  '字段为空时不修改原值',
  '需要二次确认',
];
const STAGES = ['待处理', '开发中', '测试中', '已上线'];

const pick = (rand, list) => list[Math.floor(rand() * list.length)];
const camel = (...words) =>
  words
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1)))
    .join('');
const sentence = (rand, subject) => `${subject}${pick(rand, PHRASES)}，${pick(rand, PHRASES)}。`;

function apiContent(rand, [subject, subjectEn], [action, actionEn, method], qualifier) {
  const id = `${subjectEn}Id`;
  const prop = (name, description) => [name, { type: 'string', description }];
  return {
    method,
    path: `/v1/${subjectEn}s${method === 'POST' && actionEn === 'create' ? '' : `/{${id}}`}${actionEn === 'create' || actionEn === 'get' ? '' : `/${actionEn}`}`,
    description: `${action}${subject}${qualifier}。${sentence(rand, subject)}${sentence(rand, '')}`,
    operationId: camel(actionEn, subjectEn, qualifier ? 'detail' : ''),
    tags: [subject],
    parameters: [
      { in: 'path', name: id, required: true, description: `${subject}编号`, schema: { type: 'integer' } },
      { in: 'header', name: 'X-Token', required: true, description: '登录令牌', schema: { type: 'string' } },
      { in: 'query', name: 'pageNo', required: false, description: '页码，从 1 开始', schema: { type: 'integer' } },
    ],
    requestBody: {
      type: 'json',
      mediaType: 'application/json',
      description: `${subject}的内容`,
      schema: {
        type: 'object',
        properties: Object.fromEntries([
          prop(`${subjectEn}Name`, `${subject}名称`),
          prop('remark', '备注'),
          prop('amount', '金额（分）'),
          prop(camel(subjectEn, 'status'), `${subject}状态`),
        ]),
      },
      fields: [],
    },
    responses: [
      {
        status: '200',
        name: '成功',
        description: `返回${subject}`,
        mediaType: 'application/json',
        schema: {
          type: 'object',
          properties: Object.fromEntries([prop(id, `${subject}编号`), prop('createdAt', '创建时间')]),
        },
        headers: [],
      },
      {
        status: '400',
        name: '参数错误',
        description: '参数不正确',
        mediaType: 'application/json',
        schema: {},
        headers: [],
      },
    ],
  };
}

function pageMarkdown(rand, subject, paragraphs) {
  const lines = [`# ${subject}说明`];
  for (let i = 0; i < paragraphs; i++) {
    lines.push(
      '',
      `## 第 ${i + 1} 部分`,
      Array.from({ length: 4 }, () => sentence(rand, pick(rand, SUBJECTS)[0])).join(''),
    );
  }
  return lines.join('\n');
}

/**
 * The team's events in log order, as the team, project and task topics carry them: 20 members, 20 knowledge
 * projects (every fourth members-only), `size` sources in all (70 % api documents, 12 % pages, 5 % schemas, 3 %
 * field standards, 10 % tasks in 10 task projects).
 */
function teamEvents(size, rand) {
  const events = [];
  let position = 0;
  const emit = (topic, streamId, type, data) =>
    events.push({
      topic,
      event: {
        type,
        data,
        metadata: { eventId: `e${++position}`, streamId, version: 1, globalPosition: position, at: 0 },
      },
    });
  const teamId = 1;
  const members = Array.from({ length: 20 }, (_, i) => 1_000 + i);
  emit('team', `team-${teamId}`, 'TeamCreated', { teamId, name: '基准团队', ownerId: members[0], poster: 0 });
  for (const userId of members) emit('team', `team-${teamId}`, 'MemberJoined', { userId, role: 'member' });
  for (const userId of members) emit('auth', `user-${userId}`, 'UserRegistered', { userId, nickname: `成员${userId}` });

  let next = 10_000;
  const projects = Array.from({ length: 20 }, (_, i) => {
    const projectId = ++next;
    const [subject] = SUBJECTS[i % SUBJECTS.length];
    const privateType = i % 4 === 3 ? 'members' : 'team';
    emit('project', `project-${projectId}`, 'ProjectCreated', {
      projectId,
      teamId,
      ownerId: members[0],
      sourceProjectId: 0,
      name: `${subject}中心`,
      privateType,
      isTemplate: false,
    });
    // Members-only projects have 5 members; the asking users are members[0..9], so they see some of them.
    for (const userId of members.slice(i % 10, (i % 10) + 5)) {
      emit('project', `project-${projectId}`, 'ProjectMemberAdded', { userId, role: 'editor' });
    }
    return { projectId, open: privateType === 'team' };
  });
  const names = [];
  const addDoc = (kind, name, content) => {
    const { projectId, open } = pick(rand, projects);
    const nodeId = ++next;
    const docId = ++next;
    emit('project', `projectTree-${projectId}`, 'StructureNodeAdded', { nodeId, kind, name, docId, isTemplate: false });
    emit('project', `projectDoc-${docId}`, 'DocCreated', { docId, projectId, nodeId, kind, content });
    return { projectId, nodeId, docId, kind, name, open, chars: JSON.stringify(content).length };
  };
  const counts = {
    api: Math.round(size * 0.7),
    page: Math.round(size * 0.12),
    schema: Math.round(size * 0.05),
    field: Math.round(size * 0.03),
  };
  counts.task = size - counts.api - counts.page - counts.schema - counts.field;
  for (let i = 0; i < counts.api; i++) {
    const subject = pick(rand, SUBJECTS);
    const action = pick(rand, ACTIONS);
    const qualifier = pick(rand, QUALIFIERS);
    names.push(
      addDoc(
        'api',
        `${action[0]}${subject[0]}${qualifier}${i % 7 === 0 ? ` v${i % 5}` : ''}`,
        apiContent(rand, subject, action, qualifier),
      ),
    );
  }
  for (let i = 0; i < counts.page; i++) {
    const [subject] = pick(rand, SUBJECTS);
    names.push(
      addDoc('page', `${subject}${pick(rand, ['流程', '规范', '设计', '常见问题', '上线手册'])}${i}`, {
        markdown: pageMarkdown(rand, subject, 2 + Math.floor(rand() * 60)),
      }),
    );
  }
  for (let i = 0; i < counts.schema; i++) {
    const [subject, en] = pick(rand, SUBJECTS);
    names.push(
      addDoc('schema', `${camel(en, 'vo')}${i}`, {
        description: `${subject}的数据模型`,
        schema: {
          type: 'object',
          properties: { [`${en}Id`]: { description: `${subject}编号` }, name: { description: '名称' } },
        },
      }),
    );
  }
  for (let i = 0; i < counts.field; i++) {
    const [subject, en] = pick(rand, SUBJECTS);
    const dataFieldId = ++next;
    const team = i % 2 === 0;
    emit('project', `dataField-${dataFieldId}`, 'DataFieldCreated', {
      scope: team ? 'team' : 'project',
      projectId: team ? 0 : pick(rand, projects).projectId,
      teamId,
      dataFieldId,
      name: `${en}${['Id', 'Name', 'Status', 'Type', 'Code'][i % 5]}${i}`,
      aliases: [],
      type: 'string',
      format: '',
      description: `${subject}的${['编号', '名称', '状态', '类型', '编码'][i % 5]}`,
      example: null,
      enum: [],
      mockRule: '',
    });
  }
  const now = Date.now();
  const taskProjects = Array.from({ length: 10 }, (_, i) => {
    const taskProjectId = ++next;
    emit('task', `taskProject-${taskProjectId}`, 'TaskProjectCreated', {
      taskProjectId,
      teamId,
      name: `迭代${i + 1}`,
      ownerId: members[0],
      flows: STAGES.map((name, sort) => ({ flowId: sort + 1, name, sort })),
    });
    for (const userId of members.slice(i, i + 8)) {
      emit('task', `taskProject-${taskProjectId}`, 'ProjectMemberAdded', { userId, role: 'member' });
    }
    return taskProjectId;
  });
  for (let i = 0; i < counts.task; i++) {
    const [subject] = pick(rand, SUBJECTS);
    const taskId = ++next;
    const flow = Math.floor(rand() * STAGES.length);
    emit('task', `task-${taskId}`, 'TaskCreated', {
      taskId,
      projectId: pick(rand, taskProjects),
      name: `${pick(rand, ['修复', '优化', '开发', '联调', '测试'])}${subject}${pick(rand, ['接口', '页面', '导出', '超时问题', '权限'])}`,
      assigneeId: pick(rand, members),
      flowId: flow + 1,
      flowName: STAGES[flow],
      startTime: now - 10 * 86_400_000,
      endTime: now + Math.round((rand() - 0.6) * 20) * 86_400_000,
      content: `<p>${sentence(rand, subject)}</p><ul><li>${sentence(rand, subject)}</li></ul>`,
    });
  }
  return { events, teamId, members, names, counts, next: () => ++next, position: () => position };
}

/** Questions as a team asks them: about a named api or page, a subject, an identifier, tasks. */
function questions(count, team, rand) {
  const asks = [];
  // Named documents of projects open to the whole team: the asker may see them.
  const open = team.names.filter((n) => n.open);
  for (let i = 0; i < count; i++) {
    const [subject, en] = pick(rand, SUBJECTS);
    const named = pick(rand, open);
    const [action, actionEn] = pick(rand, ACTIONS);
    asks.push(
      [
        {
          text: named.kind === 'api' ? `怎么调用「${named.name}」接口？` : `「${named.name}」这篇文档讲了什么？`,
          title: named.name,
        },
        { text: `${action}${subject}的接口需要传哪些参数？` },
        { text: `${camel(actionEn, en)} 返回什么` },
        { text: `${subject}${pick(rand, PHRASES)}吗？` },
        { text: `「迭代${1 + Math.floor(rand() * 10)}」里有哪些逾期的任务？` },
        { text: `我有哪些未完成的${subject}任务？` },
        { text: `${en}Id 字段的规范是什么？` },
      ][i % 7],
    );
  }
  return asks;
}

// --- Measuring --------------------------------------------------------------------------------------------

const stats = (values) => ({
  p50: percentile(values, 50),
  p99: percentile(values, 99),
  mean: values.reduce((a, b) => a + b, 0) / values.length,
});

/** V8's collector, for heap measures that count what is reachable only. */
function collector() {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc');
}

const MB = 1024 * 1024;

const pageSizes = (names) => {
  const sizes = names.filter((n) => n.kind === 'page').map((n) => n.chars);
  return { min: Math.min(...sizes), max: Math.max(...sizes) };
};

export async function benchAiRetrieval({ quick = false } = {}) {
  const size = quick ? 2_000 : 10_000;
  const questionCount = quick ? 100 : 500;
  const infra = await import(pathToFileURL(resolve(root, 'infra/dist/index.js')).href);
  const knowledge = await import(pathToFileURL(resolve(root, 'services/ai/dist/projections/knowledge/index.js')).href);
  const { createRetriever, tokenize } = await import(
    pathToFileURL(resolve(root, 'services/ai/dist/retrieval/index.js')).href
  );
  const gc = collector();
  const rand = random(19);
  tokenize('预热'); // the dictionary loads once per process; not the index's cost

  const team = teamEvents(size, rand);
  const feeds = {
    team: infra.teamMembersProjection,
    auth: knowledge.peopleProjection,
    project: knowledge.knowledgeProjection,
    task: knowledge.taskKnowledgeProjection,
  };
  const store = infra.createMemoryReadStore();
  const apply = async ({ topic, event }) => {
    if (feeds[topic].canHandle.includes(event.type)) await feeds[topic].handle(event, store);
  };
  let started = performance.now();
  for (const entry of team.events) await apply(entry);
  const feedMs = performance.now() - started;

  const retriever = createRetriever({ readStore: store });
  const userId = team.members[3];
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const rssBefore = process.memoryUsage().rss;
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  started = performance.now();
  await retriever.retrieve({ teamId: team.teamId, userId, question: '预热' });
  const buildMs = performance.now() - started;
  loop.disable();
  // The longest the event loop waited while the index was built (it yields every ~20 ms of indexing).
  const buildBlockMs = loop.max / 1e6;
  gc();
  const heapMB = (process.memoryUsage().heapUsed - heapBefore) / MB;
  const rssMB = (process.memoryUsage().rss - rssBefore) / MB;
  const index = retriever.indexOf(team.teamId);

  const asks = questions(questionCount, team, random(7));
  const times = [];
  const cpu = process.cpuUsage();
  let named = 0;
  let namedFirst = 0;
  let empty = 0;
  for (const ask of asks) {
    const t = performance.now();
    const passages = await retriever.retrieve({ teamId: team.teamId, userId, question: ask.text });
    times.push(performance.now() - t);
    if (passages.length === 0) empty++;
    if (ask.title) {
      named++;
      if (passages[0]?.title === ask.title) namedFirst++;
      else if (process.env.SHOW_MISSES)
        console.log(
          ask.text,
          '→',
          passages.slice(0, 3).map((p) => p.title),
        );
    }
  }

  const { user, system } = process.cpuUsage(cpu);
  const retrieveCpuMs = (user + system) / 1_000 / asks.length;

  // A document saved, then a question: the refresh (read models past the index's positions) happens inside it.
  const refreshTimes = [];
  const pages = team.names.filter((n) => n.kind === 'page');
  for (let i = 0; i < (quick ? 20 : 100); i++) {
    const page = pages[i % pages.length];
    await apply({
      topic: 'project',
      event: {
        type: 'DocSaved',
        data: { version: 2, content: { markdown: `更新 ${i}：${sentence(rand, '订单')}` } },
        metadata: {
          eventId: `s${i}`,
          streamId: `projectDoc-${page.docId}`,
          version: 2,
          globalPosition: team.position() + 1 + i,
          at: 0,
        },
      },
    });
    const t = performance.now();
    await retriever.retrieve({ teamId: team.teamId, userId, question: `更新 ${i} 订单` });
    refreshTimes.push(performance.now() - t);
  }
  const suggestTimes = [];
  for (let i = 0; i < (quick ? 20 : 100); i++) {
    const t = performance.now();
    await retriever.suggest({ teamId: team.teamId, userId, count: 5 });
    suggestTimes.push(performance.now() - t);
  }

  const result = {
    sources: index?.size ?? 0,
    counts: team.counts,
    questions: asks.length,
    feedMs,
    buildMs,
    buildBlockMs,
    heapMB,
    rssMB,
    retrieve: stats(times),
    retrieveCpuMs,
    refresh: stats(refreshTimes),
    suggest: stats(suggestTimes),
    namedTop1: named ? namedFirst / named : 0,
    pageChars: pageSizes(team.names),
    emptyShare: empty / asks.length,
  };
  return { ...result, markdown: markdown(result) };
}

const ms = (value) => (value < 10 ? `${value.toFixed(2)} ms` : `${Math.round(value).toLocaleString('en')} ms`);

function markdown(r) {
  const { counts } = r;
  return [
    '### Retrieval over a large team',
    '',
    `\`scripts/bench/aiRetrieval.mjs\`, in one process on the built services/ai: a synthetic team of ${r.sources.toLocaleString('en')}`,
    `sources (${counts.api.toLocaleString('en')} api documents, ${counts.page} pages of ${r.pageChars.min.toLocaleString('en')}–${r.pageChars.max.toLocaleString('en')} characters, ${counts.schema} data models,`,
    `${counts.field} field standards, ${counts.task.toLocaleString('en')} tasks in 10 task projects; 20 knowledge projects, every fourth`,
    'members-only) fed through the knowledge read models, then the index built on the first question (jieba search',
    `mode, MiniSearch BM25+). ${r.questions} questions by a member who sees part of the members-only projects and task projects`,
    '(the permission filter applies); "after a save" is a question right after a page was saved, so it includes the',
    "index's refresh from the read models.",
    '',
    '| measure | value |',
    '| --- | ---: |',
    `| read models fed (all events) | ${ms(r.feedMs)} |`,
    `| **index built** (first question) | ${ms(r.buildMs)} |`,
    `| longest event-loop delay while it is built | ${ms(r.buildBlockMs)} |`,
    `| index heap (after GC) | ${r.heapMB.toFixed(1)} MB |`,
    `| **retrieve** p50 / p99 | ${ms(r.retrieve.p50)} / ${ms(r.retrieve.p99)} |`,
    `| retrieve: CPU per question (mean) | ${ms(r.retrieveCpuMs)} |`,
    `| retrieve after a save (refresh inside) p50 / p99 | ${ms(r.refresh.p50)} / ${ms(r.refresh.p99)} |`,
    `| suggest (5 questions) p50 / p99 | ${ms(r.suggest.p50)} / ${ms(r.suggest.p99)} |`,
    `| questions naming a document that rank it first | ${(r.namedTop1 * 100).toFixed(0)} % |`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await benchAiRetrieval({ quick: process.argv.includes('--quick') });
  console.log(result.markdown.join('\n'));
}

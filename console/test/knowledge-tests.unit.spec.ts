import type { ApiDoc, StructureNode, TestCaseSummary } from '@pmbok/api-types';
import type { RequestResult, RunEvent, RunReport, Step } from '@pmbok/runner';
import { describe, expect, it } from 'vitest';
import { newAssertion, withSource } from '../src/knowledge/tests/assertionModel';
import { buildLines } from '../src/knowledge/tests/CaseTree';
import {
  type CaseDraft,
  caseProblems,
  cleanContent,
  contentFromDoc,
  normalizeContent,
  pathParamNames,
  sameDraft,
  syncPathParams,
} from '../src/knowledge/tests/caseDraft';
import { DATA_LIMITS, readDataFile, sheetToData } from '../src/knowledge/tests/dataFile';
import { byIteration, countsOf, foldEvents, mergeReport, progressOf } from '../src/knowledge/tests/runProgress';
import {
  cleanScenario,
  emptyScenario,
  normalizeScenario,
  type ScenarioDraft,
  sameScenario,
  scenarioProblems,
} from '../src/knowledge/tests/scenarioDraft';
import {
  caseKeysOf,
  countSteps,
  depthOf,
  duplicateStep,
  expectedRequests,
  findStep,
  insertSteps,
  moveStep,
  newStep,
  removeStep,
  stepProblems,
  updateStep,
} from '../src/knowledge/tests/stepTree';
import { TEST_RUN_PUSH, testRunPushOf } from '../src/live/testRunPush';

const api = (patch: Partial<ApiDoc> = {}): ApiDoc => ({
  method: 'POST',
  path: '/users/{id}/orders',
  status: 'released',
  tags: [],
  ownerId: 0,
  description: '',
  operationId: '',
  deprecated: false,
  parameters: [
    { in: 'path', name: 'id', required: true, description: '用户编号', schema: { type: 'integer', example: 7 } },
    { in: 'query', name: 'page', required: false, description: '', schema: { type: 'integer' } },
    { in: 'header', name: 'X-Trace', required: true, description: '', schema: { type: 'string' } },
  ] as unknown as ApiDoc['parameters'],
  requestBody: {
    type: 'json',
    mediaType: 'application/json',
    required: true,
    description: '',
    schema: { type: 'object', properties: { sku: { type: 'string', example: 'A-1' } } },
    fields: [],
    raw: '',
    examples: [],
    extra: {},
  },
  responses: [
    {
      status: '201',
      name: '',
      description: '',
      mediaType: 'application/json',
      schema: { type: 'object', properties: { orderId: { type: 'integer' } } },
      headers: [],
      examples: [],
      extra: {},
    },
  ],
  extra: {},
  ...patch,
});

describe('a case from its api document', () => {
  it('takes the method, path, parameters with examples, body and the documented success as assertions', () => {
    const content = contentFromDoc(api());
    expect(content.request).toMatchObject({
      method: 'POST',
      url: '/users/{id}/orders',
      pathParams: [{ name: 'id', value: '7' }],
      query: [{ name: 'page', value: '0', enabled: false }],
      headers: [{ name: 'X-Trace', value: 'string' }],
      body: { type: 'json', mediaType: 'application/json' },
    });
    expect(JSON.parse(content.request.body?.raw ?? '')).toEqual({ sku: 'A-1' });
    expect(content.assertions.map((a) => [a.source, a.operator, a.expected])).toEqual([
      ['status', 'equals', '201'],
      ['schema', 'conforms', undefined],
    ]);
  });

  it('leaves the body out of a GET', () => {
    expect(contentFromDoc(api({ method: 'GET' })).request.body).toEqual({ type: 'none' });
  });

  it('follows the URL with its path parameters, keeping typed values and ignoring {{variables}}', () => {
    expect(pathParamNames('{{base}}/users/{id}/items/:itemId?x={y}')).toEqual(['id', 'itemId']);
    expect(pathParamNames('http://host:8080/a/{b}')).toEqual(['b']);
    expect(
      syncPathParams('/users/{id}/pets/{petId}', [
        { name: 'id', value: '3' },
        { name: 'gone', value: '1' },
      ]),
    ).toEqual([
      { name: 'id', value: '3' },
      { name: 'petId', value: '' },
    ]);
  });
});

describe('a case draft', () => {
  const draft = (patch: Partial<CaseDraft['content']> = {}, name = '下单'): CaseDraft => ({
    name,
    content: { ...contentFromDoc(api()), ...patch },
  });

  it('saves without the rows left nameless, and reads an older save with its missing lists empty', () => {
    const base = draft();
    const content = {
      ...base.content,
      request: {
        ...base.content.request,
        headers: [...(base.content.request.headers ?? []), { name: ' ', value: 'x' }],
      },
    };
    expect(cleanContent(content).request.headers).toEqual([{ name: 'X-Trace', value: 'string' }]);
    expect(sameDraft(base, { ...base, content })).toBe(true);
    expect(sameDraft(base, { ...base, name: '下单2' })).toBe(false);
    expect(normalizeContent({ request: { method: 'GET', url: '/a' } })).toMatchObject({
      request: { query: [], headers: [], pathParams: [], body: { type: 'none' } },
      assertions: [],
      extractions: [],
      preScript: '',
    });
  });

  it('finds what the server would refuse, numbered as the tables show them', () => {
    const bad = draft(
      {
        assertions: [
          { id: 'a', source: 'jsonPath', operator: 'equals', path: 'data.id', expected: '1' },
          { id: 'b', source: 'header', operator: 'exists', path: '' },
          { id: 'c', source: 'body', operator: 'matches', expected: '([' },
          { id: 'd', source: 'status', operator: 'equals', expected: '' },
        ],
        extractions: [{ id: 'x', variable: '1token', source: 'jsonPath', path: '$.data.token' }],
      },
      ' ',
    );
    expect(caseProblems(bad).map((p) => [p.key, p.args?.n])).toEqual([
      ['name_required', undefined],
      ['assertion_json_path', 1],
      ['assertion_path', 2],
      ['assertion_pattern', 3],
      ['assertion_expected', 4],
      ['extraction_variable', 1],
    ]);
    expect(caseProblems(draft())).toEqual([]);
  });

  it('takes {{variables}} in a JSON body as values', () => {
    const body = { type: 'json' as const, raw: '{"id": {{id}}, "name": "{{name}}"}' };
    const ok = draft({ request: { method: 'POST', url: '/a', body } });
    expect(caseProblems(ok)).toEqual([]);
    const broken = draft({ request: { method: 'POST', url: '/a', body: { type: 'json', raw: '{"id": ' } } });
    expect(caseProblems(broken).map((p) => p.key)).toEqual(['json_body']);
  });

  it('keeps an operator the new source has, else takes its first', () => {
    const a = newAssertion('jsonPath');
    expect(withSource({ ...a, operator: 'contains' }, 'header').operator).toBe('contains');
    expect(withSource({ ...a, operator: 'type' }, 'status').operator).toBe('equals');
    expect(withSource(a, 'schema')).toMatchObject({ operator: 'conforms', path: '' });
  });
});

describe('the step tree', () => {
  const tree = (): Step[] => [
    { id: 'login', kind: 'case', caseKey: '1' },
    { id: 'loop', kind: 'loop', count: 3, steps: [{ id: 'order', kind: 'case', caseKey: '2' }] },
    {
      id: 'if',
      kind: 'if',
      condition: { left: '{{status}}', operator: 'equals', right: 'ok' },
      steps: [
        { id: 'wait', kind: 'wait', ms: 500 },
        { id: 'again', kind: 'case', caseKey: '1' },
      ],
    },
  ];

  it('edits nested steps by id', () => {
    let steps = insertSteps(tree(), 'loop', [{ id: 'pay', kind: 'case', caseKey: '3' }]);
    expect(findStep(steps, 'loop')).toMatchObject({ steps: [{ id: 'order' }, { id: 'pay' }] });
    steps = moveStep(steps, 'loop', 1, 0);
    expect(findStep(steps, 'loop')).toMatchObject({ steps: [{ id: 'pay' }, { id: 'order' }] });
    steps = updateStep(steps, 'wait', { ms: 2000, enabled: false });
    expect(findStep(steps, 'wait')).toEqual({ id: 'wait', kind: 'wait', ms: 2000, enabled: false });
    steps = removeStep(steps, 'again');
    expect(findStep(steps, 'again')).toBeUndefined();
    expect(steps.map((s) => s.id)).toEqual(['login', 'loop', 'if']);
    expect(tree()[1]).toMatchObject({ steps: [{ id: 'order' }] });
  });

  it('duplicates with fresh ids all the way down, right after the original', () => {
    const steps = duplicateStep(tree(), 'if');
    expect(steps.map((s) => s.kind)).toEqual(['case', 'loop', 'if', 'if']);
    const copy = steps[3] as Extract<Step, { kind: 'if' }>;
    expect(copy.id).not.toBe('if');
    expect(copy.steps.map((s) => s.id)).not.toContain('wait');
    expect(countSteps(steps)).toBe(countSteps(tree()) + 3);
  });

  it('counts, measures depth, names the cases and estimates the requests of one pass', () => {
    expect(countSteps(tree())).toBe(6);
    expect(depthOf(tree())).toBe(2);
    expect(depthOf([])).toBe(0);
    expect(caseKeysOf(tree())).toEqual(['1', '2']);
    expect(expectedRequests(tree())).toBe(1 + 3 + 1);
    const off = updateStep(tree(), 'loop', { enabled: false });
    expect(expectedRequests(off)).toBe(2);
    const nested: Step[] = [{ id: 's', kind: 'scenario', scenarioKey: '9' }];
    expect(expectedRequests(nested, (key) => (key === '9' ? 4 : 1))).toBe(4);
  });

  it('refuses what the server would: unknown cases, itself, bad waits and loops, too deep', () => {
    const steps: Step[] = [
      { id: 'a', kind: 'case', caseKey: '404' },
      { id: 'b', kind: 'scenario', scenarioKey: '5' },
      { id: 'c', kind: 'wait', ms: 61_000 },
      { id: 'd', kind: 'loop', count: 0, steps: [] },
      { id: 'e', kind: 'if', condition: { left: ' ', operator: 'exists' }, steps: [] },
    ];
    expect(stepProblems(steps, { cases: new Set(['1']), scenarios: new Set(['5']), self: '5' })).toEqual([
      { stepId: 'a', key: 'step_case_missing', args: undefined },
      { stepId: 'b', key: 'step_self', args: undefined },
      { stepId: 'c', key: 'step_wait', args: { max: 60 } },
      { stepId: 'd', key: 'step_loop', args: { max: 1000 } },
      { stepId: 'e', key: 'step_condition', args: undefined },
    ]);
    let deep: Step[] = [newStep('case', '1')];
    for (let i = 0; i < 10; i++) deep = [{ id: `l${i}`, kind: 'loop', count: 1, steps: deep }];
    expect(stepProblems(deep, { cases: new Set(['1']), scenarios: new Set() }).map((p) => p.key)).toEqual([
      'steps_deep',
    ]);
  });
});

describe('a data file', () => {
  it('takes the first row as the columns and every other row as an iteration', () => {
    const result = sheetToData('users.csv', [
      ['name', 'age', ''],
      ['张三', '30'],
      ['', '', ''],
      ['李四', '41', 'x'],
    ]);
    expect(result).toEqual({
      data: {
        fileName: 'users.csv',
        columns: ['name', 'age', 'column3'],
        rows: [
          ['张三', '30', ''],
          ['李四', '41', 'x'],
        ],
      },
    });
    expect(sheetToData('a.csv', [['a', 'a']])).toEqual({ error: { key: 'empty' } });
    expect(
      sheetToData('a.csv', [
        ['a', 'a'],
        ['1', '2'],
      ]),
    ).toMatchObject({ data: { columns: ['a', 'a_2'] } });
  });

  it('refuses more rows or columns than a run takes, with the counts for the message', () => {
    const rows = Array.from({ length: DATA_LIMITS.rows + 1 }, (_, i) => [String(i)]);
    expect(sheetToData('big.csv', [['n'], ...rows])).toEqual({
      error: { key: 'too_many_rows', args: { max: 10_000, n: 10_001 } },
    });
    const wide = Array.from({ length: 101 }, (_, i) => `c${i}`);
    expect(sheetToData('wide.csv', [wide, wide])).toEqual({
      error: { key: 'too_many_columns', args: { max: 100, n: 101 } },
    });
  });

  it('refuses a file over 10 MB before reading a byte of it, and a file of another kind', async () => {
    const unread = () => Promise.reject(new Error('read'));
    expect(await readDataFile({ name: 'a.csv', size: DATA_LIMITS.bytes + 1, arrayBuffer: unread })).toEqual({
      error: { key: 'too_big', args: { max: 10, size: '10.0' } },
    });
    expect(await readDataFile({ name: 'a.json', size: 10, arrayBuffer: unread })).toEqual({ error: { key: 'format' } });
  });

  it('reads a real csv with Chinese text through the sheet reader', async () => {
    const bytes = new TextEncoder().encode('\uFEFFuser,expected\r\nalice,200\r\n王五,404\r\n');
    const file = { name: 'cases.csv', size: bytes.length, arrayBuffer: async () => bytes.buffer as ArrayBuffer };
    expect(await readDataFile(file)).toEqual({
      data: {
        fileName: 'cases.csv',
        columns: ['user', 'expected'],
        rows: [
          ['alice', '200'],
          ['王五', '404'],
        ],
      },
    });
  });
});

const result = (stepPath: string, iteration: number, passed = true): RequestResult => ({
  stepPath,
  stepId: stepPath,
  caseKey: '1',
  name: stepPath,
  iteration,
  assertions: [{ name: '状态码 等于 200', passed, origin: 'assertion' }],
  scripts: [],
  passed,
  startedAt: iteration * 10 + stepPath.length,
  durationMs: 5,
});

describe('a run folded from its pushes', () => {
  const events: RunEvent[] = [
    { type: 'started', name: '下单流程', startedAt: 1, iterations: 2 },
    { type: 'iteration', iteration: 0, data: { user: 'alice' } },
    { type: 'step', stepPath: 's1', stepId: 's1', kind: 'case', name: '登录', iteration: 0 },
    { type: 'request', result: result('s1', 0) },
    { type: 'step', stepPath: 's2', stepId: 's2', kind: 'case', name: '下单', iteration: 0 },
  ];

  it('shows progress, the iteration under way and the step waiting for its answer', () => {
    const view = foldEvents(events);
    expect(view).toMatchObject({ name: '下单流程', iterations: 2, iteration: 0, iterationData: { user: 'alice' } });
    expect(view.current?.name).toBe('下单');
    expect(progressOf(view, 3)).toEqual({ done: 1, expected: 6, percent: 17 });
    expect(countsOf(view)).toMatchObject({ requests: 1, assertions: 1, failedAssertions: 0 });
  });

  it('shows a result pushed twice once, and takes the finish with its summary', () => {
    const summary = {
      requests: 2,
      failedRequests: 1,
      assertions: 2,
      failedAssertions: 1,
      scriptErrors: 0,
      iterations: 2,
      durationMs: 9,
    };
    const view = foldEvents([
      ...events,
      { type: 'request', result: result('s1', 0) },
      { type: 'request', result: result('s2', 1, false) },
      { type: 'finished', status: 'failed', summary, finishedAt: 20 },
    ]);
    expect(view.results).toHaveLength(2);
    expect(view).toMatchObject({ status: 'failed', finishedAt: 20, current: undefined, summary });
    expect(progressOf(view, 3).percent).toBe(100);
    expect(byIteration(view.results).map((g) => [g.iteration, g.results.length])).toEqual([
      [0, 1],
      [1, 1],
    ]);
  });

  it('takes the stored report when it knows more, or when the run is over', () => {
    const report: RunReport = {
      name: '下单流程',
      status: 'running',
      environment: '测试环境',
      startedAt: 1,
      finishedAt: 0,
      summary: {
        requests: 0,
        failedRequests: 0,
        assertions: 0,
        failedAssertions: 0,
        scriptErrors: 0,
        iterations: 2,
        durationMs: 0,
      },
      results: [result('s1', 0), result('s2', 0)],
    };
    const pushed = foldEvents(events);
    expect(mergeReport(pushed, report, 'running').results).toHaveLength(2);
    expect(mergeReport(pushed, { ...report, results: [] }, 'running').results).toHaveLength(1);
    const done = mergeReport(pushed, { ...report, status: 'interrupted', message: '服务重启' }, 'interrupted');
    expect(done).toMatchObject({ status: 'interrupted', message: '服务重启' });
  });
});

describe('the live push of a run', () => {
  it('is read for its own run only', () => {
    const event = { type: 'started', name: 'x', startedAt: 1, iterations: 1 };
    const message = { code: TEST_RUN_PUSH, data: { projectId: 1, testRunId: 5, event } };
    expect(testRunPushOf(message, 5)?.event).toEqual(event);
    expect(testRunPushOf(message, 6)).toBeNull();
    expect(testRunPushOf({ code: 200300, data: message.data }, 5)).toBeNull();
    expect(testRunPushOf({ code: TEST_RUN_PUSH, data: { testRunId: 5 } }, 5)).toBeNull();
  });
});

describe('a scenario draft', () => {
  const draft = (): ScenarioDraft => ({
    ...emptyScenario('下单流程', 0),
    content: {
      ...emptyScenario('', 0).content,
      steps: [{ id: 's1', kind: 'case', caseKey: '7' }],
      variables: [
        { name: ' token ', value: 'abc', secret: true },
        { name: '', value: 'dropped' },
        { name: 'page', value: '1', secret: false },
      ],
    },
  });

  it('saves its variables named, secret only when it is', () => {
    expect(cleanScenario(draft()).content.variables).toEqual([
      { name: 'token', value: 'abc', secret: true },
      { name: 'page', value: '1' },
    ]);
    expect(sameScenario(draft(), cleanScenario(draft()))).toBe(true);
    expect(normalizeScenario({ steps: 'x' })).toEqual({
      steps: [],
      stopOnFailure: true,
      projectConfigId: 0,
      variables: [],
      data: null,
    });
  });

  it('refuses a bad variable name and the steps the server would refuse', () => {
    const bad = draft();
    bad.content.variables.push({ name: '1st', value: '' });
    expect(scenarioProblems(bad, { cases: new Set(), scenarios: new Set() }).map((p) => p.key)).toEqual([
      'variable_name',
      'step_case_missing',
    ]);
    expect(scenarioProblems(draft(), { cases: new Set(['7']), scenarios: new Set() })).toEqual([]);
  });
});

describe('the cases pane', () => {
  const node = (id: number, parentId: number, kind: StructureNode['kind'], name: string, path = ''): StructureNode => ({
    projectStructureId: id,
    parentId,
    kind,
    name,
    sort: id,
    projectDocId: id,
    method: kind === 'api' ? 'GET' : '',
    path,
    status: '',
    isTemplate: false,
    updatedAt: 0,
  });
  const summary = (testCaseId: number, projectStructureId: number, name: string): TestCaseSummary => ({
    testCaseId,
    projectStructureId,
    projectDocId: projectStructureId,
    name,
    method: 'GET',
    url: '/',
    assertionCount: 0,
    sort: testCaseId,
    lastRun: null,
    updatedBy: 1,
    updatedAt: 0,
  });
  const nodes = [
    node(1, 0, 'folder', '用户'),
    node(2, 1, 'api', '查询用户', '/users/{id}'),
    node(3, 0, 'folder', '空目录'),
    node(4, 0, 'page', '说明'),
    node(5, 0, 'api', '健康检查', '/healthz'),
  ];
  const cases = [summary(10, 2, '查到用户'), summary(11, 2, '用户不存在'), summary(12, 99, '旧用例')];

  it('lists the api documents in tree order under their folders, cases of deleted documents last', () => {
    const lines = buildLines(nodes, cases, '');
    expect(
      lines.map((l) => (l.kind === 'folder' ? `folder:${l.name}` : `${l.node?.name ?? '(deleted)'}:${l.cases.length}`)),
    ).toEqual(['folder:用户', '查询用户:2', '健康检查:0', '(deleted):1']);
  });

  it('keeps what matches a search: a document by name or path, else its matching cases', () => {
    const show = (keyword: string) =>
      buildLines(nodes, cases, keyword).map((l) =>
        l.kind === 'folder' ? l.name : (l.node?.name ?? '-') + l.cases.map((c) => `/${c.name}`).join(''),
      );
    expect(show('/healthz')).toEqual(['健康检查']);
    expect(show('不存在')).toEqual(['用户', '查询用户/用户不存在']);
    expect(show('旧')).toEqual(['-/旧用例']);
  });
});

import { processRealtime } from '@pmbok/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EDITOR,
  type MockHarness,
  OUTSIDER,
  OWNER,
  refusal,
  startMockHarness,
  TEAM_READER,
  VIEWER,
} from './mockHarness.js';

const HIDDEN = '项目不存在或无权访问';
const READ_ONLY = '你只能查看该项目，不能修改';
const NOT_MANAGER = '只有项目所有者和管理员可以管理项目';
const NOBODY = 7201; // in no team at all

const expectation = (over: Record<string, unknown> = {}) => ({
  name: 'id 为 0 时 404',
  conditions: [{ source: 'path', name: 'petId', operator: 'equals', value: '0' }],
  response: { status: 404, headers: [{ name: 'X-Reason', value: 'gone' }], bodyType: 'example', body: { code: 404 } },
  ...over,
});

describe('mock settings and expectations over gRPC (issue 17)', () => {
  let h: MockHarness;
  const settings = async (userId: number, teamId?: number) =>
    JSON.parse((await h.project.getMockSettings({ projectId: h.projectId }, h.as(userId, teamId))).settingsJson);
  const saveSettings = async (
    userId: number,
    input: { access?: string; validateRequests?: number; resetToken?: boolean },
  ) =>
    JSON.parse(
      (
        await h.project.saveMockSettings(
          { projectId: h.projectId, access: '', validateRequests: 0, resetToken: false, ...input },
          h.as(userId),
        )
      ).settingsJson,
    );
  const list = async (userId: number, projectStructureId = h.api, teamId?: number) =>
    JSON.parse(
      (await h.project.listMockExpectations({ projectId: h.projectId, projectStructureId }, h.as(userId, teamId)))
        .expectationsJson,
    );
  const save = async (userId: number, value: unknown, projectStructureId = h.api) =>
    JSON.parse(
      (
        await h.project.saveMockExpectations(
          {
            projectId: h.projectId,
            projectStructureId,
            expectationsJson: typeof value === 'string' ? value : JSON.stringify(value),
          },
          h.as(userId),
        )
      ).expectationsJson,
    );

  beforeAll(async () => {
    h = await startMockHarness('mock-config');
  });
  afterAll(async () => h?.stop());

  it('defaults: token access, validation on, a 32-character token for writers only', async () => {
    const owner = await settings(OWNER);
    expect(owner).toMatchObject({
      projectId: h.projectId,
      access: 'token',
      validateRequests: true,
      basePath: `/mock/${h.projectId}`,
    });
    expect(owner.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await settings(EDITOR)).token).toBe(owner.token);
    expect(await settings(VIEWER)).toEqual({ ...owner, token: '' });
    // A private project (the default): a team member without a role there sees nothing of it.
    for (const [userId, teamId] of [
      [TEAM_READER, h.teamId],
      [OUTSIDER, h.otherTeam],
      [NOBODY, 0],
    ] as const) {
      expect(await refusal(settings(userId, teamId))).toBe(HIDDEN);
    }
  });

  it('only managers change the settings; a reset makes a new token', async () => {
    expect(await refusal(saveSettings(EDITOR, { access: 'public' }))).toBe(NOT_MANAGER);
    expect(await refusal(saveSettings(VIEWER, { access: 'public' }))).toBe(READ_ONLY);
    expect(await refusal(saveSettings(OUTSIDER, { access: 'public' }))).toBe(HIDDEN);
    expect(await refusal(saveSettings(OWNER, { access: 'open' }))).toBe('访问方式只能是 token 或 public');
    expect(await refusal(saveSettings(OWNER, { validateRequests: 3 }))).toBe('请求校验只能是开或关');
    const before = await settings(OWNER);
    const saved = await saveSettings(OWNER, { access: 'public', validateRequests: 2 });
    expect(saved).toMatchObject({ access: 'public', validateRequests: false, token: before.token });
    expect(await settings(VIEWER)).toMatchObject({ access: 'public', validateRequests: false, token: '' });
    const index = JSON.parse((await h.project.getMockIndex({ projectId: h.projectId, knownRevision: '' })).indexJson);
    expect(index).toMatchObject({ access: 'public', token: '', validateRequests: false });
    const reset = await saveSettings(OWNER, { access: 'token', validateRequests: 1, resetToken: true });
    expect(reset).toMatchObject({ access: 'token', validateRequests: true });
    expect(reset.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(reset.token).not.toBe(before.token);
  });

  it('writers save an ordered list with ids; whoever sees the project reads it; viewers cannot save', async () => {
    expect(await list(VIEWER)).toEqual([]);
    const first = await save(EDITOR, [expectation(), expectation({ name: '慢', conditions: [], enabled: false })]);
    expect(first).toHaveLength(2);
    expect(first[0]).toMatchObject({
      name: 'id 为 0 时 404',
      enabled: true,
      conditions: [{ source: 'path', name: 'petId', operator: 'equals', value: '0' }],
      response: { status: 404, bodyType: 'example', body: { code: 404 }, text: '', delayMs: 0 },
    });
    expect(first[0].id).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(first[1]).toMatchObject({ name: '慢', enabled: false });
    expect(await list(VIEWER)).toEqual(first);
    expect(await refusal(list(TEAM_READER))).toBe(HIDDEN);
    // Reordered with the ids kept; a made-up id gets a new one.
    const second = await save(OWNER, [first[1], { ...first[0], id: 'made-up' }]);
    expect(second[0].id).toBe(first[1].id);
    expect(second[1].id).not.toBe('made-up');
    expect(await refusal(save(VIEWER, []))).toBe(READ_ONLY);
    expect(await refusal(save(OUTSIDER, []))).toBe(HIDDEN);
    expect(await refusal(list(OUTSIDER, h.api, h.otherTeam))).toBe(HIDDEN);
    expect(await refusal(list(NOBODY, h.api, 0))).toBe(HIDDEN);
    // Expectations belong to api documents only.
    for (const node of [h.model, h.template, 0, 999_999_999]) {
      expect(await refusal(save(EDITOR, [], node))).toBe('接口不存在或已删除');
    }
    expect(await save(EDITOR, [])).toEqual([]);
    expect(await list(VIEWER)).toEqual([]);
  });

  it('refuses bad expectations with a message naming the expectation and the field', async () => {
    const cases: [unknown, string][] = [
      ['{not json', '期望列表不是正确的 JSON'],
      [{ name: 'x' }, '期望必须是一个列表'],
      [Array.from({ length: 51 }, () => expectation()), '一个接口最多 50 个期望'],
      [[expectation({ name: '' })], '第 1 个期望的名称为 1–100 个字符'],
      [[expectation(), expectation({ name: 'x'.repeat(101) })], '第 2 个期望的名称为 1–100 个字符'],
      [[expectation({ enabled: 'yes' })], '第 1 个期望的启用必须是 true 或 false'],
      [
        [expectation({ conditions: Array.from({ length: 21 }, () => expectation().conditions[0]) })],
        '第 1 个期望最多 20 个条件',
      ],
      [
        [expectation({ conditions: [{ source: 'cookie', name: 'a', operator: 'equals', value: '' }] })],
        '第 1 个期望的第 1 个条件的来源只能是 path、query、header、body',
      ],
      [
        [expectation({ conditions: [{ source: 'query', name: 'a', operator: 'like', value: '' }] })],
        '第 1 个期望的第 1 个条件的运算符只能是 equals、notEquals、contains、exists、notExists、matches、greaterThan、lessThan、in',
      ],
      [
        [expectation({ conditions: [{ source: 'query', name: 'a', operator: 'matches', value: '(' }] })],
        '第 1 个期望的第 1 个条件的正则表达式不正确',
      ],
      [
        [expectation({ conditions: [{ source: 'query', name: 'a', operator: 'matches', value: 'a'.repeat(201) }] })],
        '第 1 个期望的第 1 个条件的正则表达式最多 200 个字符',
      ],
      [
        [expectation({ conditions: [{ source: 'query', name: 'n', operator: 'greaterThan', value: 'ten' }] })],
        '第 1 个期望的第 1 个条件的比较值必须是数字',
      ],
      [
        [expectation({ conditions: [{ source: 'body', name: '', operator: 'exists', value: '' }] })],
        '第 1 个期望的第 1 个条件的名称为 1–200 个字符',
      ],
      [[expectation({ response: { status: 99 } })], '第 1 个期望的响应的状态码必须是 100–599 的整数'],
      [
        [expectation({ response: { status: 200, delayMs: 10_001 } })],
        '第 1 个期望的响应的延迟（毫秒）必须是 0–10000 的整数',
      ],
      [
        [expectation({ response: { bodyType: 'xml' } })],
        '第 1 个期望的响应的响应体类型只能是 example、template、schema、text',
      ],
      [
        [expectation({ response: { headers: [{ name: 'X-A', value: 'a\r\nSet-Cookie: x=1' }] } })],
        '第 1 个期望的第 1 个响应头的值不能换行',
      ],
      [
        [expectation({ response: { headers: [{ name: 'bad name', value: '' }] } })],
        '第 1 个期望的第 1 个响应头名称只能有字母、数字和 -',
      ],
      [
        [expectation({ response: { bodyType: 'schema', body: { type: 'strange' } } })],
        '第 1 个期望的响应体 JSON Schema 不正确',
      ],
      [
        [expectation({ response: { bodyType: 'example', body: 'x'.repeat(1024 * 1024) } })],
        '第 1 个期望的响应体不能超过 1 MB',
      ],
      [[expectation({ response: 'ok' })], '第 1 个期望的响应必须是一个对象'],
    ];
    for (const [value, message] of cases) {
      const refused = await refusal(save(EDITOR, value));
      expect(refused, JSON.stringify(value).slice(0, 200)).toContain(message);
    }
    // Nothing of the above was written.
    expect(await list(EDITOR)).toEqual([]);
  });

  it('a template, a schema and a text answer are kept as their body type says', async () => {
    const saved = await save(EDITOR, [
      expectation({ response: { bodyType: 'template', body: { 'list|1-10': [{ name: '@cname' }] } } }),
      expectation({
        response: { bodyType: 'schema', body: { type: 'object', properties: { id: { type: 'integer' } } } },
      }),
      expectation({ response: { bodyType: 'text', text: 'pong', body: { ignored: true }, delayMs: 300 } }),
      expectation({ conditions: [{ source: 'header', name: 'X-Env', operator: 'exists', value: 'ignored' }] }),
    ]);
    expect(saved.map((e: { response: { bodyType: string } }) => e.response.bodyType)).toEqual([
      'template',
      'schema',
      'text',
      'example',
    ]);
    expect(saved[2].response).toMatchObject({ text: 'pong', body: null, delayMs: 300 });
    expect(saved[3].conditions[0]).toEqual({ source: 'header', name: 'X-Env', operator: 'exists', value: '' });
  });

  it('publishes a notice on the mock topic after a save (expectations, a document, settings)', async () => {
    const realtime = processRealtime();
    const next = () =>
      new Promise<unknown>((resolve) => {
        const stop = realtime.subscribe({ topic: 'mock' }, (payload) => {
          void stop.then((end) => end());
          resolve(payload);
        });
      });
    let notice = next();
    await save(EDITOR, [expectation()]);
    expect(await notice).toEqual({ projectId: h.projectId });
    notice = next();
    await h.save(h.api, { method: 'GET', path: '/pets/{petId}' });
    expect(await notice).toEqual({ projectId: h.projectId });
    notice = next();
    await saveSettings(OWNER, { validateRequests: 2 });
    expect(await notice).toEqual({ projectId: h.projectId });
  });
});

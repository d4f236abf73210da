import { ConfigError } from '@pmbok/infra';
import { describe, expect, it } from 'vitest';
import {
  createChatModel,
  estimateTokens,
  NO_MODEL_NOTE,
  providerConfigFromEnv,
  signSparkUrl,
  timeoutsFromEnv,
} from '../src/providers/index.js';
import type { Passage } from '../src/retrieval/model.js';
import { collectAnswer, sampleRequest } from './fakes/collect.js';

const passage = (fields: Partial<Passage> & Pick<Passage, 'kind' | 'title' | 'text'>): Passage => ({
  id: 1,
  projectId: 3,
  projectName: '订单中心',
  score: 1,
  route: '/project/index/3?doc=1',
  ...fields,
});

const ORDER_API = passage({
  kind: 'api',
  title: '创建订单',
  text: '创建订单\nPOST /api/orders\n提交商品编号和数量，创建一个待支付的订单。\n接口需要登录。\n响应里的 orderId 是订单号。',
});
const LOGIN_TASK = passage({
  kind: 'task',
  id: 9,
  title: '修复下单页报错',
  projectName: '迭代3',
  text: '修复下单页报错\n下单页提交时偶尔报 500。\n状态：进行中\n负责人：张三\n截止日期：2026-12-01',
  route: '/task/home/5?task=9',
});

describe('local provider', () => {
  const local = createChatModel({ provider: 'local' }, { firstTokenMs: 1, idleMs: 1 });

  it('is the offline default: no model, a prompt budget of 6000', () => {
    expect(local).toMatchObject({ provider: 'local', model: 'local', promptBudget: 6000 });
  });

  it('answers from the passages, numbered as cited, saying no model is configured', async () => {
    const answer = await collectAnswer(
      local.stream(sampleRequest({ question: '怎么创建订单？', passages: [ORDER_API, LOGIN_TASK] })),
    );

    expect(answer.error).toBeUndefined();
    expect(answer.text.startsWith(NO_MODEL_NOTE)).toBe(true);
    expect(answer.text).toContain('**[1] 创建订单**（订单中心 · 接口）');
    expect(answer.text).toContain('**[2] 修复下单页报错**（迭代3 · 任务）');
    // The api's method and path, the sentence that shares the question's words.
    expect(answer.text).toContain('- POST /api/orders');
    expect(answer.text).toContain('- 提交商品编号和数量，创建一个待支付的订单。');
    expect(answer.text).not.toContain('接口需要登录');
    // A task's status, assignee and due date as the passage has them.
    expect(answer.text).toContain('- 状态：进行中\n- 负责人：张三\n- 截止日期：2026-12-01');
  });

  it('streams a few characters at a time and ends with estimated usage', async () => {
    const request = sampleRequest({ passages: [ORDER_API] });
    const answer = await collectAnswer(local.stream(request));
    expect(answer.pieces.length).toBeGreaterThan(10);
    expect(answer.pieces.every((piece) => Array.from(piece).length <= 4)).toBe(true);
    expect(answer.usage).toEqual({
      promptTokens: estimateTokens(request.turns.map((turn) => turn.content).join('\n')),
      completionTokens: estimateTokens(answer.text),
    });
  });

  it('says nothing matched, and how to configure a model, when there are no passages', async () => {
    const answer = await collectAnswer(local.stream(sampleRequest({ passages: [] })));
    expect(answer.text).toContain('没有在团队的文档、字段规范和任务中找到与这个问题相关的内容');
    expect(answer.text).toContain('PMBOK_AI_PROVIDER=openai');
    expect(answer.text).toContain('PMBOK_AI_PROVIDER=spark');
    expect(answer.usage?.completionTokens).toBe(estimateTokens(answer.text));
  });

  it('quotes the opening of a passage that shares no word with the question', async () => {
    const page = passage({ kind: 'page', title: '发布规范', text: '每周四发布。发布前冻结代码。回滚由值班负责。' });
    const answer = await collectAnswer(local.stream(sampleRequest({ question: 'release?', passages: [page] })));
    expect(answer.text).toContain('- 每周四发布。\n- 发布前冻结代码。');
    expect(answer.text).not.toContain('回滚');
  });

  it('stops quietly when aborted, without usage', async () => {
    const request = sampleRequest({ passages: [ORDER_API] });
    const answer = await collectAnswer(local.stream(request), (_piece, index) => {
      if (index === 2) request.controller.abort();
    });
    expect(answer.pieces).toHaveLength(3);
    expect(answer).toMatchObject({ error: undefined, usage: undefined });
  });
});

describe('estimateTokens', () => {
  it('counts a CJK character as one token and four other characters as one', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('创建订单')).toBe(4);
    expect(estimateTokens('abcd')).toBe(1);
    expect(estimateTokens('abcde')).toBe(2);
    expect(estimateTokens('调用 POST /orders。')).toBe(2 + Math.ceil(' POST /orders'.length / 4) + 1);
  });
});

describe('signSparkUrl', () => {
  it("signs as iFlytek's own example does (host, date, request line; HMAC-SHA256; base64)", () => {
    const url = signSparkUrl(
      'wss://spark-api.xf-yun.com/v1.1/chat',
      'addd2272b6d8b7c8abdd79531420ca3b',
      'MjlmNzkzNmZkMDQ2OTc0ZDdmNGE2ZTZi',
      new Date('Fri, 05 May 2023 10:43:39 GMT'),
    );
    expect(url).toBe(
      'wss://spark-api.xf-yun.com/v1.1/chat?authorization=YXBpX2tleT0iYWRkZDIyNzJiNmQ4YjdjOGFiZGQ3OTUzMTQyMGNhM2IiLCBhbGdvcml0aG09ImhtYWMtc2hhMjU2IiwgaGVhZGVycz0iaG9zdCBkYXRlIHJlcXVlc3QtbGluZSIsIHNpZ25hdHVyZT0iejVnSGR1M3B4VlY0QURNeWs0Njd3T1dEUTlxNkJRelIzbmZNVGpjL0RhUT0i&date=Fri%2C+05+May+2023+10%3A43%3A39+GMT&host=spark-api.xf-yun.com',
    );
  });
});

describe('network providers', () => {
  it('fail with unreachable, not repeating the signed URL, when the URL is unusable', async () => {
    const spark = createChatModel(
      { provider: 'spark', url: 'not a url', appId: 'app', apiKey: 'key-123', apiSecret: 'secret', domain: 'general' },
      { firstTokenMs: 1000, idleMs: 1000 },
    );
    const answer = await collectAnswer(spark.stream(sampleRequest()));
    expect(answer.error).toMatchObject({ code: 'unreachable', message: '无法连接模型服务：地址无效' });
  });
});

describe('providerConfigFromEnv', () => {
  it('defaults to the local provider and 30 s timeouts', () => {
    expect(providerConfigFromEnv({})).toEqual({ provider: 'local' });
    expect(timeoutsFromEnv({})).toEqual({ firstTokenMs: 30_000, idleMs: 30_000 });
  });

  it('reads an OpenAI-compatible provider, its context size becoming the prompt budget', () => {
    const env = {
      PMBOK_AI_PROVIDER: 'openai',
      PMBOK_AI_OPENAI_BASE_URL: 'https://api.deepseek.com/v1/',
      PMBOK_AI_OPENAI_API_KEY: 'sk-test',
      PMBOK_AI_OPENAI_MODEL: 'deepseek-chat',
      PMBOK_AI_OPENAI_CONTEXT_TOKENS: '24000',
    };
    const config = providerConfigFromEnv(env);
    expect(config).toEqual({
      provider: 'openai',
      baseUrl: 'https://api.deepseek.com/v1',
      apiKey: 'sk-test',
      model: 'deepseek-chat',
      promptBudget: 24000,
    });
    expect(createChatModel(config, timeoutsFromEnv(env)).promptBudget).toBe(24000);
  });

  it('reads Spark with its default URL and domain', () => {
    const config = providerConfigFromEnv({
      PMBOK_AI_PROVIDER: 'spark',
      PMBOK_AI_SPARK_APP_ID: 'app',
      PMBOK_AI_SPARK_API_KEY: 'key',
      PMBOK_AI_SPARK_API_SECRET: 'secret',
    });
    expect(config).toEqual({
      provider: 'spark',
      url: 'wss://spark-api.xf-yun.com/v1.1/chat',
      appId: 'app',
      apiKey: 'key',
      apiSecret: 'secret',
      domain: 'general',
    });
    expect(createChatModel(config, timeoutsFromEnv({})).promptBudget).toBe(3000);
  });

  it('refuses to start without a setting the provider needs, naming the variables and not the values', () => {
    const start = () =>
      providerConfigFromEnv({ PMBOK_AI_PROVIDER: 'openai', PMBOK_AI_OPENAI_API_KEY: 'sk-secret-value' });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow('PMBOK_AI_PROVIDER=openai needs PMBOK_AI_OPENAI_BASE_URL, PMBOK_AI_OPENAI_MODEL (not set)');
    expect(() => providerConfigFromEnv({ PMBOK_AI_PROVIDER: 'spark' })).toThrow(
      'PMBOK_AI_SPARK_APP_ID, PMBOK_AI_SPARK_API_KEY, PMBOK_AI_SPARK_API_SECRET',
    );
  });

  it('refuses an unknown provider, a URL of the wrong kind and a timeout that is not a positive number', () => {
    expect(() => providerConfigFromEnv({ PMBOK_AI_PROVIDER: 'gpt' })).toThrow('PMBOK_AI_PROVIDER must be one of');
    expect(() =>
      providerConfigFromEnv({
        PMBOK_AI_PROVIDER: 'spark',
        PMBOK_AI_SPARK_URL: 'https://spark-api.xf-yun.com/v1.1/chat',
        PMBOK_AI_SPARK_APP_ID: 'app',
        PMBOK_AI_SPARK_API_KEY: 'key',
        PMBOK_AI_SPARK_API_SECRET: 'secret',
      }),
    ).toThrow('PMBOK_AI_SPARK_URL must be a ws or wss URL');
    expect(() => providerConfigFromEnv({ PMBOK_AI_IDLE_TIMEOUT_MS: '0' })).toThrow(
      'PMBOK_AI_IDLE_TIMEOUT_MS must be a positive whole number',
    );
    expect(() => timeoutsFromEnv({ PMBOK_AI_FIRST_TOKEN_TIMEOUT_MS: 'soon' })).toThrow(
      'PMBOK_AI_FIRST_TOKEN_TIMEOUT_MS must be a positive whole number',
    );
  });
});

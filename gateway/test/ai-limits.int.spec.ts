import { metricsRegistry } from '@pmbok/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { piecesOf } from '../../services/ai/test/fakes/behaviour.js';
import { type FakeOpenAiServer, startOpenAiServer } from '../../services/ai/test/fakes/openai.js';
import { type Harness, startHarness } from './harness.js';

type Frame = Record<string, any>;

/** The assistant's limits (docs/api/ai.md "Limits"): per-user rate, per-team daily tokens, the prompt budget. */
describe('the AI assistant limits', () => {
  let fake: FakeOpenAiServer;
  let h: Harness;
  const ask = (token: string, teamId: string, content: string) =>
    h.call('ai/chat/ask', { teamId, aiChatGroupId: '0', content }, token);

  beforeAll(async () => {
    // 120 + 12 tokens an answer (the fake's usage): a team's third answer passes 300.
    fake = await startOpenAiServer({
      kind: 'answer',
      pieces: piecesOf('好的。'),
      usage: { promptTokens: 120, completionTokens: 12 },
    });
    h = await startHarness(undefined, {
      env: {
        ...fake.env,
        PMBOK_AI_OPENAI_CONTEXT_TOKENS: '1200',
        PMBOK_AI_QUESTIONS_PER_MINUTE: '3',
        PMBOK_AI_TEAM_DAILY_TOKENS: '300',
      },
    });
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  async function member(phone: string) {
    const token = await h.register(phone);
    const teamId = String((await h.call('team/create', { teamName: `限额${phone.slice(-2)}` }, token)).data.teamId);
    return { token, teamId };
  }

  it('refuses a user asking faster than the rate, until a minute has passed', async () => {
    const a = await member('13731300001');
    const b = await member('13731300002');
    // A second team of a's, so the teams' budgets stay out of the way: the rate is the user's, in any team.
    const other = String((await h.call('team/create', { teamName: '限额另一个' }, a.token)).data.teamId);
    for (const teamId of [a.teamId, a.teamId, other]) {
      h.advanceClock(1_000);
      const answer = await ask(a.token, teamId, '提一个问题');
      expect(answer.code, answer.msg).toBe(200);
    }
    expect(await ask(a.token, other, '第四问')).toMatchObject({ code: 400, msg: '提问太频繁，请稍后再试', data: null });
    // Someone else is not held back by it.
    expect((await ask(b.token, b.teamId, '你好')).code).toBe(200);
    h.advanceClock(61_000);
    expect((await ask(a.token, other, '第五问')).code).toBe(200);
  });

  it('stops a team at its daily token budget, counts usage per team in metrics, and another team goes on', async () => {
    const c = await member('13731300003');
    const d = await member('13731300004');
    // Questions 21 s apart: under the rate, so only the budget limits here.
    const spaced = (content: string) => {
      h.advanceClock(21_000);
      return ask(c.token, c.teamId, content);
    };
    const first = await spaced('第一问');
    expect((first.data as Frame[]).at(-1)).toMatchObject({ type: 'done', promptTokens: 120, completionTokens: 12 });
    expect((await spaced('第二问')).code).toBe(200);
    expect((await spaced('第三问')).code).toBe(200);
    // 396 tokens used of 300: refused before the model is asked, the group list unchanged.
    const asked = fake.requests.length;
    const groups = (await h.call('ai/chat/group', { teamId: c.teamId }, c.token)).data.length;
    expect(await spaced('第四问')).toMatchObject({
      code: 400,
      msg: '团队今日的 AI 用量已达上限，请明天再试',
    });
    expect(fake.requests.length).toBe(asked);
    expect((await h.call('ai/chat/group', { teamId: c.teamId }, c.token)).data.length).toBe(groups);
    expect((await ask(d.token, d.teamId, '第一问')).code).toBe(200);
    const metrics = await metricsRegistry.getSingleMetricAsString('pmbok_ai_tokens_total');
    expect(metrics).toContain(`pmbok_ai_tokens_total{team="${c.teamId}",kind="prompt"} 360`);
    expect(metrics).toContain(`pmbok_ai_tokens_total{team="${c.teamId}",kind="completion"} 36`);
    // The next day (China time) the team may ask again.
    h.advanceClock(24 * 3_600_000);
    expect((await ask(c.token, c.teamId, '新的一天')).code).toBe(200);
  });

  it("refuses a question that does not fit the model's prompt budget", async () => {
    const e = await member('13731300005');
    const answer = await ask(e.token, e.teamId, '问'.repeat(1_000));
    expect(answer).toMatchObject({ code: 400, msg: '问题太长，请精简后再问' });
    expect((await ask(e.token, e.teamId, '问'.repeat(300))).code).toBe(200);
  });

  it('ends the answer with an error frame when the provider answers garbage', async () => {
    const f = await member('13731300006');
    fake.behave({ kind: 'garbage' });
    const frames = (await ask(f.token, f.teamId, '你好')).data as Frame[];
    expect(frames.at(-1)).toMatchObject({ type: 'error', status: 2, errorCode: 'bad_response' });
    fake.behave({ kind: 'answer', pieces: ['好'] });
  });
});

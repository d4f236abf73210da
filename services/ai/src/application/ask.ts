import { type Caller, invalid } from '@pmbok/infra';
import { checkQuestion } from '../domain/chatGroup/businessLogic.js';
import type { CitationData, Outcome } from '../domain/chatGroup/chatGroup.js';
import { chatMessages } from '../projections/chats/index.js';
import { type ChatTurn, ModelError } from '../providers/model.js';
import { estimateTokens } from '../providers/tokens.js';
import type { Passage } from '../retrieval/model.js';
import type { AiContext } from './context.js';
import type { Groups } from './groups.js';
import { createLimits } from './limits.js';
import { aiMetrics } from './metrics.js';
import { buildPrompt, MEMORY_MESSAGES } from './prompt.js';

/** One frame of a streamed answer (docs/api/ai.md "Ask"); the gRPC mapping fills the fields a type leaves out. */
export type AnswerFrame =
  | { type: 'start'; aiChatGroupId: number; name: string; aiChatMessageId: number; provider: string; model: string }
  | { type: 'citations'; aiChatGroupId: number; citations: CitationData[] }
  | { type: 'delta'; aiChatGroupId: number; text: string }
  | {
      type: 'done';
      aiChatGroupId: number;
      aiChatMessageId: number;
      outcome: Outcome;
      promptTokens: number;
      completionTokens: number;
    }
  | { type: 'error'; aiChatGroupId: number; aiChatMessageId: number; errorCode: string; errorMessage: string };

export const askMessages = {
  tooLong: '问题太长，请精简后再问',
  failed: (code: string, message: string) => `提问失败：${code}:${message}`,
  timedOut: '回答超时，请稍后重试',
  internal: '助手出了点问题，请稍后重试',
} as const;

const SNIPPET_MAX = 200;

export const citationsOf = (passages: Passage[]): CitationData[] =>
  passages.map((passage, i) => ({
    n: i + 1,
    kind: passage.kind,
    id: passage.id,
    projectId: passage.projectId,
    projectName: passage.projectName,
    title: passage.title,
    snippet: [...passage.text.replace(/\s+/g, ' ').trim()].slice(0, SNIPPET_MAX).join(''),
    route: passage.route,
  }));

/** Passages for the question; a follow-up that finds little is retried together with the previous question. */
async function retrieveFor(
  context: AiContext,
  base: { teamId: number; userId: number },
  question: string,
  memory: ChatTurn[],
) {
  const passages = await context.retriever.retrieve({ ...base, question, limit: 5 });
  const previous = [...memory].reverse().find((turn) => turn.role === 'user')?.content;
  if (passages.length >= 3 || !previous) return passages;
  const more = await context.retriever.retrieve({ ...base, question: `${previous} ${question}`, limit: 5 });
  const seen = new Set(passages.map((p) => `${p.kind}:${p.id}`));
  return [...passages, ...more.filter((p) => !seen.has(`${p.kind}:${p.id}`))].slice(0, 5);
}

/** `ai/chat/ask`: saves the question, retrieves, streams the model's answer and saves it with its outcome. */
export function createAsk(context: AiContext, groups: Groups) {
  const { model, logger, readStore, limits } = context;
  const guard = createLimits(context);

  async function memoryOf(aiChatGroupId: number): Promise<ChatTurn[]> {
    if (!aiChatGroupId) return [];
    const recent = await chatMessages(readStore).find(
      { aiChatGroupId, outcome: { $ne: 'failed' } },
      { sort: { createdAt: -1, aiChatMessageId: -1 }, limit: MEMORY_MESSAGES },
    );
    return recent.reverse().map(({ role, content }) => ({ role, content }));
  }

  return async function* ask(
    input: { aiChatGroupId: number; content: string },
    caller: Caller,
    signal: AbortSignal,
  ): AsyncGenerator<AnswerFrame> {
    const question = checkQuestion(input.content);
    const teamId = await context.currentTeam(caller);
    const existing = input.aiChatGroupId > 0 ? await groups.ownGroup(input.aiChatGroupId, caller) : null;
    if (!buildPrompt({ question, passages: [], memory: [], budget: model.promptBudget }))
      throw invalid(askMessages.tooLong);
    await guard.check(caller.userId, teamId);

    const memory = await memoryOf(existing?.aiChatGroupId ?? 0);
    const asked = { role: 'user' as const, content: question, citations: [], outcome: 'done' as const };
    const saved = await groups.record(
      {
        aiChatGroupId: existing?.aiChatGroupId ?? 0,
        message: { ...asked, provider: '', model: '', promptTokens: 0, completionTokens: 0 },
      },
      caller,
    );
    const { aiChatGroupId } = saved;
    const name = existing?.name ?? (await groups.ownGroup(aiChatGroupId, caller)).name;
    yield {
      type: 'start',
      aiChatGroupId,
      name,
      aiChatMessageId: saved.aiChatMessageId,
      provider: model.provider,
      model: model.model,
    };

    const started = performance.now();
    const retrieved = await retrieveFor(context, { teamId, userId: caller.userId }, question, memory);
    aiMetrics.retrievalSeconds.observe((performance.now() - started) / 1000);
    const prompt = buildPrompt({ question, passages: retrieved, memory, budget: model.promptBudget });
    const passages = prompt?.passages ?? [];
    const citations = citationsOf(passages);
    yield { type: 'citations', aiChatGroupId, citations };

    const timeout = AbortSignal.timeout(limits.answerTimeoutMs);
    const modelSignal = AbortSignal.any([signal, timeout]);
    let answer = '';
    let usage = { promptTokens: 0, completionTokens: 0 };
    let failure: { code: string; message: string } | null = null;
    let answerId = 0;
    /** Saves what was answered: done, stopped (what had arrived) or failed (the error shown). */
    const save = async () => {
      const outcome: Outcome = failure ? 'failed' : signal.aborted ? 'stopped' : 'done';
      if (usage.promptTokens + usage.completionTokens === 0) {
        usage = {
          promptTokens: prompt?.promptTokens ?? estimateTokens(question),
          completionTokens: estimateTokens(answer),
        };
      }
      aiMetrics.questions.inc({ provider: model.provider, outcome });
      aiMetrics.tokens.inc({ team: String(teamId), kind: 'prompt' }, usage.promptTokens);
      aiMetrics.tokens.inc({ team: String(teamId), kind: 'completion' }, usage.completionTokens);
      const shown = failure ? askMessages.failed(failure.code, failure.message) : '';
      const content = [answer, shown].filter(Boolean).join('\n\n');
      if (!content) return;
      const message = {
        role: 'assistant' as const,
        content,
        citations,
        outcome,
        provider: model.provider,
        model: model.model,
        ...usage,
      };
      // A group deleted meanwhile keeps nothing.
      answerId = await groups
        .record({ aiChatGroupId, message }, caller)
        .then((ids) => ids.aiChatMessageId)
        .catch((error) => {
          logger.warn({ err: error, aiChatGroupId }, 'answer not saved');
          return 0;
        });
    };
    try {
      const request = { turns: prompt?.turns ?? [], question, passages, userId: caller.userId, signal: modelSignal };
      for await (const chunk of model.stream(request)) {
        if (chunk.type === 'usage') {
          usage = { promptTokens: chunk.promptTokens, completionTokens: chunk.completionTokens };
          continue;
        }
        if (!answer) aiMetrics.firstTokenSeconds.observe((performance.now() - started) / 1000);
        answer += chunk.text;
        if (!signal.aborted) yield { type: 'delta', aiChatGroupId, text: chunk.text };
      }
      if (timeout.aborted && !signal.aborted) failure = { code: 'timeout', message: askMessages.timedOut };
    } catch (error) {
      if (error instanceof ModelError) failure = { code: error.code, message: error.message };
      else if (timeout.aborted && !signal.aborted) failure = { code: 'timeout', message: askMessages.timedOut };
      else if (!signal.aborted) {
        logger.error({ err: error, aiChatGroupId }, 'answer failed');
        failure = { code: 'internal', message: askMessages.internal };
      }
    } finally {
      // Also when the stream is closed while a frame waits to be written (the caller went away).
      await save();
    }
    if (signal.aborted) return;
    if (failure) {
      yield {
        type: 'error',
        aiChatGroupId,
        aiChatMessageId: answerId,
        errorCode: failure.code,
        errorMessage: failure.message,
      };
    } else {
      yield { type: 'done', aiChatGroupId, aiChatMessageId: answerId, outcome: 'done', ...usage };
    }
  };
}

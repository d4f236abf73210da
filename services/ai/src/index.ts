import { defineService, type ServiceOptions } from '@pmbok/infra';
import { aiv1 } from '@pmbok/proto';
import { type AiLimits, createAiUseCases } from './application/index.js';
import { aiServiceImplementation } from './grpc.js';
import { chatsProjection } from './projections/chats/index.js';
import { createChatModel, providerConfigFromEnv, timeoutsFromEnv } from './providers/index.js';
import type { ChatModel } from './providers/model.js';
import { startKnowledge } from './retrieval/index.js';
import { DEFAULT_MAX_SOURCES } from './retrieval/retriever.js';

export type AiServiceOptions = ServiceOptions & {
  /** Instead of the provider configured by PMBOK_AI_* (tests). */
  model?: ChatModel;
  /** Variables over the process environment for the PMBOK_AI_* settings (tests start several services in one process). */
  env?: Record<string, string>;
};

const positive = (value: string | undefined, fallback: number) => {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : fallback;
};

export function limitsFromEnv(env: NodeJS.ProcessEnv): AiLimits {
  return {
    questionsPerMinute: positive(env.PMBOK_AI_QUESTIONS_PER_MINUTE, 10),
    teamDailyTokens: positive(env.PMBOK_AI_TEAM_DAILY_TOKENS, 500_000),
    answerTimeoutMs: positive(env.PMBOK_AI_ANSWER_TIMEOUT_MS, 180_000),
  };
}

/**
 * The ai service: conversations (stream per group), the team knowledge it retrieves from (read models fed from the
 * project, task and team topics) and the model behind the provider port (ADR 14).
 */
export const startAiService = defineService({
  name: 'ai',
  contract: aiv1.AiServiceDefinition,
  projections: [chatsProjection],
  reactions: async ({ runtime, now }, options: AiServiceOptions) =>
    startKnowledge(runtime, {
      now,
      maxSources: positive({ ...process.env, ...options.env }.PMBOK_AI_INDEX_MAX_SOURCES, DEFAULT_MAX_SOURCES),
    }),
  calls: (service, knowledge, options) => {
    const env = { ...process.env, ...options.env };
    const model = options.model ?? createChatModel(providerConfigFromEnv(env), timeoutsFromEnv(env));
    service.logger.info({ provider: model.provider, model: model.model }, 'ai model');
    return aiServiceImplementation(
      createAiUseCases({
        ...service,
        model,
        retriever: knowledge.retriever,
        rosterCaughtUp: () => knowledge.caughtUp(2_000),
        limits: limitsFromEnv(env),
      }),
    );
  },
});

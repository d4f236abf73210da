import type { ChatModelConfig } from './config.js';
import { createLocalModel } from './local.js';
import type { ChatModel, ModelTimeouts } from './model.js';
import { createOpenAiModel } from './openai.js';
import { createSparkModel } from './spark.js';

export type { ChatModelConfig } from './config.js';
export { DEFAULT_SPARK_URL, providerConfigFromEnv, timeoutsFromEnv } from './config.js';
export { composeLocalAnswer, NO_MODEL_NOTE } from './local.js';
export * from './model.js';
export { signSparkUrl, sparkRequestFrame, sparkUid } from './spark.js';
export { estimateTokens } from './tokens.js';

/** Prompt budgets (tokens) when the configuration sets none. */
const DEFAULT_BUDGET = { local: 6000, openai: 6000 } as const;

/** The model `config` names (from providerConfigFromEnv, or built by hand in tests). */
export function createChatModel(config: ChatModelConfig, timeouts: ModelTimeouts): ChatModel {
  switch (config.provider) {
    case 'openai':
      return createOpenAiModel(config, timeouts, config.promptBudget ?? DEFAULT_BUDGET.openai);
    case 'spark': {
      const model = createSparkModel(config, timeouts);
      return config.promptBudget ? { ...model, promptBudget: config.promptBudget } : model;
    }
    default:
      return createLocalModel(config.promptBudget ?? DEFAULT_BUDGET.local);
  }
}

import { createAsk } from './ask.js';
import { type AiDeps, createAiContext } from './context.js';
import { createGroups } from './groups.js';

/** The ai service's use cases: conversations, suggested questions and streamed answers. */
export function createAiUseCases(deps: AiDeps) {
  const context = createAiContext(deps);
  const groups = createGroups(context);
  return {
    groups,
    ask: createAsk(context, groups),
    async suggest(count: number, caller: Parameters<typeof context.currentTeam>[0]) {
      const teamId = await context.currentTeam(caller);
      const n = Math.min(Math.max(Math.trunc(count) || 5, 1), 10);
      return context.retriever.suggest({ teamId, userId: caller.userId, count: n });
    },
  };
}

export type AiUseCases = ReturnType<typeof createAiUseCases>;
export type { AiDeps, AiLimits } from './context.js';

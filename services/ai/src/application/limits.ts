import { invalid } from '@pmbok/infra';
import { chinaDay, usage } from '../projections/chats/index.js';
import type { AiContext } from './context.js';

export const limitMessages = {
  tooFrequent: '提问太频繁，请稍后再试',
  budgetReached: '团队今日的 AI 用量已达上限，请明天再试',
} as const;

/**
 * A user's questions per minute, counted in this replica's memory (a cost guard, not an exact quota: N replicas
 * allow at most N times the rate, ADR 14); and the team's tokens per day, from the saved answers (every replica agrees).
 */
export function createLimits(context: AiContext) {
  const { limits, now, readStore } = context;
  const recent = new Map<number, number[]>();

  return {
    async check(userId: number, teamId: number) {
      const at = now();
      const times = (recent.get(userId) ?? []).filter((time) => at - time < 60_000);
      if (times.length >= limits.questionsPerMinute) throw invalid(limitMessages.tooFrequent);
      const today = await usage(readStore).findOne({ _id: `${teamId}:${chinaDay(at)}` });
      if (today && today.promptTokens + today.completionTokens >= limits.teamDailyTokens) {
        throw invalid(limitMessages.budgetReached);
      }
      times.push(at);
      recent.set(userId, times);
      // Users who stopped asking are forgotten, so the map does not grow with every user ever seen.
      if (recent.size > 10_000) {
        for (const [id, list] of recent) if (list.every((time) => at - time >= 60_000)) recent.delete(id);
      }
    },
  };
}

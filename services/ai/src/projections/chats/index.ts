import { type Doc, type IndexSpec, ownLog, parseStreamId, projection, readModel } from '@pmbok/infra';
import type { ChatGroupEvent, CitationData, Outcome, Role } from '../../domain/chatGroup/chatGroup.js';

/** A group as its user's list shows it; deleted groups are removed. */
export interface ChatGroupDoc extends Doc {
  aiChatGroupId: number;
  userId: number;
  teamId: number;
  name: string;
  lastQuestion: string;
  createdAt: number;
  updatedAt: number;
}

/** A message of a live group. */
export interface ChatMessageDoc extends Doc {
  aiChatMessageId: number;
  aiChatGroupId: number;
  role: Role;
  content: string;
  citations: CitationData[];
  outcome: Outcome;
  createdAt: number;
  /** An answer's provider and model ('' for a question). */
  provider: string;
  model: string;
}

/** Tokens a team used on one day (UTC+8), from the answers saved: the daily budget every replica agrees on. */
export interface UsageDoc extends Doc {
  teamId: number;
  day: string;
  promptTokens: number;
  completionTokens: number;
  questions: number;
  /** The last event applied (a redelivered one must not count twice). */
  position: number;
}

const groupIndexes: IndexSpec[] = [{ fields: { userId: 1, teamId: 1, updatedAt: -1 } }];
const messageIndexes: IndexSpec[] = [{ fields: { aiChatGroupId: 1, createdAt: -1 } }];
export const chatGroups = readModel<ChatGroupDoc>('aiChatGroups', groupIndexes);
export const chatMessages = readModel<ChatMessageDoc>('aiChatMessages', messageIndexes);
export const usage = readModel<UsageDoc>('aiUsage');

/** The day in China (UTC+8) of an epoch time, as the team's budget counts days. */
export const chinaDay = (at: number) => new Date(at + 8 * 3_600_000).toISOString().slice(0, 10);

const groupIdOf = (event: { metadata: { streamId: string } }) => parseStreamId(event.metadata.streamId, 'aiChatGroup');

export const chatsProjection = projection({
  name: 'aiChats',
  source: ownLog<ChatGroupEvent>(),
  on: {
    AiChatGroupStarted: async ({ data }, store) => {
      const { aiChatGroupId, userId, teamId, name, createdAt } = data;
      await chatGroups(store).put({
        _id: String(aiChatGroupId),
        aiChatGroupId,
        userId,
        teamId,
        name,
        lastQuestion: '',
        createdAt,
        updatedAt: createdAt,
      });
    },
    AiChatMessageRecorded: async (event, store) => {
      const aiChatGroupId = groupIdOf(event);
      const { data } = event;
      const { aiChatMessageId, role, content, citations, outcome, createdAt, provider, model } = data;
      await chatMessages(store).put({
        _id: String(aiChatMessageId),
        aiChatMessageId,
        aiChatGroupId,
        role,
        content,
        citations,
        outcome,
        createdAt,
        provider,
        model,
      });
      const set = role === 'user' ? { updatedAt: createdAt, lastQuestion: content } : { updatedAt: createdAt };
      await chatGroups(store).updateOne({ _id: String(aiChatGroupId) }, { $set: set });
      const teamId = Number(event.metadata.teamId);
      if (role !== 'assistant' || !teamId || data.promptTokens + data.completionTokens === 0) return;
      const day = chinaDay(createdAt);
      const _id = `${teamId}:${day}`;
      const current = await usage(store).findOne({ _id });
      if (current && current.position >= event.metadata.globalPosition) return;
      await usage(store).put({
        _id,
        teamId,
        day,
        promptTokens: (current?.promptTokens ?? 0) + data.promptTokens,
        completionTokens: (current?.completionTokens ?? 0) + data.completionTokens,
        questions: (current?.questions ?? 0) + 1,
        position: event.metadata.globalPosition,
      });
    },
    AiChatGroupRenamed: async (event, store) => {
      await chatGroups(store).updateOne({ _id: String(groupIdOf(event)) }, { $set: { name: event.data.name } });
    },
    AiChatGroupDeleted: async (event, store) => {
      const aiChatGroupId = groupIdOf(event);
      await chatGroups(store).deleteOne({ _id: String(aiChatGroupId) });
      await chatMessages(store).deleteMany({ aiChatGroupId });
    },
  },
});

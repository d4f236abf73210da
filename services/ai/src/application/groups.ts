import { type Caller, invalid, nextNumericId, notFound } from '@pmbok/infra';
import { chatGroupDecider, checkQuestion, checkRole, messages } from '../domain/chatGroup/businessLogic.js';
import { type ChatMessageData, chatGroupStreamId, type Role } from '../domain/chatGroup/chatGroup.js';
import { chatGroups, chatMessages } from '../projections/chats/index.js';
import type { AiContext } from './context.js';

/** SPEC §9's relative time, in Chinese: 刚刚, N分钟前, N小时前, 1天前, else the date (China time). */
export function relativeLabel(at: number, now: number): string {
  const seconds = Math.max(0, (now - at) / 1000);
  if (seconds < 30) return '刚刚';
  if (seconds < 3600) return `${Math.max(1, Math.floor(seconds / 60))}分钟前`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}小时前`;
  if (seconds < 2 * 86_400) return '1天前';
  return new Date(at + 8 * 3_600_000).toISOString().slice(0, 10);
}

const pageOf = (page: number, pageSize: number) => ({
  page: Math.max(Math.trunc(page) || 1, 1),
  pageSize: Math.min(Math.max(Math.trunc(pageSize) || 20, 1), 100),
});

/** The group and message calls: list, history, record, rename, delete (docs/api/ai.md). */
export function createGroups(context: AiContext) {
  const { readStore, now, runCommand, currentTeam } = context;

  /** The caller's own live group in the current team, or the same "not found" for anything else. */
  async function ownGroup(aiChatGroupId: number, caller: Caller) {
    const teamId = await currentTeam(caller);
    const group = aiChatGroupId > 0 ? await chatGroups(readStore).findOne({ _id: String(aiChatGroupId) }) : null;
    if (!group || group.userId !== caller.userId || group.teamId !== teamId) throw notFound(messages.groupNotFound);
    return group;
  }

  /** Saves one message; group 0 starts a group named after it. Answers the group's and the message's ids. */
  async function record(
    input: { aiChatGroupId: number; message: Omit<ChatMessageData, 'aiChatMessageId' | 'createdAt'> },
    caller: Caller,
    commandId?: string,
  ) {
    const teamId = await currentTeam(caller);
    const start = input.aiChatGroupId === 0;
    const createdAt = now();
    const aiChatGroupId = start ? nextNumericId(createdAt) : input.aiChatGroupId;
    const aiChatMessageId = nextNumericId(createdAt);
    await runCommand(
      chatGroupStreamId(aiChatGroupId),
      chatGroupDecider,
      {
        type: 'RecordMessage',
        data: {
          aiChatGroupId,
          userId: caller.userId,
          teamId,
          start,
          message: { ...input.message, aiChatMessageId, createdAt },
        },
      },
      caller,
      { teamId, ...(commandId ? { commandId } : {}) },
    );
    return { aiChatGroupId, aiChatMessageId };
  }

  return {
    ownGroup,
    record,

    async list(caller: Caller) {
      const teamId = await currentTeam(caller);
      const groups = await chatGroups(readStore).find(
        { userId: caller.userId, teamId },
        { sort: { updatedAt: -1, aiChatGroupId: -1 } },
      );
      const at = now();
      return groups.map((group) => ({ ...group, updatedLabel: relativeLabel(group.updatedAt, at) }));
    },

    /** Backwards from `maxCreatedTime`: page 1 the newest, oldest first within a page. */
    async history(
      query: { aiChatGroupId: number; page: number; pageSize: number; maxCreatedTime: number },
      caller: Caller,
    ) {
      const group = await ownGroup(query.aiChatGroupId, caller);
      const { page, pageSize } = pageOf(query.page, query.pageSize);
      const filter = {
        aiChatGroupId: group.aiChatGroupId,
        createdAt: { $lte: query.maxCreatedTime > 0 ? query.maxCreatedTime : now() },
      };
      const found = await chatMessages(readStore).find(filter, {
        sort: { createdAt: -1, aiChatMessageId: -1 },
        skip: (page - 1) * pageSize,
        limit: pageSize + 1,
      });
      return { messages: found.slice(0, pageSize).reverse(), hasNextPage: found.length > pageSize };
    },

    /** SPEC's record call: a client that brings its own answer saves it (a question too). */
    async recordMessage(
      input: { aiChatGroupId: number; role: string; content: string },
      caller: Caller,
      commandId?: string,
    ) {
      const role: Role = checkRole(input.role);
      const content = role === 'user' ? checkQuestion(input.content) : input.content.trim();
      if (!content) throw invalid(messages.contentRequired);
      if (input.aiChatGroupId > 0) await ownGroup(input.aiChatGroupId, caller);
      const message = { role, content, citations: [], outcome: 'done' as const, provider: '', model: '' };
      return record(
        { aiChatGroupId: input.aiChatGroupId, message: { ...message, promptTokens: 0, completionTokens: 0 } },
        caller,
        commandId,
      );
    },

    async rename(input: { aiChatGroupId: number; name: string }, caller: Caller) {
      const group = await ownGroup(input.aiChatGroupId, caller);
      await runCommand(
        chatGroupStreamId(group.aiChatGroupId),
        chatGroupDecider,
        { type: 'RenameGroup', data: { userId: caller.userId, teamId: group.teamId, name: input.name, now: now() } },
        caller,
        { teamId: group.teamId },
      );
    },

    async remove(aiChatGroupId: number, caller: Caller) {
      const group = await ownGroup(aiChatGroupId, caller);
      await runCommand(
        chatGroupStreamId(group.aiChatGroupId),
        chatGroupDecider,
        { type: 'DeleteGroup', data: { userId: caller.userId, teamId: group.teamId, now: now() } },
        caller,
        { teamId: group.teamId },
      );
    },
  };
}

export type Groups = ReturnType<typeof createGroups>;

import type { AiChatGroup, AiChatHistory, AiSuggestions } from '@pmbok/api-types';
import { request } from '../api/request';

/** The AI assistant's plain calls (docs/api/ai.md); the streamed `ask` is askStream.ts. */

/** SPEC §9: AI history page size. */
export const HISTORY_PAGE_SIZE = 20;

export const listGroups = () => request<AiChatGroup[]>('ai/chat/group');

export const historyPage = (aiChatGroupId: number, page: number, maxCreatedTime: number) =>
  request<AiChatHistory>('ai/chat/history', { aiChatGroupId, page, pageSize: HISTORY_PAGE_SIZE, maxCreatedTime });

export const renameGroup = (aiChatGroupId: number, name: string) =>
  request<null>('ai/chat/rename', { aiChatGroupId, name });

export const deleteGroup = (aiChatGroupId: number) => request<null>('ai/chat/delGroup', { aiChatGroupId });

export const randomAsk = (count = 5) => request<AiSuggestions>('ai/chat/randomAsk', { count }, { notify: false });

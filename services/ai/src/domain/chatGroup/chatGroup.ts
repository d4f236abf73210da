import { type DomainEvent, streamId } from '@pmbok/infra';

/** A source an answer cited, as saved with it (docs/api/ai.md "Citation"). */
export interface CitationData {
  n: number;
  kind: 'api' | 'page' | 'schema' | 'field' | 'task';
  id: number;
  projectId: number;
  projectName: string;
  title: string;
  snippet: string;
  route: string;
}

export type Role = 'user' | 'assistant';
/** A question is `done`; an answer finished, was stopped by its user, or failed (its content is the error shown). */
export type Outcome = 'done' | 'stopped' | 'failed';

export interface ChatMessageData {
  aiChatMessageId: number;
  role: Role;
  content: string;
  citations: CitationData[];
  outcome: Outcome;
  /** Which provider and model answered ('' for a question or a recorded message). */
  provider: string;
  model: string;
  /** Tokens counted for the team's daily budget (0 for a question: its tokens are counted with the answer). */
  promptTokens: number;
  completionTokens: number;
  createdAt: number;
}

/** A conversation of one user in one team (stream `aiChatGroup-<id>`). */
export type AiChatGroupStarted = DomainEvent<
  'AiChatGroupStarted',
  { aiChatGroupId: number; userId: number; teamId: number; name: string; createdAt: number }
>;
export type AiChatMessageRecorded = DomainEvent<'AiChatMessageRecorded', ChatMessageData>;
export type AiChatGroupRenamed = DomainEvent<'AiChatGroupRenamed', { name: string; renamedAt: number }>;
/** The group and its messages are gone for its user; the events stay in the log. */
export type AiChatGroupDeleted = DomainEvent<'AiChatGroupDeleted', { deletedAt: number }>;

export type ChatGroupEvent = AiChatGroupStarted | AiChatMessageRecorded | AiChatGroupRenamed | AiChatGroupDeleted;

export type ChatGroup =
  | { status: 'none' }
  | {
      status: 'active' | 'deleted';
      aiChatGroupId: number;
      userId: number;
      teamId: number;
      name: string;
      messageIds: number[];
    };

export const initialState = (): ChatGroup => ({ status: 'none' });
export const chatGroupStreamId = (aiChatGroupId: number) => streamId('aiChatGroup', aiChatGroupId);

export function evolve(state: ChatGroup, event: ChatGroupEvent): ChatGroup {
  switch (event.type) {
    case 'AiChatGroupStarted': {
      const { aiChatGroupId, userId, teamId, name } = event.data;
      return { status: 'active', aiChatGroupId, userId, teamId, name, messageIds: [] };
    }
    case 'AiChatMessageRecorded':
      return state.status === 'none'
        ? state
        : { ...state, messageIds: [...state.messageIds, event.data.aiChatMessageId] };
    case 'AiChatGroupRenamed':
      return state.status === 'none' ? state : { ...state, name: event.data.name };
    case 'AiChatGroupDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
    default:
      return state;
  }
}

import type { AiChatMessage, AskFrame, Citation } from '@pmbok/api-types';
import type { ChatStatus } from './question';

/**
 * One conversation on screen: the history pages read so far, the question being answered and its answer as the
 * frames build it, and SPEC §4's status. Pure, so the frame rules are tested without a browser.
 */

export interface ChatItem {
  key: string;
  /** 0 until the server has saved it (the start frame names the question, done/error the answer). */
  id: number;
  role: 'user' | 'assistant';
  content: string;
  citations: Citation[];
  outcome: AiChatMessage['outcome'] | 'streaming';
  createdTime: number;
  /** Which provider and model gave the answer (empty for a recorded one). */
  provider?: string;
  model?: string;
  /** The live answer's error frame, shown as SPEC §8's 提问失败：code:message. */
  error?: { code: string; message: string };
}

export interface ConversationState {
  items: ChatItem[];
  /** History pages read (page 1 is the newest). */
  page: number;
  hasNextPage: boolean;
  /**
   * `maxCreatedTime` of every page after the first: the newest message page 1 held. Taken from the server's own
   * clock rather than the browser's, so a skewed clock neither hides messages nor shifts the pages; what is asked
   * after the group was opened is newer and never moves a page.
   */
  anchor: number;
  status: ChatStatus;
  /** Numbers the questions asked here, for their keys. */
  asked: number;
}

export type ConversationAction =
  | { type: 'page'; page: number; list: AiChatMessage[]; hasNextPage: boolean }
  | { type: 'asked'; content: string; now: number }
  | { type: 'frame'; frame: AskFrame }
  | { type: 'refused' }
  | { type: 'stopped' }
  | { type: 'broken'; message: string };

export const emptyConversation: ConversationState = {
  items: [],
  page: 0,
  hasNextPage: false,
  anchor: 0,
  status: 'init',
  asked: 0,
};

const fromHistory = (message: AiChatMessage): ChatItem => ({
  key: `m${message.aiChatMessageId}`,
  id: message.aiChatMessageId,
  role: message.role,
  content: message.content,
  citations: message.citations,
  outcome: message.outcome,
  createdTime: message.createdTime,
  ...(message.provider ? { provider: message.provider, model: message.model } : {}),
});

/** Replaces the answer being streamed (the last item while the status is ttsing). */
function withAnswer(state: ConversationState, change: (answer: ChatItem) => Partial<ChatItem>): ChatItem[] {
  const index = state.items.findLastIndex((item) => item.outcome === 'streaming');
  if (index < 0) return state.items;
  const items = [...state.items];
  const answer = items[index] as ChatItem;
  items[index] = { ...answer, ...change(answer) };
  return items;
}

function applyFrame(state: ConversationState, frame: AskFrame): ConversationState {
  switch (frame.type) {
    case 'start': {
      // the question is saved: it takes its id
      const items = withAnswer(state, () => ({ provider: frame.provider, model: frame.model }));
      const answerAt = items.findLastIndex((item) => item.outcome === 'streaming');
      const question = items[answerAt - 1];
      if (question?.role === 'user') items[answerAt - 1] = { ...question, id: frame.aiChatMessageId ?? 0 };
      return { ...state, items };
    }
    case 'citations':
      return { ...state, items: withAnswer(state, () => ({ citations: frame.citations ?? [] })) };
    case 'delta':
      return { ...state, items: withAnswer(state, (answer) => ({ content: answer.content + (frame.text ?? '') })) };
    case 'done':
      return {
        ...state,
        status: 'init',
        items: withAnswer(state, () => ({ id: frame.aiChatMessageId ?? 0, outcome: 'done' })),
      };
    case 'error':
      return {
        ...state,
        status: 'error',
        items: withAnswer(state, () => ({
          id: frame.aiChatMessageId ?? 0,
          outcome: 'failed',
          error: { code: frame.errorCode ?? '', message: frame.errorMessage ?? '' },
        })),
      };
    default:
      return state;
  }
}

export function conversationReducer(state: ConversationState, action: ConversationAction): ConversationState {
  switch (action.type) {
    case 'page':
      return {
        ...state,
        items: [...action.list.map(fromHistory), ...state.items],
        page: action.page,
        hasNextPage: action.hasNextPage,
        anchor: action.page === 1 ? Math.max(0, ...action.list.map((m) => m.createdTime)) : state.anchor,
      };
    case 'asked': {
      const n = state.asked + 1;
      const base = { id: 0, content: '', citations: [], createdTime: action.now };
      return {
        ...state,
        asked: n,
        status: 'ttsing',
        items: [
          ...state.items,
          { ...base, key: `q${n}`, role: 'user', content: action.content, outcome: 'done' },
          { ...base, key: `a${n}`, role: 'assistant', outcome: 'streaming' },
        ],
      };
    }
    case 'frame':
      return applyFrame(state, action.frame);
    case 'refused':
      // refused before the stream: nothing was saved, the question goes back to the box
      return { ...state, status: 'error', items: state.items.slice(0, -2) };
    case 'stopped':
      return { ...state, status: 'init', items: withAnswer(state, () => ({ outcome: 'stopped' })) };
    case 'broken':
      return {
        ...state,
        status: 'error',
        items: withAnswer(state, () => ({ outcome: 'failed', error: { code: 'network', message: action.message } })),
      };
  }
}

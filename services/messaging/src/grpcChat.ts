import { invalid } from '@pmbok/infra';
import type { messagingv1 } from '@pmbok/proto';
import type { MessagingUseCases } from './application/index.js';

type Calls = Pick<
  messagingv1.MessagingServiceImplementation,
  | 'listConversations'
  | 'openDirect'
  | 'listMessages'
  | 'postMessage'
  | 'editMessage'
  | 'deleteMessage'
  | 'markConversationRead'
  | 'sendTyping'
  | 'searchMessages'
>;

const unavailable = async (): Promise<never> => {
  throw invalid('功能尚未开放');
};

/** Chat: requests in, use cases called, responses out (docs/api/messaging.md). */
export function chatCalls(_useCases: MessagingUseCases): Calls {
  return {
    listConversations: unavailable,
    openDirect: unavailable,
    listMessages: unavailable,
    postMessage: unavailable,
    editMessage: unavailable,
    deleteMessage: unavailable,
    markConversationRead: unavailable,
    sendTyping: unavailable,
    searchMessages: unavailable,
  };
}

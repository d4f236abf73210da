import { signedInCaller } from '@pmbok/infra';
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

/** Chat: requests in, use cases called, responses out (docs/api/messaging.md). */
export function chatCalls({ chat }: MessagingUseCases): Calls {
  return {
    async listConversations(_request, context) {
      return { conversations: await chat.conversations(signedInCaller(context)) };
    },
    async openDirect(request, context) {
      return { conversation: await chat.direct(request.userId, signedInCaller(context)) };
    },
    async listMessages(request, context) {
      return chat.list(request, signedInCaller(context));
    },
    async postMessage(request, context) {
      return { message: await chat.post(request, signedInCaller(context)) };
    },
    async editMessage(request, context) {
      return { message: await chat.edit(request, signedInCaller(context)) };
    },
    async deleteMessage(request, context) {
      await chat.remove(request.messageId, signedInCaller(context));
      return {};
    },
    async markConversationRead(request, context) {
      return { unreadCount: await chat.markRead(request, signedInCaller(context)) };
    },
    async sendTyping(request, context) {
      await chat.typing(request.conversationId, signedInCaller(context));
      return {};
    },
    async searchMessages(request, context) {
      return chat.search(request, signedInCaller(context));
    },
  };
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ChatPush } from '../live/chatPush';
import { useChatPushes, useLiveOpen } from '../live/LiveProvider';
import { type ChatMessage, type Conversation, chatApi } from './chatApi';
import { conversationsAfterPush, sortConversations } from './messageStore';

export const conversationsKey = (teamId: number | null) => ['chat', teamId, 'conversations'] as const;

/**
 * The caller's conversations with their unread counts, kept current by the pushes: a message moves a conversation's
 * last message and unread count (not for the open one, which is being read), a read in another tab clears it, a
 * message in a conversation the list does not know yet (someone's first direct message) reads the list again, as
 * does a reconnection.
 */
export function useConversations(teamId: number | null, me: number, openId: string | null) {
  const queryClient = useQueryClient();
  const key = conversationsKey(teamId);
  const query = useQuery({
    queryKey: key,
    enabled: Boolean(teamId),
    queryFn: async () => sortConversations(await chatApi.conversations()),
  });

  const update = useCallback(
    (change: (list: Conversation[]) => Conversation[]) =>
      queryClient.setQueryData<Conversation[]>(conversationsKey(teamId), (list) => (list ? change(list) : list)),
    [queryClient, teamId],
  );

  useChatPushes(
    useCallback(
      (push: ChatPush) => {
        const list = queryClient.getQueryData<Conversation[]>(conversationsKey(teamId));
        if (push.kind === 'message') {
          const message = push.data.message as unknown as ChatMessage;
          if (list && !list.some((c) => c.conversationId === message.conversationId)) {
            void queryClient.invalidateQueries({ queryKey: conversationsKey(teamId) });
            return;
          }
          update((current) => conversationsAfterPush(current, message, push.data.event, me, openId));
        } else if (push.kind === 'read') {
          const { conversationId, readPosition } = push.data;
          update((current) =>
            current.map((c) => (c.conversationId === conversationId ? { ...c, unreadCount: 0, readPosition } : c)),
          );
        }
      },
      [queryClient, teamId, update, me, openId],
    ),
  );

  useLiveOpen(
    useCallback(
      (reconnected: boolean) => {
        if (reconnected) void queryClient.invalidateQueries({ queryKey: conversationsKey(teamId) });
      },
      [queryClient, teamId],
    ),
  );

  /** The open conversation is being read: its count goes at once (the read mark follows). */
  const markSeen = useCallback(
    (conversationId: string) =>
      update((current) =>
        current.map((c) => (c.conversationId === conversationId && c.unreadCount ? { ...c, unreadCount: 0 } : c)),
      ),
    [update],
  );

  /** A direct conversation opened from the member picker joins the list (it may have no message yet). */
  const add = useCallback(
    (conversation: Conversation) =>
      update((current) =>
        current.some((c) => c.conversationId === conversation.conversationId)
          ? current
          : sortConversations([...current, conversation]),
      ),
    [update],
  );

  return { conversations: query.data, isPending: query.isPending, error: query.error, markSeen, add };
}

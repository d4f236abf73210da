import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatPush } from '../live/chatPush';
import { useChatPushes, useLiveOpen, useSetUnread } from '../live/LiveProvider';
import { type ChatMessage, chatApi } from './chatApi';
import { firstPosition, lastPosition, mergeMessages, newClientId, type ShownMessage } from './messageStore';

/** docs/api/messaging.md: someone's typing shows for 4 s after their last push. */
export const TYPING_SHOWN_MS = 4_000;
/** A catch-up reads at most this many pages (100 messages each) before leaving the rest to scrolling. */
const CATCH_UP_PAGES = 20;

export interface Typist {
  userId: number;
  name: string;
}

/**
 * One conversation as the screen shows it: the latest page, older pages on demand, pushes merged as they come, a
 * catch-up from the last position held whenever the live connection opens again (each message once, by id), sends
 * shown at once and settled by the answer or the push, read marks while it is in view, and who is typing.
 */
export function useChatMessages(conversationId: string, me: number) {
  const [messages, setMessages] = useState<ShownMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [typists, setTypists] = useState<Typist[]>([]);
  const held = useRef<ShownMessage[]>([]);
  const setUnread = useSetUnread();
  const readUpTo = useRef(0);

  const merge = useCallback((incoming: ShownMessage[]) => {
    held.current = mergeMessages(held.current, incoming);
    setMessages(held.current);
  }, []);

  useEffect(() => {
    let live = true;
    held.current = [];
    readUpTo.current = 0;
    setMessages([]);
    setLoading(true);
    chatApi
      .before(conversationId, 0)
      .then((page) => {
        if (!live) return;
        merge(page.list);
        setHasMore(page.hasMore);
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [conversationId, merge]);

  const loadOlder = useCallback(async () => {
    const before = firstPosition(held.current);
    if (!before) return;
    setLoading(true);
    try {
      const page = await chatApi.before(conversationId, before);
      merge(page.list);
      setHasMore(page.hasMore);
    } catch {
      // the request client has shown why
    } finally {
      setLoading(false);
    }
  }, [conversationId, merge]);

  // What was posted while the socket was closed: every message after the last one held, page by page.
  const catchUp = useCallback(async () => {
    for (let page = 0; page < CATCH_UP_PAGES; page++) {
      const after = lastPosition(held.current);
      const answer = await chatApi.after(conversationId, after).catch(() => null);
      if (!answer) return;
      merge(answer.list);
      if (!answer.hasMore || answer.list.length === 0) return;
    }
  }, [conversationId, merge]);

  useLiveOpen(
    useCallback(
      (reconnected: boolean) => {
        if (reconnected) void catchUp();
      },
      [catchUp],
    ),
  );

  const typingTimers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const timers = typingTimers.current;
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      setTypists([]);
    };
  }, []);

  useChatPushes(
    useCallback(
      (push: ChatPush) => {
        if (push.kind === 'message' && push.data.conversationId === conversationId) {
          const message = push.data.message as unknown as ChatMessage;
          merge([message]);
          // whoever posted has stopped typing
          setTypists((list) => list.filter((typist) => typist.userId !== message.senderId));
        } else if (push.kind === 'typing' && push.data.conversationId === conversationId && push.data.userId !== me) {
          const { userId, name } = push.data;
          setTypists((list) => [...list.filter((typist) => typist.userId !== userId), { userId, name }]);
          clearTimeout(typingTimers.current.get(userId));
          typingTimers.current.set(
            userId,
            setTimeout(() => setTypists((list) => list.filter((typist) => typist.userId !== userId)), TYPING_SHOWN_MS),
          );
        }
      },
      [conversationId, me, merge],
    ),
  );

  // Read marks: up to the newest message held, whenever it grows while the page is in view.
  const markRead = useCallback(() => {
    const position = lastPosition(held.current);
    if (!position || position <= readUpTo.current || document.visibilityState !== 'visible') return;
    readUpTo.current = position;
    chatApi
      .read(conversationId, position)
      .then(({ unReadCount }) => setUnread(Number(unReadCount)))
      .catch(() => {
        readUpTo.current = 0;
      });
  }, [conversationId, setUnread]);
  useEffect(() => {
    if (messages.length) markRead();
  }, [messages, markRead]);
  useEffect(() => {
    document.addEventListener('visibilitychange', markRead);
    return () => document.removeEventListener('visibilitychange', markRead);
  }, [markRead]);

  const post = useCallback(
    async (pending: ShownMessage) => {
      merge([{ ...pending, pending: true, failed: false }]);
      try {
        const message = await chatApi.post(
          conversationId,
          pending.content,
          pending.mentionIds,
          pending.images,
          pending.clientId,
        );
        merge([message]);
        return true;
      } catch {
        merge([{ ...pending, pending: false, failed: true }]);
        return false;
      }
    },
    [conversationId, merge],
  );

  const send = useCallback(
    (content: string, mentionIds: number[], images: string[], senderName: string) =>
      post({
        messageId: 0,
        conversationId,
        position: 0,
        senderId: me,
        senderName,
        content,
        mentionIds,
        cards: [],
        images,
        edited: false,
        deleted: false,
        createdAt: Date.now(),
        editedAt: 0,
        clientId: newClientId(),
      }),
    [conversationId, me, post],
  );

  const retry = useCallback((message: ShownMessage) => post(message), [post]);

  const edit = useCallback(
    async (messageId: number, content: string, mentionIds: number[]) => {
      try {
        merge([await chatApi.edit(messageId, content, mentionIds)]);
        return true;
      } catch {
        return false;
      }
    },
    [merge],
  );

  const remove = useCallback(
    async (message: ShownMessage) => {
      try {
        await chatApi.remove(message.messageId);
        merge([{ ...message, deleted: true, content: '', images: [], cards: [], editedAt: Date.now() }]);
      } catch {
        // the request client has shown why
      }
    },
    [merge],
  );

  return { messages, hasMore, loading, loadOlder, send, retry, edit, remove, typists };
}

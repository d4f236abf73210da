import { type Caller, invalid, newEventId, nextNumericId, sha256 } from '@pmbok/infra';
import {
  chatMessageDecider,
  checkContent,
  checkImages,
  checkMentions,
  messages,
} from '../../domain/chatMessage/businessLogic.js';
import { chatMessageStreamId } from '../../domain/chatMessage/chatMessage.js';
import { chatReadDecider, chatReadStreamId } from '../../domain/chatRead/chatRead.js';
import {
  type ChatMessageDoc,
  chatMessages,
  chatReads,
  conversations,
  messageKey,
  readKey,
  seqAtOrBefore,
  unreadOf,
} from '../../projections/chat/index.js';
import type { MessagingPartDeps } from '../deps.js';
import { cardsIn } from './cards.js';
import type { ConversationScope, Membership } from './conversations.js';
import { createFloodGuard, createTypingThrottle } from './flood.js';
import type { ChatUseCases } from './index.js';
import type { ChatLive } from './live.js';
import { recordMentions } from './mentions.js';
import { messageView, namesOf } from './view.js';

const CLIENT_ID = /^[A-Za-z0-9._:-]{1,64}$/;
const KEYWORD_MAX = 100;

/** A send retried with its client id lands on the first one's stream, where handleCommand finds its command id. */
const messageIdFor = (userId: number, clientId: string) =>
  Number.parseInt(sha256(`chat:${userId}:${clientId}`).slice(0, 13), 16);

const pageSizeOf = (pageSize: number, fallback: number) => Math.min(Math.max(Math.trunc(pageSize) || fallback, 1), 100);
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Signed = Caller & { userId: number };

/** Posting, editing, deleting, reading, paging and searching messages (docs/api/messaging.md "Conversations"). */
export function createMessages(
  deps: MessagingPartDeps,
  membership: Membership,
  live: ChatLive,
): Omit<ChatUseCases, 'conversations' | 'direct'> {
  const { readStore } = deps.runtime;
  const { now, runCommand, work } = deps;
  const floodLimit = Number(deps.env.PMBOK_CHAT_FLOOD_LIMIT) || 20;
  const flood = createFloodGuard(floodLimit, 10_000, now);
  const typingAllowed = createTypingThrottle(2_000, now);

  const view = (doc: ChatMessageDoc) => messageView(doc, namesOf(work));

  /** The message and its conversation, which the caller must belong to (an unknown id is refused the same way). */
  async function messageOf(messageId: number, caller: Signed) {
    const doc = messageId > 0 ? await chatMessages(readStore).findOne({ messageId }) : null;
    if (!doc) throw invalid(messages.notMember);
    const scope = await membership.conversation(doc.conversationId, caller.userId, caller.teamId);
    return { doc, scope };
  }

  /** After a change: the conversation hears it, the others' badges are recounted, a new mention is recorded. */
  function announce(
    scope: ConversationScope,
    event: 'posted' | 'edited' | 'deleted',
    doc: ChatMessageDoc,
    view: unknown,
  ) {
    void live.message(scope, event, view);
    if (event !== 'edited') {
      live.badges(
        scope.members.filter((userId) => userId !== doc.senderId),
        scope.teamId,
      );
    }
    if (event === 'posted') {
      recordMentions(deps, scope, doc).catch((error) =>
        deps.logger.warn({ err: error, messageId: doc.messageId }, 'mention not recorded'),
      );
    }
  }

  async function readAt(doc: { conversationId: string }, seqs: number[]) {
    const docs = await Promise.all(
      seqs.map((seq) => chatMessages(readStore).findOne({ _id: messageKey(doc.conversationId, seq) })),
    );
    const names = namesOf(work);
    return Promise.all(docs.filter((d): d is ChatMessageDoc => d !== null).map((d) => messageView(d, names)));
  }

  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

  return {
    async post(
      request: { conversationId: string; content: string; mentionIds: number[]; images: string[]; clientId: string },
      caller: Signed,
    ) {
      const scope = await membership.conversation(request.conversationId, caller.userId, caller.teamId);
      const clientId = request.clientId.trim();
      if (clientId && !CLIENT_ID.test(clientId)) throw invalid('clientId 格式不正确');
      const messageId = clientId ? messageIdFor(caller.userId, clientId) : nextNumericId(now());
      if (clientId) {
        // A queued send retried: the first one's message, not a second post (and no flood count).
        const first = await chatMessages(readStore).findOne({ messageId });
        if (first && first.senderId === caller.userId) return view(first);
      }
      const images = checkImages(request.images);
      const content = checkContent(request.content, images.length > 0);
      const mentionIds = checkMentions(request.mentionIds, new Set(scope.members));
      if (!flood.allow(caller.userId)) throw invalid(messages.tooFast);
      const cards = await cardsIn(work, content, caller.userId, scope.teamId);
      const { result } = await runCommand(
        chatMessageStreamId(messageId),
        chatMessageDecider,
        {
          type: 'PostMessage',
          data: {
            messageId,
            conversationId: scope.conversationId,
            teamId: scope.teamId,
            senderId: caller.userId,
            content,
            mentionIds,
            images,
            cards,
            clientId,
            postedAt: now(),
          },
        },
        caller,
        { commandId: clientId ? `chat/post:${clientId}` : newEventId(), teamId: scope.teamId },
      );
      const doc = await chatMessages(readStore).findOne({ messageId });
      if (!doc) throw new Error(`message ${messageId} is not in the read model after its post`);
      const answer = await view(doc);
      if (!result.alreadyApplied) announce(scope, 'posted', doc, answer);
      return answer;
    },

    async edit(request: { messageId: number; content: string; mentionIds: number[] }, caller: Signed) {
      const { doc, scope } = await messageOf(request.messageId, caller);
      const mentionIds = checkMentions(request.mentionIds, new Set(scope.members));
      const content = checkContent(request.content, doc.images.length > 0);
      const cards = await cardsIn(work, content, caller.userId, scope.teamId);
      await runCommand(
        chatMessageStreamId(doc.messageId),
        chatMessageDecider,
        { type: 'EditMessage', data: { userId: caller.userId, content, mentionIds, cards, now: now() } },
        caller,
        { teamId: scope.teamId },
      );
      const edited = (await chatMessages(readStore).findOne({ messageId: doc.messageId }))!;
      const answer = await view(edited);
      announce(scope, 'edited', edited, answer);
      return answer;
    },

    async remove(messageId: number, caller: Signed) {
      const { doc, scope } = await messageOf(messageId, caller);
      await runCommand(
        chatMessageStreamId(doc.messageId),
        chatMessageDecider,
        { type: 'DeleteMessage', data: { userId: caller.userId, now: now() } },
        caller,
        { teamId: scope.teamId },
      );
      const deleted = (await chatMessages(readStore).findOne({ messageId: doc.messageId }))!;
      announce(scope, 'deleted', deleted, await view(deleted));
    },

    /** Backwards from `beforePosition` (0: the latest), or forwards after `afterPosition`; oldest first either way. */
    async list(
      request: { conversationId: string; beforePosition: number; afterPosition: number; pageSize: number },
      caller: Signed,
    ) {
      const scope = await membership.conversation(request.conversationId, caller.userId, caller.teamId);
      const size = pageSizeOf(request.pageSize, 30);
      const conversation = await conversations(readStore).findOne({ _id: scope.conversationId });
      if (!conversation) return { messages: [], hasMore: false };
      if (request.afterPosition > 0) {
        const from = (await seqAtOrBefore(readStore, conversation, request.afterPosition)) + 1;
        const to = Math.min(conversation.lastSeq, from + size - 1);
        return { messages: await readAt(scope, range(from, to)), hasMore: to < conversation.lastSeq };
      }
      const to =
        request.beforePosition > 0
          ? await seqAtOrBefore(readStore, conversation, request.beforePosition - 1)
          : conversation.lastSeq;
      const from = Math.max(1, to - size + 1);
      return { messages: await readAt(scope, range(from, to)), hasMore: from > 1 };
    },

    async search(request: { conversationId: string; keyword: string; page: number; pageSize: number }, caller: Signed) {
      const scope = await membership.conversation(request.conversationId, caller.userId, caller.teamId);
      const keyword = request.keyword.trim();
      if (!keyword) throw invalid('请输入搜索关键词');
      if ([...keyword].length > KEYWORD_MAX) throw invalid(`关键词不能超过${KEYWORD_MAX}个字符`);
      const size = pageSizeOf(request.pageSize, 20);
      const page = Math.max(Math.trunc(request.page) || 1, 1);
      const filter = {
        conversationId: scope.conversationId,
        deleted: false,
        content: { $regex: escapeRegex(keyword), $options: 'i' },
      };
      const [total, docs] = await Promise.all([
        chatMessages(readStore).count(filter),
        chatMessages(readStore).find(filter, { sort: { position: -1 }, skip: (page - 1) * size, limit: size }),
      ]);
      const names = namesOf(work);
      return { messages: await Promise.all(docs.map((doc) => messageView(doc, names))), total };
    },

    /** Marks read up to `position` (0: the latest); answers the badge, which every tab of the caller hears. */
    async markRead(request: { conversationId: string; position: number }, caller: Signed) {
      const scope = await membership.conversation(request.conversationId, caller.userId, caller.teamId);
      const conversation = await conversations(readStore).findOne({ _id: scope.conversationId });
      if (conversation) {
        const last = conversation.lastPosition;
        const position = request.position > 0 ? Math.min(request.position, last) : last;
        await runCommand(
          chatReadStreamId(caller.userId, scope.conversationId),
          chatReadDecider,
          {
            type: 'MarkRead',
            data: {
              userId: caller.userId,
              conversationId: scope.conversationId,
              teamId: scope.teamId,
              position,
              readAt: now(),
            },
          },
          caller,
          { teamId: scope.teamId },
        );
        const mark = await chatReads(readStore).findOne({ _id: readKey(caller.userId, scope.conversationId) });
        void live.read(caller.userId, {
          teamId: scope.teamId,
          conversationId: scope.conversationId,
          readPosition: mark?.position ?? 0,
          unreadCount: unreadOf(conversation, mark?.seq ?? 0),
        });
      }
      await deps.unread.push(caller.userId, scope.teamId);
      return (await deps.unread.count(caller.userId, scope.teamId)).unReadCount;
    },

    async typing(conversationId: string, caller: Signed) {
      const scope = await membership.conversation(conversationId, caller.userId, caller.teamId);
      if (!typingAllowed(caller.userId, scope.conversationId)) return;
      void live.typing(scope, caller.userId, await work.userName(caller.userId));
    },
  };
}

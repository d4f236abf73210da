import type { ServiceContext } from '@pmbok/infra';
import type { Unread } from '../unread.js';
import type { ConversationScope } from './conversations.js';

/** Live codes of docs/api/messaging.md "Unread count and live pushes". */
export const CHAT_LIVE = { message: 200500, typing: 200501, read: 200502 } as const;

/** Badge pushes running at once: a post to a large team recounts many badges, without starving the calls. */
const BADGE_CONCURRENCY = 8;

/**
 * Pushes of the conversations: the team channel is one publish to the team (every socket of a member subscribes
 * to it), a project or direct conversation one publish per member. The badge of each member concerned is recounted
 * after the answer, coalesced: a member already waiting for a recount is not queued twice.
 */
export function createChatLive(deps: Pick<ServiceContext, 'runtime' | 'logger'> & { unread: Unread }) {
  const { realtime } = deps.runtime;
  const pending = new Set<string>();
  const queue: { userId: number; teamId: number }[] = [];
  let running = 0;

  /**
   * A recount is a few read-model lookups that resolve at once in memory: without a turn of the event loop between
   * them, a thousand would hold the process (the answer of the post that caused them, other calls) until all are done.
   */
  const worker = async () => {
    running += 1;
    while (queue.length > 0) {
      const { userId, teamId } = queue.shift()!;
      pending.delete(`${userId}:${teamId}`);
      await new Promise((resolve) => setImmediate(resolve));
      await deps.unread
        .push(userId, teamId)
        .catch((error) => deps.logger.warn({ err: error, userId }, 'badge push failed'));
    }
    running -= 1;
  };
  const drain = () => {
    while (running < BADGE_CONCURRENCY && running < queue.length) void worker();
  };

  const publish = (audience: { userId: number } | { teamId: number }, code: number, data: unknown) =>
    realtime
      .publish(audience, { code, msg: 'success', data })
      .catch((error) => deps.logger.warn({ err: error, code }, 'chat push failed'));

  /** To everyone in the conversation (the team channel: its team), or everyone but `except`. */
  async function toMembers(scope: ConversationScope, code: number, data: unknown, except = 0) {
    if (scope.kind === 'team') return publish({ teamId: scope.teamId }, code, data);
    await Promise.all(
      scope.members.filter((userId) => userId !== except).map((userId) => publish({ userId }, code, data)),
    );
  }

  return {
    message(scope: ConversationScope, event: 'posted' | 'edited' | 'deleted', message: unknown) {
      const { teamId, conversationId } = scope;
      return toMembers(scope, CHAT_LIVE.message, { teamId, conversationId, event, message });
    },
    /** The team channel's typing goes to the team in one publish; the typist's own tabs drop it by its userId. */
    typing(scope: ConversationScope, userId: number, name: string) {
      const { teamId, conversationId } = scope;
      return toMembers(scope, CHAT_LIVE.typing, { teamId, conversationId, userId, name }, userId);
    },
    read(userId: number, data: { teamId: number; conversationId: string; readPosition: number; unreadCount: number }) {
      return publish({ userId }, CHAT_LIVE.read, data);
    },
    /** Recounts and pushes the badges of these members, after the answer. */
    badges(userIds: readonly number[], teamId: number) {
      for (const userId of userIds) {
        const key = `${userId}:${teamId}`;
        if (pending.has(key)) continue;
        pending.add(key);
        queue.push({ userId, teamId });
      }
      drain();
    },
  };
}

export type ChatLive = ReturnType<typeof createChatLive>;

import { type Caller, forbidden, newEventId, nextNumericId, type ServiceContext, sha256 } from '@pmbok/infra';
import { feedbackDecider, messages } from '../domain/feedback/businessLogic.js';
import { feedbackStreamId } from '../domain/feedback/feedback.js';
import { feedback } from '../projections/feedback/index.js';
import { displayName, users, usersById } from '../projections/users/index.js';
import { isAdministrator } from './administrators.js';

export interface FeedbackDeps extends Pick<ServiceContext, 'runtime' | 'logger' | 'now' | 'runCommand'> {
  adminTelephones: readonly string[];
  /** Resolves when the users read model has every auth event appended so far (it arrives through the bus). */
  usersCaughtUp?: () => Promise<void>;
}

/**
 * A retried submission (same command id from the same user) must land on the stream of the first one, where
 * handleCommand finds it; so its id is derived from the command id (52 bits of a hash, safe in JSON).
 */
const feedbackIdFor = (userId: number, commandId: string) =>
  Number.parseInt(sha256(`${userId}:${commandId}`).slice(0, 13), 16);

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function paging(page: number, pageSize: number) {
  const size = Math.min(Math.max(Math.trunc(pageSize) || 20, 1), 100);
  const current = Math.max(Math.trunc(page) || 1, 1);
  return { page: current, pageSize: size, skip: (current - 1) * size };
}

/** The messaging service's feedback use cases. */
export function createFeedback(deps: FeedbackDeps) {
  const { readStore } = deps.runtime;
  const { now, runCommand } = deps;

  /** The administrator rule on a users read model that has caught up with the auth log. */
  async function administers(caller: Caller) {
    await deps.usersCaughtUp?.().catch((error) => deps.logger.warn({ err: error }, 'users did not catch up'));
    const [user, [first]] = await Promise.all([
      users(readStore).findOne({ _id: String(caller.userId) }),
      users(readStore).find({}, { sort: { registrationOrder: 1 }, limit: 1 }),
    ]);
    return isAdministrator(user, first ?? null, deps.adminTelephones);
  }

  return {
    /** Whether the caller may list feedback: the same rule `list` enforces. */
    async access(caller: Caller) {
      return { canList: await administers(caller) };
    },

    async submit(content: string, caller: Caller, commandId?: string) {
      const feedbackId = commandId ? feedbackIdFor(caller.userId, commandId) : nextNumericId(now());
      // Answered once the administrators' list shows it (read-your-writes).
      const { events } = await runCommand(
        feedbackStreamId(feedbackId),
        feedbackDecider,
        { type: 'SubmitFeedback', data: { feedbackId, userId: caller.userId, content }, metadata: { now: now() } },
        caller,
        { commandId: commandId ?? newEventId() },
      );
      return { feedbackId: events[0]?.data.feedbackId ?? feedbackId };
    },

    async list(query: { page: number; pageSize: number; keyword: string }, caller: Caller) {
      if (!(await administers(caller))) throw forbidden(messages.notAdministrator);
      const keyword = query.keyword.trim();
      const filter = keyword ? { content: { $regex: escapeRegex(keyword), $options: 'i' } } : {};
      const { page, pageSize, skip } = paging(query.page, query.pageSize);
      const [total, docs] = await Promise.all([
        feedback(readStore).count(filter),
        feedback(readStore).find(filter, { sort: { createdAt: -1, feedbackId: -1 }, skip, limit: pageSize }),
      ]);
      const authors = await usersById(
        readStore,
        docs.map((doc) => doc.userId),
      );
      const items = docs.map(({ feedbackId, content, userId, createdAt }) => {
        const author = authors.get(userId);
        return {
          feedbackId,
          content,
          userId,
          userName: displayName(author),
          telephone: author?.telephone ?? '',
          createdAt,
        };
      });
      return { items, total, page, pageSize };
    },
  };
}

export type FeedbackUseCases = ReturnType<typeof createFeedback>;

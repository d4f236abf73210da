import { createFeedback, type FeedbackDeps } from './feedback.js';

/** The messaging service's use cases (feedback today; team messages and unread counts join it). */
export function createMessagingUseCases(deps: FeedbackDeps) {
  return { feedback: createFeedback(deps) };
}

export type MessagingUseCases = ReturnType<typeof createMessagingUseCases>;
export type { FeedbackDeps as MessagingDeps } from './feedback.js';

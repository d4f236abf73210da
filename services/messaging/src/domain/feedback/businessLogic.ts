import { conflict, type Decider, invalid } from '@pmbok/infra';
import { evolve, type Feedback, type FeedbackEvent, initialState } from './feedback.js';

export const MAX_FEEDBACK_LENGTH = 2000;

export const messages = {
  contentRequired: '请输入反馈内容',
  contentTooLong: `反馈内容最多${MAX_FEEDBACK_LENGTH}个字符`,
  alreadySubmitted: '该反馈已提交',
  notAdministrator: '只有管理员可以查看反馈',
} as const;

export type SubmitFeedback = {
  type: 'SubmitFeedback';
  data: { feedbackId: number; userId: number; content: string };
  metadata: { now: number };
};

export type FeedbackCommand = SubmitFeedback;

/** Trimmed, required, at most 2000 characters (counted as the user sees them, not UTF-16 units). */
export function checkContent(content: string): string {
  const trimmed = content.trim();
  if (!trimmed) throw invalid(messages.contentRequired);
  if ([...trimmed].length > MAX_FEEDBACK_LENGTH) throw invalid(messages.contentTooLong);
  return trimmed;
}

export function submitFeedback(command: SubmitFeedback, state: Feedback): FeedbackEvent[] {
  // A retried command never gets here (handleCommand answers it from the stream); this is another submission.
  if (state.status !== 'none') throw conflict(messages.alreadySubmitted);
  const { feedbackId, userId, content } = command.data;
  return [
    {
      type: 'FeedbackSubmitted',
      data: { feedbackId, userId, content: checkContent(content), createdAt: command.metadata.now },
    },
  ];
}

export function decide(command: FeedbackCommand, state: Feedback): FeedbackEvent[] {
  switch (command.type) {
    case 'SubmitFeedback':
      return submitFeedback(command, state);
    default: {
      const unknown: never = command.type;
      throw new Error(`unknown command ${String(unknown)}`);
    }
  }
}

export const feedbackDecider: Decider<Feedback, FeedbackCommand, FeedbackEvent> = { decide, evolve, initialState };

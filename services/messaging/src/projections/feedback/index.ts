import { type Doc, documentProjection, type IndexSpec, ownLog, readModel } from '@pmbok/infra';
import type { FeedbackEvent } from '../../domain/feedback/feedback.js';

/** Every feedback, for the administrators' list. Authors' names and telephones are joined from `users` when read. */
export interface FeedbackDoc extends Doc {
  feedbackId: number;
  userId: number;
  content: string;
  createdAt: number;
}

const indexes: IndexSpec[] = [{ fields: { createdAt: -1 } }];
export const feedback = readModel<FeedbackDoc>('feedback', indexes);

export const feedbackProjection = documentProjection({
  source: ownLog<FeedbackEvent>(),
  collection: feedback,
  stream: 'feedback',
  on: {
    FeedbackSubmitted: ({ data: { feedbackId, userId, content, createdAt } }) => ({
      feedbackId,
      userId,
      content,
      createdAt,
    }),
  },
});

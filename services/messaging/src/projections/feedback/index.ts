import { type Collection, type Doc, documentProjection, type IndexSpec, type ReadStore } from '@pmbok/infra';
import type { FeedbackEvent } from '../../domain/feedback/feedback.js';

/** Every feedback, for the administrators' list. Authors' names and telephones are joined from `users` when read. */
export interface FeedbackDoc extends Doc {
  feedbackId: number;
  userId: number;
  content: string;
  createdAt: number;
}

const COLLECTION = 'feedback';
const indexes: IndexSpec[] = [{ fields: { createdAt: -1 } }];
export const feedback = (store: ReadStore): Collection<FeedbackDoc> =>
  store.collection<FeedbackDoc>(COLLECTION, indexes);

export const feedbackProjection = documentProjection<FeedbackDoc>({
  name: 'feedback',
  collection: COLLECTION,
  indexes,
  canHandle: ['FeedbackSubmitted'],
  documentId: (event) => event.metadata.streamId.slice('feedback-'.length),
  evolve(doc, recorded) {
    const event = recorded as unknown as FeedbackEvent;
    switch (event.type) {
      case 'FeedbackSubmitted': {
        const { feedbackId, userId, content, createdAt } = event.data;
        return { _id: String(feedbackId), feedbackId, userId, content, createdAt };
      }
      default:
        return doc;
    }
  },
});

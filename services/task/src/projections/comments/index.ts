import { type Collection, type Doc, documentProjection, type IndexSpec, type ReadStore } from '@pmbok/infra';
import type { TaskCommented } from '../../domain/task/task.js';

export interface CommentDoc extends Doc {
  commentId: number;
  taskId: number;
  userId: number;
  content: string;
  createdAt: number;
}

const COLLECTION = 'comments';
const indexes: IndexSpec[] = [{ fields: { taskId: 1, createdAt: 1 } }];

export const comments = (store: ReadStore): Collection<CommentDoc> => store.collection<CommentDoc>(COLLECTION, indexes);

export const commentsProjection = documentProjection<CommentDoc>({
  name: 'comments',
  collection: COLLECTION,
  indexes,
  canHandle: ['TaskCommented'],
  documentId: (event) => String((event.data as TaskCommented['data']).commentId),
  evolve: (_doc, event) => {
    const { commentId, content } = event.data as TaskCommented['data'];
    return {
      _id: String(commentId),
      commentId,
      taskId: Number(event.metadata.streamId.slice('task-'.length)),
      userId: Number(event.metadata.actor ?? 0),
      content,
      createdAt: event.metadata.at,
    };
  },
});

import { type Doc, documentProjection, type IndexSpec, ownLog, parseStreamId, readModel } from '@pmbok/infra';
import type { TaskEvent } from '../../domain/task/task.js';

export interface CommentDoc extends Doc {
  commentId: number;
  taskId: number;
  userId: number;
  content: string;
  createdAt: number;
}

const indexes: IndexSpec[] = [{ fields: { taskId: 1, createdAt: 1 } }];
export const comments = readModel<CommentDoc>('comments', indexes);

export const commentsProjection = documentProjection({
  source: ownLog<TaskEvent>(),
  collection: comments,
  documentId: ({ data }) => String(data.commentId),
  on: {
    TaskCommented: ({ data: { commentId, content }, metadata }) => ({
      commentId,
      taskId: parseStreamId(metadata.streamId, 'task'),
      userId: Number(metadata.actor ?? 0),
      content,
      createdAt: metadata.at,
    }),
  },
});

import { Type } from '@sinclair/typebox';

/** Answers of the feedback calls (SPEC §7 Feedback). */

export const FeedbackSubmitted = Type.Object({ feedbackId: Type.Integer() });

/** `feedback/list`, in the shape of the client's paged lists (`lists`, `pages`, `count`). */
export const FeedbackList = Type.Object({
  lists: Type.Array(
    Type.Object({
      id: Type.Integer(),
      feedbackId: Type.Integer(),
      content: Type.String(),
      userId: Type.Integer(),
      userName: Type.String(),
      telephone: Type.String(),
      createTime: Type.Integer(),
    }),
  ),
  pages: Type.Integer(),
  count: Type.Integer(),
});

/** `feedback/access`: whether the caller may read the list (administrators only). */
export const FeedbackAccess = Type.Object({ canList: Type.Boolean() });

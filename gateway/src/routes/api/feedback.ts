import { setCommandId } from '@pmbok/infra';
import { Type } from '@sinclair/typebox';
import { commandIdFrom, defineCall } from '../../plugins/api.js';
import * as answers from '../../schemas/feedback.js';
import { paging } from '../../schemas/fields.js';

/**
 * SPEC §7 Feedback, and the administrators' list of it. The messaging service checks the content (trimmed, 1-2000
 * characters, with messages the UI shows) and who administers the instance; the schema only bounds the body.
 */
export const feedbackCalls = [
  defineCall({
    module: 'feedback',
    call: '',
    access: 'user',
    response: answers.FeedbackSubmitted,
    // Optional, so a missing field gets the service's 请输入反馈内容 rather than a parameter error.
    fields: { content: Type.Optional(Type.String({ maxLength: 8000 })) },
    successMessage: 'feedback submitted successfully',
    async handle(body, { services, metadata, request }) {
      const commandId = commandIdFrom(request, 'feedback');
      if (commandId) setCommandId(metadata, commandId);
      const { feedbackId } = await services.messaging.submitFeedback({ content: body.content ?? '' }, { metadata });
      return { feedbackId };
    },
  }),
  defineCall({
    module: 'feedback',
    call: 'list',
    access: 'user',
    response: answers.FeedbackList,
    fields: { ...paging, keyword: Type.Optional(Type.String({ maxLength: 100 })) },
    async handle(body, { services, metadata }) {
      const answer = await services.messaging.listFeedback(
        { page: body.page ?? 1, pageSize: body.pageSize ?? 20, keyword: body.keyword ?? '' },
        { metadata },
      );
      return {
        lists: answer.feedback.map(({ createdAt, ...item }) => ({
          id: item.feedbackId,
          ...item,
          createTime: createdAt,
        })),
        pages: Math.ceil(answer.total / answer.pageSize),
        count: answer.total,
      };
    },
  }),

  // Whether the caller may read the list above: the console shows its entry to administrators only.
  defineCall({
    module: 'feedback',
    call: 'access',
    access: 'user',
    response: answers.FeedbackAccess,
    fields: {},
    async handle(_body, { services, metadata }) {
      return services.messaging.getFeedbackAccess({}, { metadata });
    },
  }),
];

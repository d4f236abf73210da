import type { PagedCalls } from '../dataProvider/pagedCallProvider';

/** The `feedback` resource: POST /pmbok/api/feedback/list (administrators) and /pmbok/api/feedback {content}. */
export const feedbackCalls: PagedCalls = { list: 'feedback/list', create: 'feedback' };

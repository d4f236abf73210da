import { invalid } from '@pmbok/infra';
import type { messagingv1 } from '@pmbok/proto';
import type { MessagingUseCases } from './application/index.js';

type Calls = Pick<messagingv1.MessagingServiceImplementation, 'listActivity' | 'countActivity'>;

const unavailable = async (): Promise<never> => {
  throw invalid('功能尚未开放');
};

/** The team's activity feed and counts (docs/api/home.md), from the activities the inbox is made of. */
export function activityCalls(_useCases: MessagingUseCases): Calls {
  return { listActivity: unavailable, countActivity: unavailable };
}

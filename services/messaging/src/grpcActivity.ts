import { signedInCaller } from '@pmbok/infra';
import type { messagingv1 } from '@pmbok/proto';
import type { MessagingUseCases } from './application/index.js';

type Calls = Pick<messagingv1.MessagingServiceImplementation, 'listActivity' | 'countActivity'>;

/** The team's activity feed and counts (docs/api/home.md), from the activities the inbox is made of. */
export function activityCalls({ activity }: MessagingUseCases): Calls {
  return {
    listActivity: (r, c) => activity.list(r, signedInCaller(c)),
    countActivity: async (r, c) => ({ counts: await activity.count(r.since, signedInCaller(c)) }),
  };
}

import { type DomainEvent, streamId } from '@pmbok/infra';

/** A user told the people running the instance something (SPEC §2.4 opinion feedback). Plain text, never HTML. */
export type FeedbackSubmitted = DomainEvent<
  'FeedbackSubmitted',
  { feedbackId: number; userId: number; content: string; createdAt: number }
>;

export type FeedbackEvent = FeedbackSubmitted;

export type Feedback =
  | { status: 'none' }
  | { status: 'submitted'; feedbackId: number; userId: number; content: string; createdAt: number };

export const initialState = (): Feedback => ({ status: 'none' });
/** One stream per submission. */
export const feedbackStreamId = (feedbackId: number) => streamId('feedback', feedbackId);

export function evolve(state: Feedback, event: FeedbackEvent): Feedback {
  switch (event.type) {
    case 'FeedbackSubmitted':
      return { status: 'submitted', ...event.data };
    default:
      return state;
  }
}

import { type Decider, type DomainEvent, streamId } from '@pmbok/infra';

/**
 * Reads through a share link (stream `projectShareViews-<shareId>`): each open of the link and each document read,
 * counted per link (the share screen) and per document (the creator centre's view counts).
 */
export type ShareOpened = DomainEvent<'ShareOpened', { shareId: number; projectId: number; at: number }>;
export type ShareDocRead = DomainEvent<
  'ShareDocRead',
  { shareId: number; projectId: number; nodeId: number; docId: number; at: number }
>;
export type ShareViewEvent = ShareOpened | ShareDocRead;

export const shareViewsStreamId = (shareId: number) => streamId('projectShareViews', shareId);

export type ShareViewCommand = { type: 'Count'; event: ShareViewEvent };

/** Nothing to decide: every read is recorded. The state stays empty so a long stream costs nothing to fold. */
export const shareViewsDecider: Decider<null, ShareViewCommand, ShareViewEvent> = {
  decide: (command) => [command.event],
  evolve: (state) => state,
  initialState: () => null,
};

import type { Decider, DomainEvent } from '@pmbok/infra';

/**
 * A user's read mark in one conversation (stream `chatRead-<userId>-<conversationId>`): the highest position read.
 * Marks only move forward, so a late request from another tab never makes read messages unread again.
 */
export type ConversationRead = DomainEvent<
  'ConversationRead',
  { userId: number; conversationId: string; teamId: number; position: number; readAt: number }
>;
export type ChatReadEvent = ConversationRead;

export type ChatReadState = { position: number };
export type MarkRead = { type: 'MarkRead'; data: ConversationRead['data'] };

export const chatReadStreamId = (userId: number, conversationId: string) => `chatRead-${userId}-${conversationId}`;

export const chatReadDecider: Decider<ChatReadState, MarkRead, ChatReadEvent> = {
  initialState: () => ({ position: 0 }),
  evolve: (state, event) => ({ position: Math.max(state.position, event.data.position) }),
  decide: (command, state) =>
    command.data.position > state.position ? [{ type: 'ConversationRead', data: command.data }] : [],
};

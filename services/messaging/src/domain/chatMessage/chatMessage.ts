import { type DomainEvent, streamId } from '@pmbok/infra';

/** A document or task linked in a message, as it was when the message was sent (docs/api/messaging.md). */
export interface MessageCardData {
  kind: 'doc' | 'task';
  id: number;
  projectId: number;
  title: string;
  subtitle: string;
  link: string;
}

/** A message of a conversation (stream `chatMessage-<id>`); its position is this event's global position. */
export type MessagePosted = DomainEvent<
  'MessagePosted',
  {
    messageId: number;
    conversationId: string;
    teamId: number;
    senderId: number;
    content: string;
    mentionIds: number[];
    images: string[];
    cards: MessageCardData[];
    clientId: string;
    postedAt: number;
  }
>;
export type MessageEdited = DomainEvent<
  'MessageEdited',
  { content: string; mentionIds: number[]; cards: MessageCardData[]; editedAt: number }
>;
/** The message's place stays and shows that it was deleted; its text is gone from the read models. */
export type MessageDeleted = DomainEvent<'MessageDeleted', { deletedAt: number }>;

export type ChatMessageEvent = MessagePosted | MessageEdited | MessageDeleted;

export type ChatMessageState =
  | { status: 'none' }
  | {
      status: 'posted' | 'deleted';
      messageId: number;
      conversationId: string;
      teamId: number;
      senderId: number;
      hasImages: boolean;
    };

export const initialState = (): ChatMessageState => ({ status: 'none' });
export const chatMessageStreamId = (messageId: number) => streamId('chatMessage', messageId);

export function evolve(state: ChatMessageState, event: ChatMessageEvent): ChatMessageState {
  switch (event.type) {
    case 'MessagePosted': {
      const { messageId, conversationId, teamId, senderId, images } = event.data;
      return { status: 'posted', messageId, conversationId, teamId, senderId, hasImages: images.length > 0 };
    }
    case 'MessageDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
    default:
      return state;
  }
}

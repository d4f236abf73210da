import { type Collection, type Doc, documentProjection, type ReadStore } from '@pmbok/infra';
import type { UserEvent } from '../../domain/user/user.js';

/** An open session. Keyed by session id (what SessionEnded names); calls find it by the hash of their token. */
export interface SessionDoc extends Doc {
  sessionId: string;
  tokenHash: string;
  userId: number;
  expiresAt: number;
  startedAt: number;
}

const COLLECTION = 'sessions';
const indexes = [{ fields: { tokenHash: 1 as const }, unique: true }];

export const sessions = (store: ReadStore): Collection<SessionDoc> => store.collection<SessionDoc>(COLLECTION, indexes);

export const sessionsProjection = documentProjection<SessionDoc>({
  name: 'sessions',
  collection: COLLECTION,
  indexes,
  canHandle: ['SessionStarted', 'SessionEnded'],
  documentId: (event) => (event.data as { sessionId: string }).sessionId,
  evolve(doc, recorded) {
    const event = recorded as unknown as UserEvent;
    switch (event.type) {
      case 'SessionStarted':
        return {
          _id: event.data.sessionId,
          sessionId: event.data.sessionId,
          tokenHash: event.data.tokenHash,
          userId: Number(recorded.metadata.streamId.slice('user-'.length)),
          expiresAt: event.data.expiresAt,
          startedAt: recorded.metadata.at,
        };
      case 'SessionEnded':
        return null;
      default:
        return doc;
    }
  },
});

export const findSessionByTokenHash = (store: ReadStore, tokenHash: string) => sessions(store).findOne({ tokenHash });

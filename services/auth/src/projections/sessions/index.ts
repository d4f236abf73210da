import { type Doc, documentProjection, ownLog, parseStreamId, type ReadStore, readModel } from '@pmbok/infra';
import type { UserEvent } from '../../domain/user/user.js';

/** An open session. Keyed by session id (what SessionEnded names); calls find it by the hash of their token. */
export interface SessionDoc extends Doc {
  sessionId: string;
  tokenHash: string;
  userId: number;
  expiresAt: number;
  startedAt: number;
}

const indexes = [{ fields: { tokenHash: 1 as const }, unique: true }];
export const sessions = readModel<SessionDoc>('sessions', indexes);

export const sessionsProjection = documentProjection({
  source: ownLog<UserEvent>(),
  collection: sessions,
  documentId: ({ data }) => data.sessionId,
  on: {
    SessionStarted: ({ data, metadata }) => ({
      sessionId: data.sessionId,
      tokenHash: data.tokenHash,
      userId: parseStreamId(metadata.streamId, 'user'),
      expiresAt: data.expiresAt,
      startedAt: metadata.at,
    }),
    SessionEnded: () => null,
  },
});

export const findSessionByTokenHash = (store: ReadStore, tokenHash: string) => sessions(store).findOne({ tokenHash });

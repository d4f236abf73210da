import { type Collection, type Doc, documentProjection, type IndexSpec, type ReadStore } from '@pmbok/infra';
import type { UserEvent } from '../../domain/user/user.js';

export interface UserDoc extends Doc {
  userId: number;
  telephone: string;
  passwordHash: string;
  nickname: string;
  trueName: string;
  avatar: string;
  introduction: string;
  sex: number;
  shareCode: string;
  inviterShareCode: string;
  createdAt: number;
}

const COLLECTION = 'users';
const indexes: IndexSpec[] = [
  { fields: { telephone: 1 }, unique: true },
  { fields: { shareCode: 1 }, unique: true },
];

export const usersProjection = documentProjection<UserDoc>({
  name: 'users',
  collection: COLLECTION,
  indexes,
  canHandle: ['UserRegistered', 'PasswordChanged'],
  documentId: (event) => event.metadata.streamId.slice('user-'.length),
  evolve(doc, recorded) {
    const event = recorded as unknown as UserEvent;
    if (event.type === 'PasswordChanged') return doc && { ...doc, passwordHash: event.data.passwordHash };
    if (event.type !== 'UserRegistered') return doc;
    const { userId, telephone, passwordHash, nickname, shareCode, inviterShareCode } = event.data;
    return {
      _id: String(userId),
      userId,
      telephone,
      passwordHash,
      nickname,
      trueName: '',
      avatar: '',
      introduction: '',
      sex: 0,
      shareCode,
      inviterShareCode,
      createdAt: recorded.metadata.at,
    };
  },
});

export const users = (store: ReadStore): Collection<UserDoc> => store.collection<UserDoc>(COLLECTION, indexes);

export const findUserByTelephone = (store: ReadStore, telephone: string) => users(store).findOne({ telephone });
export const findUserById = (store: ReadStore, userId: number) => users(store).findOne({ _id: String(userId) });

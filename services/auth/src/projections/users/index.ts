import { type Collection, type Doc, documentProjection, type IndexSpec, type ReadStore } from '@pmbok/infra';
import { maskTelephone } from '../../domain/rules.js';
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
  email?: string;
  /** Login name; absent (not empty) when none, so the unique index ignores it. */
  username?: string;
  usernameKey?: string;
  wechat?: { openid: string; boundAt: number }[];
  closed?: boolean;
}

const COLLECTION = 'users';
const indexes: IndexSpec[] = [
  { fields: { telephone: 1 }, unique: true },
  { fields: { shareCode: 1 }, unique: true },
  { fields: { inviterShareCode: 1 } },
  { fields: { usernameKey: 1 }, unique: true },
  { fields: { 'wechat.openid': 1 } },
];

export const usersProjection = documentProjection<UserDoc>({
  name: 'users',
  collection: COLLECTION,
  indexes,
  canHandle: [
    'UserRegistered',
    'PasswordChanged',
    'ProfileUpdated',
    'TelephoneChanged',
    'EmailBound',
    'UsernameBound',
    'UsernameCleared',
    'WechatBound',
    'WechatUnbound',
    'AccountClosed',
  ],
  documentId: (event) => event.metadata.streamId.slice('user-'.length),
  evolve(doc, recorded) {
    const event = recorded as unknown as UserEvent;
    if (event.type === 'PasswordChanged') return doc && { ...doc, passwordHash: event.data.passwordHash };
    if (event.type === 'ProfileUpdated') return doc && { ...doc, ...event.data };
    if (event.type === 'TelephoneChanged') return doc && { ...doc, telephone: event.data.to };
    if (event.type === 'EmailBound') return doc && { ...doc, email: event.data.email };
    if (event.type === 'UsernameBound') {
      return doc && { ...doc, username: event.data.username, usernameKey: event.data.username.toLowerCase() };
    }
    if (event.type === 'AccountClosed') {
      if (!doc) return doc;
      // Personal data leaves the read model; the id, share code and dates stay for history.
      return {
        _id: doc._id,
        userId: doc.userId,
        telephone: `closed:${doc.userId}`,
        passwordHash: '',
        nickname: event.data.anonymisedName,
        trueName: '',
        avatar: '',
        introduction: '',
        sex: 0,
        shareCode: doc.shareCode,
        inviterShareCode: doc.inviterShareCode,
        createdAt: doc.createdAt,
        closed: true,
      };
    }
    if (event.type === 'WechatBound') {
      return (
        doc && { ...doc, wechat: [...(doc.wechat ?? []), { openid: event.data.openid, boundAt: recorded.metadata.at }] }
      );
    }
    if (event.type === 'WechatUnbound') {
      return doc && { ...doc, wechat: (doc.wechat ?? []).filter((w) => w.openid !== event.data.openid) };
    }
    if (event.type === 'UsernameCleared') {
      if (!doc) return doc;
      const { username: _username, usernameKey: _key, ...rest } = doc;
      return rest;
    }
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
export const findUserByUsername = (store: ReadStore, username: string) =>
  users(store).findOne({ usernameKey: username.toLowerCase() });
export const findUserByWechat = (store: ReadStore, openid: string) => users(store).findOne({ 'wechat.openid': openid });
export const findUserById = (store: ReadStore, userId: number) => users(store).findOne({ _id: String(userId) });

/** What a user sees of their own account. */
export const toProfile = (user: UserDoc) => ({
  userId: user.userId,
  nickname: user.nickname,
  trueName: user.trueName,
  telephone: maskTelephone(user.telephone),
  shareCode: user.shareCode,
  avatar: user.avatar,
  introduction: user.introduction,
  sex: user.sex,
  createdAt: user.createdAt,
  email: user.email ?? '',
  username: user.username ?? '',
});

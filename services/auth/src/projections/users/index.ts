import { type Doc, documentProjection, type IndexSpec, ownLog, type ReadStore, readModel } from '@pmbok/infra';
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

const indexes: IndexSpec[] = [
  { fields: { telephone: 1 }, unique: true },
  { fields: { shareCode: 1 }, unique: true },
  { fields: { inviterShareCode: 1 } },
  { fields: { usernameKey: 1 }, unique: true },
  { fields: { 'wechat.openid': 1 } },
];
export const users = readModel<UserDoc>('users', indexes);

export const usersProjection = documentProjection({
  source: ownLog<UserEvent>(),
  collection: users,
  stream: 'user',
  on: {
    UserRegistered: ({ data, metadata }) => ({
      userId: data.userId,
      telephone: data.telephone,
      passwordHash: data.passwordHash,
      nickname: data.nickname,
      trueName: '',
      avatar: '',
      introduction: '',
      sex: 0,
      shareCode: data.shareCode,
      inviterShareCode: data.inviterShareCode,
      createdAt: metadata.at,
    }),
    PasswordChanged: ({ data }, doc) => doc && { ...doc, passwordHash: data.passwordHash },
    ProfileUpdated: ({ data }, doc) => doc && { ...doc, ...data },
    TelephoneChanged: ({ data }, doc) => doc && { ...doc, telephone: data.to },
    EmailBound: ({ data }, doc) => doc && { ...doc, email: data.email },
    UsernameBound: ({ data }, doc) =>
      doc && { ...doc, username: data.username, usernameKey: data.username.toLowerCase() },
    UsernameCleared: (_event, doc) => {
      if (!doc) return doc;
      const { username: _username, usernameKey: _key, ...rest } = doc;
      return rest;
    },
    WechatBound: ({ data, metadata }, doc) =>
      doc && { ...doc, wechat: [...(doc.wechat ?? []), { openid: data.openid, boundAt: metadata.at }] },
    WechatUnbound: ({ data }, doc) =>
      doc && { ...doc, wechat: (doc.wechat ?? []).filter((w) => w.openid !== data.openid) },
    // Personal data leaves the read model; the id, share code and dates stay for history.
    AccountClosed: ({ data }, doc) =>
      doc && {
        userId: doc.userId,
        telephone: `closed:${doc.userId}`,
        passwordHash: '',
        nickname: data.anonymisedName,
        trueName: '',
        avatar: '',
        introduction: '',
        sex: 0,
        shareCode: doc.shareCode,
        inviterShareCode: doc.inviterShareCode,
        createdAt: doc.createdAt,
        closed: true,
      },
  },
});

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

import type { DomainEvent } from '@pmbok/infra';

export type UserRegistered = DomainEvent<
  'UserRegistered',
  {
    userId: number;
    telephone: string;
    passwordHash: string;
    nickname: string;
    shareCode: string;
    inviterShareCode: string;
  }
>;
export type SessionStarted = DomainEvent<
  'SessionStarted',
  {
    sessionId: string;
    tokenHash: string;
    method: 'password' | 'sms' | 'register' | 'qr' | 'wechat';
    clientIp: string;
    expiresAt: number;
  }
>;
export type SessionEnded = DomainEvent<
  'SessionEnded',
  { sessionId: string; reason: 'logout' | 'passwordReset' | 'passwordChanged' | 'telephoneChanged' | 'accountClosed' }
>;
export type PasswordChanged = DomainEvent<'PasswordChanged', { passwordHash: string; reason: 'reset' | 'change' }>;
export type ProfileUpdated = DomainEvent<
  'ProfileUpdated',
  { nickname: string; trueName: string; avatar: string; introduction: string; sex: number }
>;
export type TelephoneChanged = DomainEvent<'TelephoneChanged', { from: string; to: string }>;
export type EmailBound = DomainEvent<'EmailBound', { email: string }>;
export type UsernameBound = DomainEvent<'UsernameBound', { username: string }>;
export type UsernameCleared = DomainEvent<'UsernameCleared', { username: string }>;
/** A messaging-app (WeChat) identity that may sign this account in by scanning. */
export type WechatBound = DomainEvent<'WechatBound', { openid: string }>;
export type WechatUnbound = DomainEvent<'WechatUnbound', { openid: string }>;
/** The account is closed: read models erase its personal data and show `anonymisedName` in history. */
export type AccountClosed = DomainEvent<'AccountClosed', { anonymisedName: string }>;

export type UserEvent =
  | UserRegistered
  | SessionStarted
  | SessionEnded
  | PasswordChanged
  | ProfileUpdated
  | TelephoneChanged
  | EmailBound
  | UsernameBound
  | UsernameCleared
  | WechatBound
  | WechatUnbound
  | AccountClosed;

export type User =
  | { status: 'empty' }
  | { status: 'closed' }
  | {
      status: 'active';
      userId: number;
      telephone: string;
      username: string;
      openSessions: ReadonlySet<string>;
      wechat: ReadonlySet<string>;
    };

export const initialState = (): User => ({ status: 'empty' });

export const userStreamId = (userId: number) => `user-${userId}`;

export function evolve(state: User, event: UserEvent): User {
  switch (event.type) {
    case 'UserRegistered':
      return {
        status: 'active',
        userId: event.data.userId,
        telephone: event.data.telephone,
        username: '',
        openSessions: new Set(),
        wechat: new Set(),
      };
    case 'SessionStarted':
      if (state.status !== 'active') return state;
      return { ...state, openSessions: new Set([...state.openSessions, event.data.sessionId]) };
    case 'PasswordChanged':
    case 'ProfileUpdated':
    case 'EmailBound':
      return state;
    case 'UsernameBound':
      return state.status === 'active' ? { ...state, username: event.data.username } : state;
    case 'UsernameCleared':
      return state.status === 'active' ? { ...state, username: '' } : state;
    case 'AccountClosed':
      return { status: 'closed' };
    case 'WechatBound':
      return state.status === 'active' ? { ...state, wechat: new Set([...state.wechat, event.data.openid]) } : state;
    case 'WechatUnbound':
      return state.status === 'active'
        ? { ...state, wechat: new Set([...state.wechat].filter((openid) => openid !== event.data.openid)) }
        : state;
    case 'TelephoneChanged':
      return state.status === 'active' ? { ...state, telephone: event.data.to } : state;
    case 'SessionEnded': {
      if (state.status !== 'active') return state;
      const openSessions = new Set(state.openSessions);
      openSessions.delete(event.data.sessionId);
      return { ...state, openSessions };
    }
  }
}

import type { AuthEvents } from '@pmbok/auth-service/events';
import { type DomainEvent, type PublishedEvent, streamId } from '@pmbok/infra';

// The events other services read are declared, with their versions, in the published contract (src/published.ts);
// these add what stays inside the service.
export type UserRegistered = PublishedEvent<AuthEvents, 'UserRegistered'> & { data: { passwordHash: string } };
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
export type ProfileUpdated = PublishedEvent<AuthEvents, 'ProfileUpdated'>;
export type TelephoneChanged = PublishedEvent<AuthEvents, 'TelephoneChanged'>;
export type EmailBound = DomainEvent<'EmailBound', { email: string }>;
export type UsernameBound = DomainEvent<'UsernameBound', { username: string }>;
export type UsernameCleared = DomainEvent<'UsernameCleared', { username: string }>;
/** A messaging-app (WeChat) identity that may sign this account in by scanning. */
export type WechatBound = DomainEvent<'WechatBound', { openid: string }>;
export type WechatUnbound = DomainEvent<'WechatUnbound', { openid: string }>;
export type AccountClosed = PublishedEvent<AuthEvents, 'AccountClosed'>;

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

export const userStreamId = (userId: number) => streamId('user', userId);

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

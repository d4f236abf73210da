import { conflict, type Decider, invalid, notFound, unauthenticated } from '@pmbok/infra';
import { messages } from '../rules.js';
import {
  evolve,
  initialState,
  type ProfileUpdated,
  type SessionEnded,
  type SessionStarted,
  type User,
  type UserEvent,
  type UserRegistered,
} from './user.js';

/** Session lifetime: 30 days from sign-in. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type RegisterUser = {
  type: 'RegisterUser';
  data: UserRegistered['data'];
};
export type StartSession = {
  type: 'StartSession';
  data: Omit<SessionStarted['data'], 'expiresAt'>;
  metadata: { now: number };
};
export type EndSession = { type: 'EndSession'; data: SessionEnded['data'] };
export type ResetPassword = { type: 'ResetPassword'; data: { passwordHash: string } };
/** `keepSessionId`: the session that made the change stays open; every other one ends. */
export type ChangePassword = { type: 'ChangePassword'; data: { passwordHash: string; keepSessionId: string } };
export type ChangeTelephone = { type: 'ChangeTelephone'; data: { telephone: string; keepSessionId: string } };
export type UpdateProfile = { type: 'UpdateProfile'; data: ProfileUpdated['data'] };
export type BindEmail = { type: 'BindEmail'; data: { email: string } };
export type BindUsername = { type: 'BindUsername'; data: { username: string } };
export type ClearUsername = { type: 'ClearUsername' };
export type BindWechat = { type: 'BindWechat'; data: { openid: string } };
export type UnbindWechat = { type: 'UnbindWechat'; data: { openid: string } };
/** `ownsTeamWithMembers`: the name of a team the user owns that still has other members, or empty. */
export type CloseAccount = { type: 'CloseAccount'; data: { anonymisedName: string; ownsTeamWithMembers: string } };

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,63}$/;
/** A login name must not look like a telephone, so the two ways of signing in never collide. */
const USERNAME = /^[A-Za-z][A-Za-z0-9_]{3,19}$/;

export type UserCommand =
  | RegisterUser
  | StartSession
  | EndSession
  | ResetPassword
  | ChangePassword
  | ChangeTelephone
  | UpdateProfile
  | BindEmail
  | BindUsername
  | ClearUsername
  | BindWechat
  | UnbindWechat
  | CloseAccount;

export function registerUser(command: RegisterUser, state: User): UserRegistered[] {
  if (state.status !== 'empty') throw conflict(messages.alreadyRegistered);
  return [{ type: 'UserRegistered', data: command.data }];
}

export function startSession(command: StartSession, state: User): SessionStarted[] {
  if (state.status !== 'active') throw notFound(messages.badCredentials);
  return [{ type: 'SessionStarted', data: { ...command.data, expiresAt: command.metadata.now + SESSION_TTL_MS } }];
}

export function endSession(command: EndSession, state: User): SessionEnded[] {
  if (state.status !== 'active' || !state.openSessions.has(command.data.sessionId)) throw unauthenticated();
  return [{ type: 'SessionEnded', data: command.data }];
}

/** A new password ends every session, so a stolen token stops working with the old password. */
export function resetPassword(command: ResetPassword, state: User): UserEvent[] {
  if (state.status !== 'active') throw notFound(messages.notRegistered);
  return [
    { type: 'PasswordChanged', data: { passwordHash: command.data.passwordHash, reason: 'reset' } },
    ...[...state.openSessions].map(
      (sessionId): SessionEnded => ({
        type: 'SessionEnded',
        data: { sessionId, reason: 'passwordReset' },
      }),
    ),
  ];
}

const endOthers = (state: Extract<User, { status: 'active' }>, keep: string, reason: SessionEnded['data']['reason']) =>
  [...state.openSessions]
    .filter((sessionId) => sessionId !== keep)
    .map((sessionId): SessionEnded => ({ type: 'SessionEnded', data: { sessionId, reason } }));

export function changePassword(command: ChangePassword, state: User): UserEvent[] {
  if (state.status !== 'active') throw notFound(messages.notRegistered);
  return [
    { type: 'PasswordChanged', data: { passwordHash: command.data.passwordHash, reason: 'change' } },
    ...endOthers(state, command.data.keepSessionId, 'passwordChanged'),
  ];
}

export function changeTelephone(command: ChangeTelephone, state: User): UserEvent[] {
  if (state.status !== 'active') throw notFound(messages.notRegistered);
  if (state.telephone === command.data.telephone) throw conflict('新手机号与当前手机号相同');
  return [
    { type: 'TelephoneChanged', data: { from: state.telephone, to: command.data.telephone } },
    ...endOthers(state, command.data.keepSessionId, 'telephoneChanged'),
  ];
}

export function updateProfile(command: UpdateProfile, state: User): UserEvent[] {
  if (state.status !== 'active') throw notFound(messages.notRegistered);
  const { nickname, trueName, introduction, sex, avatar } = command.data;
  if (!nickname.trim()) throw invalid('请输入昵称');
  if ([...nickname].length > 20) throw invalid('昵称最多20个字符');
  if ([...trueName].length > 20) throw invalid('真实姓名最多20个字符');
  if ([...introduction].length > 200) throw invalid('个人简介最多200个字符');
  if (![0, 1, 2].includes(sex)) throw invalid('性别只能是未知、男或女');
  if (avatar && !/^(\/pmbok\/files\/|https:\/\/)[^\s"'<>]{1,480}$/.test(avatar)) throw invalid('头像地址无效');
  return [{ type: 'ProfileUpdated', data: { ...command.data, nickname: nickname.trim(), trueName: trueName.trim() } }];
}

export function bindEmail(command: BindEmail, state: User): UserEvent[] {
  if (state.status !== 'active') throw notFound(messages.notRegistered);
  if (!EMAIL.test(command.data.email)) throw invalid('请输入正确的邮箱地址');
  return [{ type: 'EmailBound', data: { email: command.data.email.toLowerCase() } }];
}

export function bindUsername(command: BindUsername, state: User): UserEvent[] {
  if (state.status !== 'active') throw notFound(messages.notRegistered);
  if (!USERNAME.test(command.data.username)) throw invalid('用户名以字母开头，4到20位字母、数字或下划线');
  if (state.username.toLowerCase() === command.data.username.toLowerCase()) return [];
  return [{ type: 'UsernameBound', data: { username: command.data.username } }];
}

export function clearUsername(state: User): UserEvent[] {
  if (state.status !== 'active') throw notFound(messages.notRegistered);
  return state.username ? [{ type: 'UsernameCleared', data: { username: state.username } }] : [];
}

export function bindWechat(command: BindWechat, state: User): UserEvent[] {
  if (state.status !== 'active') throw notFound(messages.notRegistered);
  if (state.wechat.has(command.data.openid)) return [];
  return [{ type: 'WechatBound', data: command.data }];
}

export function unbindWechat(command: UnbindWechat, state: User): UserEvent[] {
  if (state.status !== 'active' || !state.wechat.has(command.data.openid)) throw notFound('未绑定该微信账号');
  return [{ type: 'WechatUnbound', data: command.data }];
}

export function closeAccount(command: CloseAccount, state: User): UserEvent[] {
  if (state.status !== 'active') throw notFound(messages.notRegistered);
  const team = command.data.ownsTeamWithMembers;
  if (team) throw conflict(`你是团队「${team}」的所有者且团队还有其他成员，请先转让团队或移除成员`);
  return [
    ...[...state.openSessions].map(
      (sessionId): SessionEnded => ({ type: 'SessionEnded', data: { sessionId, reason: 'accountClosed' } }),
    ),
    { type: 'AccountClosed', data: { anonymisedName: command.data.anonymisedName } },
  ];
}

export function decide(command: UserCommand, state: User): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      return registerUser(command, state);
    case 'StartSession':
      return startSession(command, state);
    case 'EndSession':
      return endSession(command, state);
    case 'ResetPassword':
      return resetPassword(command, state);
    case 'ChangePassword':
      return changePassword(command, state);
    case 'ChangeTelephone':
      return changeTelephone(command, state);
    case 'UpdateProfile':
      return updateProfile(command, state);
    case 'BindEmail':
      return bindEmail(command, state);
    case 'BindUsername':
      return bindUsername(command, state);
    case 'ClearUsername':
      return clearUsername(state);
    case 'BindWechat':
      return bindWechat(command, state);
    case 'UnbindWechat':
      return unbindWechat(command, state);
    case 'CloseAccount':
      return closeAccount(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${(unknown as { type: string }).type}`);
    }
  }
}

export const userDecider: Decider<User, UserCommand, UserEvent> = { decide, evolve, initialState };

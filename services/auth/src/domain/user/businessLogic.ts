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

export type UserCommand =
  | RegisterUser
  | StartSession
  | EndSession
  | ResetPassword
  | ChangePassword
  | ChangeTelephone
  | UpdateProfile;

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
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${(unknown as { type: string }).type}`);
    }
  }
}

export const userDecider: Decider<User, UserCommand, UserEvent> = { decide, evolve, initialState };

import { conflict, type Decider, notFound, unauthenticated } from '@pmbok/infra';
import { messages } from '../rules.js';
import {
  evolve,
  initialState,
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

export type UserCommand = RegisterUser | StartSession | EndSession | ResetPassword;

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
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${(unknown as { type: string }).type}`);
    }
  }
}

export const userDecider: Decider<User, UserCommand, UserEvent> = { decide, evolve, initialState };

import { conflict, type Decider, type DomainEvent, invalid } from '@pmbok/infra';

/**
 * One QR sign-in attempt (stream `qrLogin-<ticket>`): a browser asks, a phone answers. With the embedded
 * provider a signed-in user confirms on our own page; with WeChat the scan itself names the scanner (openid),
 * who is signed in if bound to an account, or asked to register (SPEC §4 code 508) otherwise.
 */
export type QrLoginRequested = DomainEvent<
  'QrLoginRequested',
  {
    ticket: string;
    provider: string;
    userAgent: string;
    clientIp: string;
    expiresAt: number;
    /** Set on a ticket that binds a WeChat identity to this signed-in user: it never signs anyone in. */
    bindFor?: number;
  }
>;
export type QrLoginConfirmed = DomainEvent<'QrLoginConfirmed', { userId: number; openid: string }>;
export type QrLoginRefused = DomainEvent<'QrLoginRefused', { userId: number }>;
/** `expiresAt`: the ticket lives on long enough to finish registering or binding with it. */
export type QrLoginUnregistered = DomainEvent<'QrLoginUnregistered', { openid: string; expiresAt: number }>;
export type QrLoginCompleted = DomainEvent<'QrLoginCompleted', { userId: number; sessionId: string }>;
export type QrLoginEvent =
  | QrLoginRequested
  | QrLoginConfirmed
  | QrLoginRefused
  | QrLoginUnregistered
  | QrLoginCompleted;

export type QrLogin =
  | { status: 'none' }
  | {
      status: 'pending' | 'confirmed' | 'refused' | 'unregistered' | 'completed';
      expiresAt: number;
      userAgent: string;
      clientIp: string;
      requestedAt: number;
      userId: number;
      openid: string;
      bindFor: number;
    };

export const QR_TTL_MS = 120_000;
/** After an unknown scan: time to register or bind with the ticket. */
export const REGISTRATION_TTL_MS = 20 * 60_000;
export const qrLoginStreamId = (ticket: string) => `qrLogin-${ticket}`;
export const qrMessages = {
  unknown: '二维码无效，请刷新',
  expired: '二维码已过期，请刷新',
  used: '二维码已使用，请刷新',
  refused: '登录已被拒绝',
  bindOnly: '该二维码仅用于绑定微信，不能用于登录',
};

export const initialState = (): QrLogin => ({ status: 'none' });

export function evolve(state: QrLogin, event: QrLoginEvent): QrLogin {
  if (event.type === 'QrLoginRequested') {
    const { userAgent, clientIp, expiresAt } = event.data;
    return {
      status: 'pending',
      expiresAt,
      userAgent,
      clientIp,
      requestedAt: expiresAt - QR_TTL_MS,
      userId: 0,
      openid: '',
      bindFor: event.data.bindFor ?? 0,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'QrLoginConfirmed':
      return { ...state, status: 'confirmed', userId: event.data.userId, openid: event.data.openid };
    case 'QrLoginRefused':
      return { ...state, status: 'refused', userId: event.data.userId };
    case 'QrLoginUnregistered':
      return { ...state, status: 'unregistered', openid: event.data.openid, expiresAt: event.data.expiresAt };
    case 'QrLoginCompleted':
      return { ...state, status: 'completed' };
  }
}

type At = { metadata: { now: number } };
export type QrLoginCommand =
  | ({ type: 'RequestQrLogin'; data: QrLoginRequested['data'] } & At)
  | ({ type: 'AnswerQrLogin'; data: { userId: number; openid: string; confirm: boolean } } & At)
  | ({ type: 'MarkUnregistered'; data: { openid: string } } & At)
  | ({ type: 'CompleteQrLogin'; data: { sessionId: string } } & At);

function open(state: QrLogin, now: number) {
  if (state.status === 'none') throw invalid(qrMessages.unknown);
  if (state.status === 'completed') throw conflict(qrMessages.used);
  if (state.expiresAt <= now) throw invalid(qrMessages.expired);
  return state;
}

export function decide(command: QrLoginCommand, state: QrLogin): QrLoginEvent[] {
  const { now } = command.metadata;
  switch (command.type) {
    case 'RequestQrLogin':
      if (state.status !== 'none') throw conflict(qrMessages.used);
      return [{ type: 'QrLoginRequested', data: command.data }];
    case 'AnswerQrLogin': {
      const current = open(state, now);
      if (current.status !== 'pending' && current.status !== 'unregistered') throw conflict(qrMessages.used);
      if (current.bindFor) throw conflict(qrMessages.bindOnly);
      const { userId, openid, confirm } = command.data;
      return confirm
        ? [{ type: 'QrLoginConfirmed', data: { userId, openid } }]
        : [{ type: 'QrLoginRefused', data: { userId } }];
    }
    case 'MarkUnregistered':
      if (open(state, now).status !== 'pending') throw conflict(qrMessages.used);
      return [{ type: 'QrLoginUnregistered', data: { ...command.data, expiresAt: now + REGISTRATION_TTL_MS } }];
    case 'CompleteQrLogin': {
      const current = open(state, now);
      if (current.status !== 'confirmed') throw conflict(qrMessages.used);
      return [{ type: 'QrLoginCompleted', data: { userId: current.userId, sessionId: command.data.sessionId } }];
    }
  }
}

export const qrLoginDecider: Decider<QrLogin, QrLoginCommand, QrLoginEvent> = { decide, evolve, initialState };

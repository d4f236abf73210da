import { type Decider, type DomainEvent, digestsEqual, invalid, rateLimited } from '@pmbok/infra';

/**
 * Guards password sign-in for one account or one client IP (stream `loginGuard-<key>`, key = `phone:<telephone>`
 * or `ip:<address>`): failures in a sliding window decide when a graphic captcha is needed and when sign-in
 * pauses; the captcha answer lives here too, single use and short-lived.
 */
export type LoginFailed = DomainEvent<'LoginFailed', { at: number }>;
export type LoginSucceeded = DomainEvent<'LoginSucceeded', { at: number }>;
export type CaptchaIssued = DomainEvent<'CaptchaIssued', { answerHash: string; expiresAt: number }>;
export type CaptchaUsed = DomainEvent<'CaptchaUsed', { at: number }>;
export type CaptchaRejected = DomainEvent<'CaptchaRejected', { at: number }>;
export type LoginGuardEvent = LoginFailed | LoginSucceeded | CaptchaIssued | CaptchaUsed | CaptchaRejected;

export interface LoginGuard {
  failures: readonly number[];
  captcha: { answerHash: string; expiresAt: number } | null;
}

export const WINDOW_MS = 15 * 60 * 1000;
export const CAPTCHA_TTL_MS = 2 * 60 * 1000;
export const limits = {
  account: { captchaAfter: 3, pauseAfter: 10 },
  ip: { captchaAfter: 10, pauseAfter: 50 },
} as const;

export const loginGuardStreamId = (key: string) => `loginGuard-${key}`;
export const initialState = (): LoginGuard => ({ failures: [], captcha: null });

export function evolve(state: LoginGuard, event: LoginGuardEvent): LoginGuard {
  switch (event.type) {
    case 'LoginFailed':
      return { ...state, failures: [...state.failures.filter((at) => at > event.data.at - WINDOW_MS), event.data.at] };
    case 'LoginSucceeded':
      return { ...state, failures: [] };
    case 'CaptchaIssued':
      return { ...state, captcha: event.data };
    case 'CaptchaUsed':
    case 'CaptchaRejected':
      return { ...state, captcha: null };
  }
}

export const recentFailures = (state: LoginGuard, now: number) =>
  state.failures.filter((at) => at > now - WINDOW_MS).length;

export type GuardCommand =
  | { type: 'RecordFailure'; metadata: { now: number } }
  | { type: 'RecordSuccess'; metadata: { now: number } }
  | { type: 'IssueCaptcha'; data: { answerHash: string }; metadata: { now: number } }
  | { type: 'UseCaptcha'; data: { answerHash: string }; metadata: { now: number } };

export const captchaMessages = {
  required: '请输入图形验证码',
  wrong: '图形验证码错误或已过期，请刷新后重试',
  paused: '登录失败次数过多，请15分钟后再试',
};

export function decide(command: GuardCommand, state: LoginGuard): LoginGuardEvent[] {
  const { now } = command.metadata;
  switch (command.type) {
    case 'RecordFailure':
      return [{ type: 'LoginFailed', data: { at: now } }];
    case 'RecordSuccess':
      return state.failures.length > 0 ? [{ type: 'LoginSucceeded', data: { at: now } }] : [];
    case 'IssueCaptcha':
      return [
        { type: 'CaptchaIssued', data: { answerHash: command.data.answerHash, expiresAt: now + CAPTCHA_TTL_MS } },
      ];
    case 'UseCaptcha': {
      const captcha = state.captcha;
      if (!captcha) throw invalid(captchaMessages.wrong);
      // Each image gets one guess: a wrong or late answer uses it up too.
      if (captcha.expiresAt <= now || !digestsEqual(captcha.answerHash, command.data.answerHash)) {
        return [{ type: 'CaptchaRejected', data: { at: now } }];
      }
      return [{ type: 'CaptchaUsed', data: { at: now } }];
    }
  }
}

export function checkNotPaused(state: LoginGuard, now: number, pauseAfter: number): void {
  if (recentFailures(state, now) >= pauseAfter) throw rateLimited(captchaMessages.paused);
}

export const loginGuardDecider: Decider<LoginGuard, GuardCommand, LoginGuardEvent> = { decide, evolve, initialState };

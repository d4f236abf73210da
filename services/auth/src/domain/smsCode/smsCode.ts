import type { DomainEvent } from '@pmbok/infra';

/** SPEC §9 smsType: 1 login, 2 register, 3 reset password, 4 change telephone; 5 (ours) close the account. */
export type SmsPurpose = 1 | 2 | 3 | 4 | 5;

export type SmsCodeIssued = DomainEvent<
  'SmsCodeIssued',
  { telephone: string; smsType: SmsPurpose; codeHash: string; clientIp: string; issuedAt: number; expiresAt: number }
>;
export type SmsCodeUsed = DomainEvent<'SmsCodeUsed', { smsType: SmsPurpose }>;
export type SmsCodeRejected = DomainEvent<'SmsCodeRejected', { smsType: SmsPurpose; burnt: boolean }>;

export type SmsCodeEvent = SmsCodeIssued | SmsCodeUsed | SmsCodeRejected;

export interface OutstandingCode {
  codeHash: string;
  expiresAt: number;
  failedAttempts: number;
}

/** One stream per telephone: the codes outstanding per purpose and when codes were sent (for the limits). */
export interface SmsCodes {
  outstanding: Partial<Record<SmsPurpose, OutstandingCode>>;
  sentAt: readonly number[];
}

export const initialState = (): SmsCodes => ({ outstanding: {}, sentAt: [] });

export const smsCodeStreamId = (telephone: string) => `sms-${telephone}`;

const DAY_MS = 24 * 60 * 60 * 1000;

export function evolve(state: SmsCodes, event: SmsCodeEvent): SmsCodes {
  switch (event.type) {
    case 'SmsCodeIssued': {
      const { smsType, codeHash, expiresAt, issuedAt } = event.data;
      return {
        outstanding: { ...state.outstanding, [smsType]: { codeHash, expiresAt, failedAttempts: 0 } },
        // Only the last day matters for the limits; older sends are forgotten.
        sentAt: [...state.sentAt.filter((at) => at > issuedAt - DAY_MS), issuedAt],
      };
    }
    case 'SmsCodeUsed': {
      const { [event.data.smsType]: _used, ...outstanding } = state.outstanding;
      return { ...state, outstanding };
    }
    case 'SmsCodeRejected': {
      const code = state.outstanding[event.data.smsType];
      if (!code) return state;
      if (event.data.burnt) {
        const { [event.data.smsType]: _burnt, ...outstanding } = state.outstanding;
        return { ...state, outstanding };
      }
      return {
        ...state,
        outstanding: {
          ...state.outstanding,
          [event.data.smsType]: { ...code, failedAttempts: code.failedAttempts + 1 },
        },
      };
    }
  }
}

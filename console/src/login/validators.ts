import type { UsernameCheck } from '@pmbok/api-types';
import { request } from '../api/request';

// SPEC §5 and §9.
export const SMS_CODE_LENGTH = 6;
export const SMS_COUNTDOWN_SECONDS = 60;
const TELEPHONE = /^1[345789]\d{9}$/;
const PASSWORD = /^(?=.*\d)(?=.*[A-Za-z])(?=.*[^A-Za-z\d\s]).{8,}$/;

type Values = Record<string, unknown>;

export const validateTelephone = (value?: string) =>
  TELEPHONE.test(value ?? '') ? undefined : 'app.validation.telephone';

export const validatePassword = (value?: string) =>
  PASSWORD.test(value ?? '') ? undefined : 'app.validation.password';

export const validateRepeatPassword = (value: string | undefined, values: Values) =>
  validatePassword(value) ?? (value === values.password ? undefined : 'app.validation.repeat_password');

export const validateSmsCode = (value?: string) => {
  if (!value) return 'app.validation.code_empty';
  return value.length === SMS_CODE_LENGTH ? undefined : 'app.validation.code_length';
};

export const requireAccount = (value?: string) => (value?.trim() ? undefined : 'app.validation.account_required');

export const requirePassword = (value?: string) => (value ? undefined : 'app.validation.password_required');

async function isRegistered(username: string): Promise<boolean | undefined> {
  try {
    const answer = await request<UsernameCheck>('user/checkUsername', { username }, { notify: false });
    return answer.registered;
  } catch {
    return undefined; // the server decides on submit when the check itself fails
  }
}

/** Registration: the telephone must not be taken yet. */
export const telephoneAvailable = async (value?: string) =>
  value && (await isRegistered(value)) === true ? 'app.validation.registered' : undefined;

/** Reset: the telephone must belong to an account. */
export const telephoneRegistered = async (value?: string) =>
  value && (await isRegistered(value)) === false ? 'app.validation.not_registered' : undefined;

/** SPEC §5 and §9: the graphic captcha has exactly 5 characters when the server asks for one. */
export const CAPTCHA_LENGTH = 5;
export const validateCaptcha = (value?: string) =>
  value?.trim().length === CAPTCHA_LENGTH ? undefined : 'app.validation.captcha_length';

import { invalid } from '@pmbok/infra';

/** SPEC §5 rules and their exact messages. */
export const messages = {
  telephone: '请输入正确手机号码',
  password: '密码至少是8位,且同时包含数字，字母，特殊符号',
  repeatPassword: '确认密码与密码不一致，请正确输入',
  codeMissing: '请点击获取验证码',
  codeLength: '请输入正确的验证码',
  codeWrong: '验证码错误或已失效，请重新获取',
  codeBurnt: '验证码错误次数过多，请重新获取',
  alreadyRegistered: '当前用户已注册',
  notRegistered: '当前用户未注册',
  accountRequired: '请输入登录账号',
  passwordRequired: '请输入密码',
  badCredentials: '账号或密码错误',
} as const;

export const TELEPHONE = /^1[345789]\d{9}$/;
const PASSWORD = /^(?=.*\d)(?=.*[A-Za-z])(?=.*[^A-Za-z\d\s]).{8,64}$/;
export const SMS_CODE_LENGTH = 6;

export function checkTelephone(telephone: string): void {
  if (!TELEPHONE.test(telephone)) throw invalid(messages.telephone);
}

export function checkNewPassword(password: string, repeatPassword: string): void {
  if (!PASSWORD.test(password)) throw invalid(messages.password);
  if (!PASSWORD.test(repeatPassword)) throw invalid(messages.password);
  if (password !== repeatPassword) throw invalid(messages.repeatPassword);
}

export function checkSmsCodeShape(code: string): void {
  if (code === '') throw invalid(messages.codeMissing);
  if (code.length !== SMS_CODE_LENGTH || !/^\d+$/.test(code)) throw invalid(messages.codeLength);
}

/** 138****0000: what others (and logs) see of a telephone. */
export const maskTelephone = (telephone: string): string =>
  telephone.length === 11 ? `${telephone.slice(0, 3)}****${telephone.slice(7)}` : '';

import type { Access, AccessContext } from './access.js';
import { smsCodeFor } from './access.js';
import { newTelephone, PASSWORD, registerAccount } from './world.js';

/** The wait between two codes to one number, so a row can ask for a second code. */
const RESEND_WAIT_MS = 61_000;

const freshAccount = async ({ h }: AccessContext) => registerAccount(h);
/** The telephone of a new account, once the wait after its registration code has passed. */
const waitedTelephone = async (c: AccessContext) => {
  const { telephone } = await freshAccount(c);
  c.h.advanceClock(RESEND_WAIT_MS);
  return telephone;
};
const loginTicket = async ({ h }: AccessContext) =>
  String((await h.call('user/wechatLoginQrCode', {}, undefined, '10.7.0.1')).data.ticket);

/** Accounts, sessions, QR sign-in and WeChat bindings, feedback: calls about the caller's own account. */
export const accountAccess: Record<string, Access> = {
  'user/sendLoginCode': { least: 'public', body: async (c) => ({ username: await waitedTelephone(c), smsType: '1' }) },
  'user/sendRegisterCode': { least: 'public', body: () => ({ username: newTelephone(), smsType: '2' }) },
  'user/sendResetCode': { least: 'public', body: async (c) => ({ username: await waitedTelephone(c), smsType: '3' }) },
  'user/loginByCode': {
    least: 'public',
    async body(c) {
      const { telephone } = await freshAccount(c);
      c.h.advanceClock(RESEND_WAIT_MS);
      return { telephone, code: await smsCodeFor(c.h, 'user/sendLoginCode', { username: telephone }, telephone) };
    },
  },
  'user/resetPassword': {
    least: 'public',
    async body(c) {
      const { telephone } = await freshAccount(c);
      c.h.advanceClock(RESEND_WAIT_MS);
      const code = await smsCodeFor(c.h, 'user/sendResetCode', { username: telephone }, telephone);
      return { telephone, code, password: 'N3wPassw0rd!', repeatPassword: 'N3wPassw0rd!' };
    },
  },
  'user/register': {
    least: 'public',
    async body({ h }) {
      const telephone = newTelephone();
      const code = await smsCodeFor(h, 'user/sendRegisterCode', { username: telephone }, telephone);
      return { telephone, code, password: PASSWORD, repeatPassword: PASSWORD };
    },
  },
  'user/loginByPassword': { least: 'public', body: ({ me }) => ({ username: me.telephone, password: PASSWORD }) },
  'user/checkNeedLoginCaptcha': { least: 'public', body: ({ me }) => ({ username: me.telephone }) },
  'login/captcha': { least: 'public', body: ({ me }) => ({ username: me.telephone }) },
  'user/checkUsername': { least: 'public', body: () => ({ username: newTelephone() }) },
  'user/bindingEmail': { least: 'self', body: () => ({ email: `s${newTelephone()}@example.com` }) },
  'user/bindingUserName': { least: 'self', body: () => ({ username: `u${newTelephone()}` }) },
  'user/clearUserName': { least: 'self', body: () => ({}) },

  'user/wechatLoginQrCode': { least: 'public', body: () => ({}) },
  // 880: nobody has scanned the code yet, the answer the console waits on.
  'user/wechatLoginResult': { least: 'public', body: async (c) => ({ ticket: await loginTicket(c) }), ok: [880] },
  // 508: a WeChat code of someone without an account, answered with the ticket to register with.
  'user/loginWechatByCode': { least: 'public', body: () => ({ code: 'wx-code' }), ok: [200, 400, 508] },
  'user/qrLoginInfo': { least: 'self', body: async (c) => ({ ticket: await loginTicket(c) }) },
  'user/qrLoginConfirm': { least: 'self', body: async (c) => ({ ticket: await loginTicket(c) }) },
  'user/qrLoginRefuse': { least: 'self', body: async (c) => ({ ticket: await loginTicket(c) }) },
  'userInfo/bindWechatQrCode': { least: 'self', body: () => ({}) },
  'userInfo/bindList': { least: 'self', body: () => ({}) },
  // No WeChat scan happened in these tests: the ticket is valid but not yet confirmed, which the call says (400).
  'userInfo/bindWechat': {
    least: 'self',
    body: async ({ h, me }) => ({ ticket: (await h.call('userInfo/bindWechatQrCode', {}, me.token)).data.ticket }),
    ok: [400],
  },
  // Nothing is bound: the call answers so (400) rather than refusing the caller.
  'userInfo/deleteBindWechat': { least: 'self', body: () => ({ wechatUserId: 'wx-nobody' }), ok: [200, 400] },

  'userInfo/getUserInfo': { least: 'self', body: () => ({}) },
  'userInfo/logout': { least: 'self', body: () => ({}), ownAccount: true },
  'userInfo/getUser': { least: 'self', body: () => ({}) },
  'userInfo/update': { least: 'self', body: () => ({ nickname: '安全测试' }) },
  'userInfo/resetPassword': {
    least: 'self',
    body: () => ({ oldPassword: PASSWORD, password: 'N3wPassw0rd!', repeatPassword: 'N3wPassw0rd!' }),
    ownAccount: true,
  },
  'userInfo/sendChangeTelephoneCode': { least: 'self', body: () => ({ telephone: newTelephone(), smsType: '4' }) },
  'userInfo/changeTelephone': {
    least: 'self',
    ownAccount: true,
    async body({ h, me }) {
      const telephone = newTelephone();
      const code = await smsCodeFor(h, 'userInfo/sendChangeTelephoneCode', { telephone }, telephone, me.token);
      return { telephone, code };
    },
  },
  'userInfo/sendDestroyCode': {
    least: 'self',
    ownAccount: true,
    body: ({ h }) => {
      h.advanceClock(RESEND_WAIT_MS);
      return {};
    },
  },
  'userInfo/destroy': {
    least: 'self',
    ownAccount: true,
    async body({ h, me }) {
      h.advanceClock(RESEND_WAIT_MS);
      return { code: await smsCodeFor(h, 'userInfo/sendDestroyCode', {}, me.telephone, me.token) };
    },
  },
  'userInfo/getInviteList': { least: 'self', body: () => ({}) },
  'userInfo/getInviteMessage': { least: 'self', body: () => ({}) },
  'userInfo/userTeam': { least: 'self', body: () => ({}) },
  'userInfo/teamInitCheck': { least: 'self', body: () => ({}) },
  'userInfo/quitTeam': { least: 'teamMember', body: () => ({}), fresh: true },
  'userInfo/setTeamActive': { least: 'teamMember', body: () => ({}) },

  feedback: { least: 'self', body: () => ({ content: '安全测试反馈' }) },
  'feedback/list': { least: 'instanceAdmin', body: () => ({}) },
  'feedback/access': { least: 'self', body: () => ({}) },
  'system/info': { least: 'public', body: () => ({}) },
};

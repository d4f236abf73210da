import { callerOf, commandIdOf, enumCodec, failedPrecondition, type SmsProvider, signedInCaller } from '@pmbok/infra';
import { authv1 } from '@pmbok/proto';
import type { AuthUseCases } from './application/index.js';
import type { SmsPurpose } from './domain/smsCode/smsCode.js';
import type { QrLoginProvider } from './qrProviders/types.js';

const purposeOf = (smsType: authv1.SmsType): SmsPurpose => {
  if (smsType < 1 || smsType > 5) return 2;
  return smsType as SmsPurpose;
};

const qrStatuses = enumCodec(authv1.QrLoginStatus, 'QR_LOGIN_STATUS_');

/** Requests in, use cases called, responses out; the caller comes from the gateway's metadata. */
export function authServiceImplementation(
  { signIn: accounts, profiles, qrLogin: qr }: AuthUseCases,
  provider: QrLoginProvider,
  sms: SmsProvider,
): Omit<authv1.AuthServiceImplementation, 'getStatus'> {
  return {
    async sendSmsCode(request, context) {
      return accounts.sendSmsCode(request.telephone, purposeOf(request.smsType), callerOf(context));
    },
    async register(request, context) {
      const caller = callerOf(context);
      // A stale ticket must fail before the account exists, not after.
      if (request.ticket) await qr.checkBindable(request.ticket);
      const registered = await accounts.register(
        { ...request, inviterShareCode: request.inviterShareCode },
        caller,
        commandIdOf(context),
      );
      // Registration that started from an unknown scan binds that WeChat identity to the new account.
      if (request.ticket) await qr.bindTicket(request.ticket, registered.userId, caller);
      return registered;
    },
    async createQrLogin(request, context) {
      return qr.create(callerOf(context), request.userAgent, request.forBinding);
    },
    async getQrLoginResult(request, context) {
      const result = await qr.result(request.ticket, callerOf(context));
      return {
        status: qrStatuses.toProto(result.status),
        token: result.status === 'confirmed' ? result.token : '',
        userId: result.status === 'confirmed' ? result.userId : 0,
        ticket: result.status === 'unregistered' ? result.ticket : '',
      };
    },
    async describeQrLogin(request) {
      return qr.describe(request.ticket);
    },
    async answerQrLogin(request, context) {
      await qr.answer(request.ticket, signedInCaller(context), request.confirm);
      return {};
    },
    async handleWechatCallback(request) {
      if (request.verifyOnly) {
        const echo = provider.verifyEndpoint?.(request.query) ?? null;
        return { accepted: echo !== null, reply: echo ?? '' };
      }
      const scan = provider.parseCallback?.(request.query, request.body) ?? null;
      if (!scan) return { accepted: false, reply: '' };
      await qr.scanned(scan.ticket, scan.openid).catch(() => undefined);
      return { accepted: true, reply: 'success' };
    },
    async loginByWechatCode(request, context) {
      const result = await qr.loginByWechatCode(request.code, request.userAgent, callerOf(context));
      return result.status === 'confirmed'
        ? { status: qrStatuses.toProto('confirmed'), token: result.token, userId: result.userId, ticket: '' }
        : { status: qrStatuses.toProto('unregistered'), token: '', userId: 0, ticket: result.ticket };
    },
    async bindWechat(request, context) {
      const caller = signedInCaller(context);
      await qr.bindTicket(request.ticket, caller.userId, caller);
      return {};
    },
    async listWechatBindings(_request, context) {
      return { bindings: await qr.bindings(signedInCaller(context).userId) };
    },
    async unbindWechat(request, context) {
      await qr.unbind(signedInCaller(context), request.wechatUserId);
      return {};
    },
    async loginByPassword(request, context) {
      return accounts.loginByPassword(request, callerOf(context));
    },
    async loginBySmsCode(request, context) {
      return accounts.loginBySmsCode(request, callerOf(context));
    },
    async resetPassword(request, context) {
      return { person: await accounts.resetPassword(request, callerOf(context)) };
    },
    async checkNeedLoginCaptcha(request, context) {
      return { isNeed: await accounts.needsLoginCaptcha(request.telephone, callerOf(context)) };
    },
    async getLoginCaptcha(request) {
      return { svg: await accounts.loginCaptcha(request.telephone) };
    },
    async checkUsername(request) {
      return { registered: await accounts.isRegistered(request.telephone) };
    },
    async authenticate(request) {
      return accounts.authenticate(request.token);
    },
    async getUserInfo(_request, context) {
      return { user: await profiles.get(signedInCaller(context).userId) };
    },
    async updateProfile(request, context) {
      const changes = Object.fromEntries(Object.entries(request).filter(([, value]) => value !== undefined));
      return { user: await profiles.update(signedInCaller(context), changes) };
    },
    async changePassword(request, context) {
      await profiles.changePassword(signedInCaller(context), request);
      return {};
    },
    async changeTelephone(request, context) {
      return { user: await profiles.changeTelephone(signedInCaller(context), request) };
    },
    async bindEmail(request, context) {
      return { user: await profiles.bindEmail(signedInCaller(context), request.email) };
    },
    async bindUsername(request, context) {
      return { user: await profiles.bindUsername(signedInCaller(context), request.username) };
    },
    async clearUsername(_request, context) {
      return { user: await profiles.clearUsername(signedInCaller(context)) };
    },
    async listInvitees(_request, context) {
      const caller = signedInCaller(context);
      const [invitees, me] = await Promise.all([profiles.invitees(caller), profiles.get(caller.userId)]);
      return { invitees, shareCode: me.shareCode };
    },
    async uploadImage(request, context) {
      return profiles.uploadImage(signedInCaller(context), request.data);
    },
    async getFile(request) {
      const { data, contentType } = await profiles.file(request.key);
      return { data, contentType };
    },
    async sendDestroyCode(_request, context) {
      const caller = signedInCaller(context);
      return profiles.sendDestroyCode(caller, (telephone) => accounts.sendSmsCode(telephone, 5, caller));
    },
    async closeAccount(request, context) {
      await profiles.close(signedInCaller(context), request.code.trim());
      return {};
    },
    async logout(_request, context) {
      await accounts.logout(signedInCaller(context));
      return {};
    },
    async getDevSmsOutbox(request) {
      if (!sms.lastSent)
        throw failedPrecondition(
          'the development SMS outbox exists only with PMBOK_DEV_MODE=1 and SMS_PROVIDER=console',
        );
      const sent = sms.lastSent(request.telephone);
      if (!sent || sent.content.kind !== 'code') return { code: '', smsType: 0, sentAt: 0 };
      return { code: sent.content.code, smsType: sent.content.smsType, sentAt: sent.sentAt };
    },
  };
}

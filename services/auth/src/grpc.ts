import { callerOf, failedPrecondition, type SmsProvider, signedInCaller } from '@pmbok/infra';
import type { authv1 } from '@pmbok/proto';
import type { Profiles } from './application/profile.js';
import type { SignIn } from './application/signIn.js';
import type { SmsPurpose } from './domain/smsCode/smsCode.js';

const purposeOf = (smsType: authv1.SmsType): SmsPurpose => {
  if (smsType < 1 || smsType > 4) return 2;
  return smsType as SmsPurpose;
};

/** Requests in, use cases called, responses out; the caller comes from the gateway's metadata. */
export function authServiceImplementation(
  accounts: SignIn,
  profiles: Profiles,
  sms: SmsProvider,
): Omit<authv1.AuthServiceImplementation, 'getStatus'> {
  return {
    async sendSmsCode(request, context) {
      return accounts.sendSmsCode(request.telephone, purposeOf(request.smsType), callerOf(context));
    },
    async register(request, context) {
      const commandId = context.metadata.get('x-pmbok-command-id');
      return accounts.register(
        { ...request, inviterShareCode: request.inviterShareCode },
        callerOf(context),
        typeof commandId === 'string' && commandId ? commandId : undefined,
      );
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
    async logout(_request, context) {
      await accounts.logout(signedInCaller(context));
      return {};
    },
    async getDevSmsOutbox(request) {
      if (!sms.lastSent) throw failedPrecondition('the development SMS outbox exists only with SMS_PROVIDER=console');
      const sent = sms.lastSent(request.telephone);
      if (!sent || sent.content.kind !== 'code') return { code: '', smsType: 0, sentAt: 0 };
      return { code: sent.content.code, smsType: sent.content.smsType, sentAt: sent.sentAt };
    },
  };
}

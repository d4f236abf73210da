import { setCommandId } from '@pmbok/infra';
import { authv1 } from '@pmbok/proto';
import { Type } from '@sinclair/typebox';
import { commandIdFrom, defineCall } from '../../plugins/api.js';
import { integer } from '../../schemas/fields.js';
import * as answers from '../../schemas/user.js';

const telephone = Type.String({ maxLength: 32 });
const password = Type.String({ maxLength: 128 });
const smsCode = Type.String({ maxLength: 16 });
const optionalText = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

/** Account sign-in calls (SPEC §7 Account); all public. */
export const userCalls = [
  ...(
    [
      ['sendLoginCode', authv1.SmsType.SMS_TYPE_LOGIN],
      ['sendRegisterCode', authv1.SmsType.SMS_TYPE_REGISTER],
      ['sendResetCode', authv1.SmsType.SMS_TYPE_RESET],
    ] as const
  ).map(([call, smsType]) =>
    defineCall({
      module: 'user',
      call,
      access: 'public',
      response: answers.SmsSent,
      // smsType is implied by the call; the client sends it too (SPEC §7) and it is ignored.
      fields: { username: telephone, smsType: Type.Optional(integer(1, 4)) },
      handle: ({ username }, { services, metadata }) =>
        services.auth.sendSmsCode({ telephone: username.trim(), smsType }, { metadata }),
    }),
  ),
  defineCall({
    module: 'user',
    call: 'loginByCode',
    access: 'public',
    response: answers.SignedIn,
    fields: { telephone: Type.Optional(telephone), username: Type.Optional(telephone), code: smsCode },
    async handle(body, { services, metadata }) {
      const { userId, token } = await services.auth.loginBySmsCode(
        { telephone: (body.telephone ?? body.username ?? '').trim(), code: body.code.trim() },
        { metadata },
      );
      return { userId, token };
    },
  }),
  defineCall({
    module: 'user',
    call: 'resetPassword',
    access: 'public',
    response: answers.PasswordReset,
    fields: { telephone, code: smsCode, password, repeatPassword: password },
    async handle(body, { services, metadata }) {
      const { person } = await services.auth.resetPassword(
        {
          telephone: body.telephone.trim(),
          code: body.code.trim(),
          password: body.password,
          repeatPassword: body.repeatPassword,
        },
        { metadata },
      );
      return { person };
    },
  }),
  defineCall({
    module: 'user',
    call: 'register',
    access: 'public',
    response: answers.SignedIn,
    fields: {
      telephone,
      password,
      repeatPassword: password,
      code: smsCode,
      ticket: optionalText(128),
      shareCode: optionalText(32),
    },
    async handle(body, { services, metadata, request }) {
      const commandId = commandIdFrom(request, 'register');
      if (commandId) setCommandId(metadata, commandId);
      const { userId, token } = await services.auth.register(
        {
          telephone: body.telephone.trim(),
          password: body.password,
          repeatPassword: body.repeatPassword,
          code: body.code.trim(),
          inviterShareCode: body.shareCode?.trim() ?? '',
          ticket: body.ticket ?? '',
        },
        { metadata },
      );
      return { userId, token };
    },
  }),
  defineCall({
    module: 'user',
    call: 'loginByPassword',
    access: 'public',
    response: answers.SignedIn,
    fields: { username: telephone, password, captcha: optionalText(16) },
    async handle(body, { services, metadata }) {
      const { userId, token } = await services.auth.loginByPassword(
        { telephone: body.username.trim(), password: body.password, captcha: body.captcha ?? '' },
        { metadata },
      );
      return { userId, token };
    },
  }),
  defineCall({
    module: 'user',
    call: 'checkNeedLoginCaptcha',
    access: 'public',
    response: answers.NeedCaptcha,
    fields: { username: Type.Optional(telephone) },
    handle: ({ username }, { services, metadata }) =>
      services.auth.checkNeedLoginCaptcha({ telephone: (username ?? '').trim() }, { metadata }),
  }),
  defineCall({
    module: 'login',
    call: 'captcha',
    access: 'public',
    response: answers.Captcha,
    anonymousWrite: true,
    fields: { username: telephone },
    async handle({ username }, { services, metadata }) {
      const { svg } = await services.auth.getLoginCaptcha({ telephone: username.trim() }, { metadata });
      return { code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
    },
  }),
  defineCall({
    module: 'user',
    call: 'bindingEmail',
    access: 'user',
    response: answers.Profile,
    fields: { email: Type.String({ maxLength: 254 }) },
    handle: async ({ email }, { services, metadata }) => (await services.auth.bindEmail({ email }, { metadata })).user,
  }),
  defineCall({
    module: 'user',
    call: 'bindingUserName',
    access: 'user',
    response: answers.Profile,
    fields: { username: Type.String({ maxLength: 40 }) },
    handle: async ({ username }, { services, metadata }) =>
      (await services.auth.bindUsername({ username }, { metadata })).user,
  }),
  defineCall({
    module: 'user',
    call: 'clearUserName',
    access: 'user',
    response: answers.Profile,
    fields: {},
    handle: async (_body, { services, metadata }) => (await services.auth.clearUsername({}, { metadata })).user,
  }),
  defineCall({
    module: 'user',
    call: 'checkUsername',
    access: 'public',
    response: answers.UsernameCheck,
    fields: { username: telephone },
    handle: ({ username }, { services, metadata }) =>
      services.auth.checkUsername({ telephone: username.trim() }, { metadata }),
  }),
];

import { Type } from '@sinclair/typebox';
import { defineCall } from '../../plugins/api.js';

const telephone = Type.String({ maxLength: 32 });
const password = Type.String({ maxLength: 128 });
const smsCode = Type.String({ maxLength: 16 });
const optionalText = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

/** Account sign-in calls (SPEC §7 Account); all public. */
export const userCalls = [
  defineCall({
    module: 'user',
    call: 'sendRegisterCode',
    access: 'public',
    fields: { username: telephone, smsType: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })) },
    handle: ({ username }, { services, metadata }) =>
      services.auth.sendSmsCode({ telephone: username.trim(), smsType: 2 }, { metadata }),
  }),
  defineCall({
    module: 'user',
    call: 'register',
    access: 'public',
    fields: {
      telephone,
      password,
      repeatPassword: password,
      code: smsCode,
      ticket: optionalText(128),
      shareCode: optionalText(32),
    },
    async handle(body, { services, metadata, request }) {
      const idempotencyKey = request.headers['idempotency-key'];
      if (typeof idempotencyKey === 'string' && /^[A-Za-z0-9._-]{8,64}$/.test(idempotencyKey)) {
        metadata.set('x-pmbok-command-id', `register:${idempotencyKey}`);
      }
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
    call: 'checkUsername',
    access: 'public',
    fields: { username: telephone },
    handle: ({ username }, { services, metadata }) =>
      services.auth.checkUsername({ telephone: username.trim() }, { metadata }),
  }),
];

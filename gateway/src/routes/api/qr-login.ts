import { authv1 } from '@pmbok/proto';
import { Type } from '@sinclair/typebox';
import { ApiAnswer, defineCall } from '../../plugins/api.js';
import { text } from '../../schemas/fields.js';
import * as answers from '../../schemas/user.js';
import { Nothing } from '../../schemas/wire.js';

const { QrLoginStatus } = authv1;
const ticket = text(64);

/** QR sign-in and WeChat bindings (SPEC §2.3, §4, §7). */
export const qrLoginCalls = [
  defineCall({
    module: 'user',
    call: 'wechatLoginQrCode',
    access: 'public',
    response: answers.QrCode,
    anonymousWrite: true,
    fields: {},
    async handle(_body, { services, metadata, request }) {
      const userAgent = request.headers['user-agent'] ?? '';
      const { ticket, qrcodeUrl, expiresAt } = await services.auth.createQrLogin(
        { userAgent, forBinding: false },
        { metadata },
      );
      return { ticket, qrcodeUrl, expiresAt };
    },
  }),
  defineCall({
    module: 'user',
    call: 'wechatLoginResult',
    access: 'public',
    response: answers.QrSignIn,
    fields: { ticket },
    async handle(body, { services, metadata }) {
      const result = await services.auth.getQrLoginResult({ ticket: body.ticket }, { metadata });
      if (result.status === QrLoginStatus.QR_LOGIN_STATUS_CONFIRMED)
        return { token: result.token, userId: result.userId };
      if (result.status === QrLoginStatus.QR_LOGIN_STATUS_UNREGISTERED) {
        return new ApiAnswer(508, '该微信尚未注册，请先注册', { ticket: result.ticket });
      }
      return new ApiAnswer(880, '等待扫码确认');
    },
  }),
  defineCall({
    module: 'user',
    call: 'loginWechatByCode',
    access: 'public',
    response: answers.QrSignIn,
    anonymousWrite: true,
    fields: { code: text(256) },
    async handle(body, { services, metadata, request }) {
      const userAgent = request.headers['user-agent'] ?? '';
      const result = await services.auth.loginByWechatCode({ code: body.code, userAgent }, { metadata });
      if (result.status === QrLoginStatus.QR_LOGIN_STATUS_CONFIRMED)
        return { token: result.token, userId: result.userId };
      return new ApiAnswer(508, '该微信尚未注册，请先注册', { ticket: result.ticket });
    },
  }),
  defineCall({
    module: 'user',
    call: 'qrLoginInfo',
    access: 'user',
    response: answers.QrLoginInfo,
    fields: { ticket },
    handle: (body, { services, metadata }) => services.auth.describeQrLogin({ ticket: body.ticket }, { metadata }),
  }),
  ...(['qrLoginConfirm', 'qrLoginRefuse'] as const).map((call) =>
    defineCall({
      module: 'user',
      call,
      access: 'user',
      response: Nothing,
      fields: { ticket },
      async handle(body, { services, metadata }) {
        await services.auth.answerQrLogin({ ticket: body.ticket, confirm: call === 'qrLoginConfirm' }, { metadata });
        return null;
      },
    }),
  ),
  defineCall({
    module: 'userInfo',
    call: 'bindWechatQrCode',
    access: 'user',
    response: answers.QrCode,
    fields: {},
    async handle(_body, { services, metadata, request }) {
      const userAgent = request.headers['user-agent'] ?? '';
      const created = await services.auth.createQrLogin({ userAgent, forBinding: true }, { metadata });
      return { ticket: created.ticket, qrcodeUrl: created.qrcodeUrl, expiresAt: created.expiresAt };
    },
  }),
  defineCall({
    module: 'userInfo',
    call: 'bindList',
    access: 'user',
    response: Type.Array(answers.WechatBinding),
    fields: {},
    handle: async (_body, { services, metadata }) =>
      (await services.auth.listWechatBindings({}, { metadata })).bindings,
  }),
  defineCall({
    module: 'userInfo',
    call: 'bindWechat',
    access: 'user',
    response: Nothing,
    fields: { ticket },
    async handle(body, { services, metadata }) {
      await services.auth.bindWechat({ ticket: body.ticket }, { metadata });
      return null;
    },
  }),
  defineCall({
    module: 'userInfo',
    call: 'deleteBindWechat',
    access: 'user',
    response: Nothing,
    fields: { wechatUserId: text(128) },
    async handle(body, { services, metadata }) {
      await services.auth.unbindWechat({ wechatUserId: body.wechatUserId }, { metadata });
      return null;
    },
  }),
];

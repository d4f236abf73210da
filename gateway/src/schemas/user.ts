import { Type } from '@sinclair/typebox';

/** Answers of the account calls (`user/…`, `login/captcha`) and the QR sign-in (SPEC §7 Account, §2.3). */

/** A signed-in session: every way of signing in answers it. */
export const SignedIn = Type.Object({ userId: Type.Integer(), token: Type.String() });

/**
 * `user/wechatLoginResult`, `user/loginWechatByCode`: the session once confirmed; with code 508 only `ticket`, to
 * register with (the scanner has no account yet); with 880 nothing.
 */
export const QrSignIn = Type.Object({
  userId: Type.Optional(Type.Integer()),
  token: Type.Optional(Type.String()),
  ticket: Type.Optional(Type.String()),
});

/** An SMS code was sent; another may be asked for after this many seconds. */
export const SmsSent = Type.Object({ resendAfterSeconds: Type.Integer() });

/** The signed-in user's own account (telephone masked). */
export const Profile = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  trueName: Type.String(),
  telephone: Type.String(),
  shareCode: Type.String(),
  avatar: Type.String(),
  introduction: Type.String(),
  /** 0 unknown, 1 male, 2 female */
  sex: Type.Integer(),
  createdAt: Type.Integer(),
  email: Type.String(),
  username: Type.String(),
});

/** `user/resetPassword`: the account whose password changed. */
export const PasswordReset = Type.Object({ person: Type.Optional(Profile) });
export const NeedCaptcha = Type.Object({ isNeed: Type.Boolean() });
/** `login/captcha`: the picture as a data URL. */
export const Captcha = Type.Object({ code: Type.String() });
export const UsernameCheck = Type.Object({ registered: Type.Boolean() });

/** A QR code to scan: sign-in or binding. */
export const QrCode = Type.Object({ ticket: Type.String(), qrcodeUrl: Type.String(), expiresAt: Type.Integer() });

/** `user/qrLoginInfo`: what the confirming phone shows about the sign-in it is asked to confirm. */
export const QrLoginInfo = Type.Object({
  status: Type.String(),
  userAgent: Type.String(),
  clientIp: Type.String(),
  requestedAt: Type.Integer(),
  expiresAt: Type.Integer(),
});

export const WechatBinding = Type.Object({ wechatUserId: Type.String(), boundAt: Type.Integer() });

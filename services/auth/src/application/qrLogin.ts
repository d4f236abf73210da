import { type Caller, forbidden, invalid, newEventId, newToken, unauthenticated } from '@pmbok/infra';
import {
  QR_TTL_MS,
  type QrLoginCommand,
  qrLoginDecider,
  qrLoginStreamId,
  qrMessages,
} from '../domain/qrLogin/qrLogin.js';
import { userDecider } from '../domain/user/businessLogic.js';
import { userStreamId } from '../domain/user/user.js';
import { findUserById, findUserByWechat } from '../projections/users/index.js';
import type { QrLoginProvider } from '../qrProviders/types.js';
import type { AuthContext } from './context.js';

export type QrResult =
  | { status: 'pending' }
  | { status: 'unregistered'; ticket: string }
  | { status: 'confirmed'; userId: number; token: string };

export const WECHAT_BROWSER_ONLY = '请在微信浏览器下使用此功能';

/** QR sign-in (SPEC §4): a ticket per attempt, answered by a phone or by a WeChat scan, redeemed once. */
export function createQrLogin(context: AuthContext, provider: QrLoginProvider) {
  const { eventStore, readStore, now, runCommand, startSession, claimIdentifier, releaseIdentifier } = context;

  const run = (ticket: string, command: QrLoginCommand, caller: Partial<Caller>) =>
    runCommand(qrLoginStreamId(ticket), qrLoginDecider, command, caller);
  const stateOf = async (ticket: string) =>
    (await eventStore.readStream(qrLoginStreamId(ticket))).reduce(
      (state, event) => qrLoginDecider.evolve(state, event as never),
      qrLoginDecider.initialState(),
    );

  async function bind(userId: number, openid: string, caller: Partial<Caller>) {
    await claimIdentifier('wechat', openid, userId, caller);
    await runCommand(userStreamId(userId), userDecider, { type: 'BindWechat', data: { openid } }, caller);
  }

  /** A new sign-in attempt for the calling browser. */
  async function openTicket(caller: Partial<Caller>, userAgent: string, bindFor = 0) {
    const ticket = newToken();
    const data = {
      ticket,
      provider: provider.name,
      userAgent: userAgent.slice(0, 300),
      clientIp: caller.clientIp ?? '',
      expiresAt: now() + QR_TTL_MS,
      ...(bindFor ? { bindFor } : {}),
    };
    await run(ticket, { type: 'RequestQrLogin', data, metadata: { now: now() } }, caller);
    return data;
  }

  /** The scanned-but-unregistered WeChat identity behind a ticket. */
  async function unregisteredOpenid(ticket: string) {
    const state = await stateOf(ticket);
    if (state.status !== 'unregistered' || state.expiresAt <= now()) throw invalid(qrMessages.expired);
    return state.openid;
  }

  return {
    provider: provider.name,

    /** `forBinding`: the signed-in caller binds whoever scans; the ticket never signs anyone in. */
    async create(caller: Partial<Caller>, userAgent: string, forBinding = false) {
      if (forBinding && !caller.userId) throw unauthenticated();
      const { ticket, expiresAt } = await openTicket(caller, userAgent, forBinding ? caller.userId : 0);
      return { ticket, qrcodeUrl: await provider.qrcodeUrl(ticket), expiresAt };
    },

    /** Polled by the browser; the first poll after confirmation redeems the ticket for a session. */
    async result(ticket: string, caller: Partial<Caller>): Promise<QrResult> {
      const state = await stateOf(ticket);
      if (state.status === 'none') throw invalid(qrMessages.unknown);
      if (state.status === 'refused') throw invalid(qrMessages.refused);
      if (state.status === 'completed') throw invalid(qrMessages.used);
      if (state.expiresAt <= now()) throw invalid(qrMessages.expired);
      if (state.status === 'pending') return { status: 'pending' };
      if (state.status === 'unregistered') return { status: 'unregistered', ticket };
      // Redeem first: of two simultaneous polls only one completes, and only it gets a session.
      const sessionId = newEventId();
      await run(ticket, { type: 'CompleteQrLogin', data: { sessionId }, metadata: { now: now() } }, caller);
      const { token } = await startSession({ userId: state.userId }, 'qr', caller, sessionId);
      return { status: 'confirmed', userId: state.userId, token };
    },

    /** What the confirming phone shows: which device asks. */
    async describe(ticket: string) {
      const state = await stateOf(ticket);
      if (state.status === 'none') throw invalid(qrMessages.unknown);
      return {
        status: state.expiresAt <= now() && state.status === 'pending' ? 'expired' : state.status,
        userAgent: state.userAgent,
        clientIp: state.clientIp,
        requestedAt: state.requestedAt,
        expiresAt: state.expiresAt,
      };
    },

    async answer(ticket: string, caller: Caller, confirm: boolean) {
      await run(
        ticket,
        { type: 'AnswerQrLogin', data: { userId: caller.userId, openid: '', confirm }, metadata: { now: now() } },
        caller,
      );
    },

    /** A verified WeChat scan: a bound identity confirms for its account, an unknown one must register. */
    async scanned(ticket: string, openid: string) {
      const state = await stateOf(ticket);
      // On a binding ticket the scan only names the identity to bind, even one bound elsewhere.
      const bindOnly = state.status !== 'none' && state.bindFor > 0;
      const user = bindOnly ? null : await findUserByWechat(readStore, openid);
      const command: QrLoginCommand = user
        ? { type: 'AnswerQrLogin', data: { userId: user.userId, openid, confirm: true }, metadata: { now: now() } }
        : { type: 'MarkUnregistered', data: { openid }, metadata: { now: now() } };
      await run(ticket, command, {});
    },

    async loginByWechatCode(code: string, userAgent: string, caller: Partial<Caller>) {
      if (!/MicroMessenger/i.test(userAgent)) throw invalid(WECHAT_BROWSER_ONLY);
      if (!provider.openidFromCode) throw invalid('未启用微信登录');
      const openid = await provider.openidFromCode(code).catch(() => {
        throw invalid('微信授权失败，请重试');
      });
      const user = await findUserByWechat(readStore, openid);
      if (user) return { status: 'confirmed' as const, ...(await startSession(user, 'wechat', caller)) };
      // Registration binds the identity through a ticket, as for a scan.
      const { ticket } = await openTicket(caller, userAgent);
      await run(ticket, { type: 'MarkUnregistered', data: { openid }, metadata: { now: now() } }, caller);
      return { status: 'unregistered' as const, ticket };
    },

    /** Checks a ticket can still bind before an account is created for it. */
    checkBindable: async (ticket: string) => {
      await unregisteredOpenid(ticket);
    },

    /** Binds the identity that scanned `ticket` to a user (after registering with it, or from account settings). */
    async bindTicket(ticket: string, userId: number, caller: Partial<Caller>) {
      const state = await stateOf(ticket);
      if (state.status !== 'none' && state.bindFor && state.bindFor !== userId) throw forbidden(qrMessages.unknown);
      await bind(userId, await unregisteredOpenid(ticket), caller);
    },

    async bindings(userId: number) {
      const user = await findUserById(readStore, userId);
      return (user?.wechat ?? []).map((w) => ({ wechatUserId: w.openid, boundAt: w.boundAt }));
    },

    async unbind(caller: Caller, openid: string) {
      await runCommand(userStreamId(caller.userId), userDecider, { type: 'UnbindWechat', data: { openid } }, caller);
      await releaseIdentifier('wechat', openid, caller.userId, caller);
    },
  };
}

export type QrLogin = ReturnType<typeof createQrLogin>;

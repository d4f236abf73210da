import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSmsProvider, defineService, type RuntimeConfig, type ServiceOptions } from '@pmbok/infra';
import { authv1 } from '@pmbok/proto';
import { startExpiry } from './application/expiry.js';
import { createAuthUseCases } from './application/index.js';
import { authServiceImplementation } from './grpc.js';
import { sessionsProjection } from './projections/sessions/index.js';
import { usersProjection } from './projections/users/index.js';
import { createEmbeddedQrProvider } from './qrProviders/embedded.js';
import type { QrLoginProvider } from './qrProviders/types.js';
import { createWechatQrProvider } from './qrProviders/wechat.js';
import { startTeamReactions } from './reactions/teamEvents.js';

/** AUTH_SECRET, or one generated once and kept beside the service's data. */
function secretFrom(config: RuntimeConfig): string {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  const file = join(config.dataDir, 'auth.secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  return readFileSync(file, 'utf8').trim();
}

/** QR_LOGIN_PROVIDER=wechat uses the official account in WECHAT_APP_ID / WECHAT_APP_SECRET / WECHAT_TOKEN. */
function qrProviderFrom(config: RuntimeConfig, wechatFetch?: typeof fetch): QrLoginProvider {
  if ((process.env.QR_LOGIN_PROVIDER ?? 'embedded') !== 'wechat') return createEmbeddedQrProvider(config.publicUrl);
  const { WECHAT_APP_ID: appId, WECHAT_APP_SECRET: appSecret, WECHAT_TOKEN: token } = process.env;
  if (!appId || !appSecret || !token)
    throw new Error('QR_LOGIN_PROVIDER=wechat needs WECHAT_APP_ID, WECHAT_APP_SECRET and WECHAT_TOKEN');
  return createWechatQrProvider({ appId, appSecret, token, fetch: wechatFetch });
}

type AuthServiceOptions = ServiceOptions & {
  /** Tests choose captcha texts through this. */
  captchaText?: () => string;
  /** The WeChat provider's HTTP client (tests replay recorded platform answers through it). */
  wechatFetch?: typeof fetch;
};

/** The auth service: accounts, sessions, SMS codes, sign-in guards and QR sign-in. */
export const startAuthService = defineService({
  name: 'auth',
  contract: authv1.AuthServiceDefinition,
  projections: [usersProjection, sessionsProjection],
  reactions: async ({ runtime, logger, now }, _options: AuthServiceOptions) => ({
    stops: [...(await startTeamReactions(runtime)), startExpiry(runtime, logger, now).stop],
  }),
  calls: (service, _reactions, options) => {
    const sms = createSmsProvider(service.config, service.logger.child({ component: 'sms' }));
    const qrProvider = qrProviderFrom(service.config, options.wechatFetch);
    const useCases = createAuthUseCases({
      ...service,
      sms,
      qrProvider,
      secret: secretFrom(service.config),
      captchaText: options.captchaText,
      smsIpDailyLimit: process.env.SMS_IP_DAILY_LIMIT ? Number(process.env.SMS_IP_DAILY_LIMIT) : undefined,
    });
    return authServiceImplementation(useCases, qrProvider, sms);
  },
});

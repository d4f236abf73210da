import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createConsoleSmsProvider,
  grpcService,
  type Logger,
  type RunningService,
  type RuntimeConfig,
  startService,
  statusImplementation,
} from '@pmbok/infra';
import { authv1 } from '@pmbok/proto';
import { createAuthContext } from './application/context.js';
import { createProfiles } from './application/profile.js';
import { createSignIn } from './application/signIn.js';
import { authServiceImplementation } from './grpc.js';
import { sessionsProjection } from './projections/sessions/index.js';
import { usersProjection } from './projections/users/index.js';

/** AUTH_SECRET, or one generated once and kept beside the service's data. */
function secretFrom(config: RuntimeConfig): string {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  const file = join(config.dataDir, 'auth.secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  return readFileSync(file, 'utf8').trim();
}

export function startAuthService(options: {
  config: RuntimeConfig;
  logger: Logger;
  host?: string;
  port?: number;
  /** Tests move time forward through this. */
  clock?: () => number;
  /** Tests choose captcha texts through this. */
  captchaText?: () => string;
}): Promise<RunningService> {
  const sms = createConsoleSmsProvider(options.logger.child({ component: 'sms' }));
  return startService(
    'auth',
    {
      projections: [usersProjection, sessionsProjection],
      grpc: (runtime, projections) => {
        const context = createAuthContext({
          runtime,
          projections,
          sms,
          secret: secretFrom(options.config),
          logger: options.logger,
          now: options.clock,
          captchaText: options.captchaText,
          smsIpDailyLimit: process.env.SMS_IP_DAILY_LIMIT ? Number(process.env.SMS_IP_DAILY_LIMIT) : undefined,
        });
        return [
          grpcService(authv1.AuthServiceDefinition, {
            ...statusImplementation('auth', runtime, projections),
            ...authServiceImplementation(createSignIn(context), createProfiles(context), sms),
          }),
        ];
      },
    },
    options,
  );
}

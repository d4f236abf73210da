import type { Logger } from 'pino';
import { ConfigError, type RuntimeConfig } from '../config.js';
import { createAliyunSmsProvider } from './aliyun.js';
import { createConsoleSmsProvider, type SmsProvider } from './provider.js';
import { createTencentSmsProvider } from './tencent.js';

/**
 * The provider SMS_PROVIDER names. The console provider keeps its outbox (readable over HTTP) only in
 * development mode, and only for the service that serves it (`outbox: false` elsewhere).
 */
export function createSmsProvider(
  config: RuntimeConfig,
  logger: Logger,
  options: { outbox?: boolean } = {},
): SmsProvider {
  const adapter = { logger, timeoutMs: config.smsTimeoutMs, publicUrl: config.publicUrl };
  switch (config.smsProvider) {
    case 'aliyun': {
      const settings = config.aliyunSms ?? missingSettings('aliyun');
      logger.info({ endpoint: settings.endpoint, signName: settings.signName }, 'SMS through Alibaba Cloud');
      return createAliyunSmsProvider(settings, adapter);
    }
    case 'tencent': {
      const settings = config.tencentSms ?? missingSettings('tencent');
      logger.info(
        { endpoint: settings.endpoint, region: settings.region, signName: settings.signName },
        'SMS through Tencent Cloud',
      );
      return createTencentSmsProvider(settings, adapter);
    }
    default:
      return createConsoleSmsProvider(logger, { outbox: config.devMode && (options.outbox ?? true) });
  }
}

// loadRuntimeConfig fills them in; a configuration built by hand may forget.
function missingSettings(provider: string): never {
  throw new ConfigError(`SMS_PROVIDER=${provider} has no settings; load the configuration with loadRuntimeConfig`);
}

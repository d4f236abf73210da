import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

/** Configuration shared by every process, read from the environment once. */
export interface RuntimeConfig {
  /** Directory for the embedded adapters' files (event logs, uploads). */
  dataDir: string;
  logLevel: string;
  /** Real engines; when unset the embedded adapters are used. */
  mongoUrl?: string;
  kafkaBrokers?: string[];
  natsUrl?: string;
  /** Partitions of each service's Kafka topic (key = stream id, so order holds per stream). */
  kafkaPartitions: number;
  /**
   * Retention of the Kafka topics; -1 keeps every event. Read models fed from another service's topic are
   * rebuilt from it on start, so anything shorter than the history loses them (the default keeps all).
   */
  kafkaRetentionMs: number;
  /** Prefix of Kafka topic and group names (several installations can share one cluster). */
  kafkaPrefix: string;
  /** Prefix of NATS subjects (`<prefix>.user.<id>`, `<prefix>.team.<id>`). */
  natsPrefix: string;
  /** `full` fsyncs every commit (a crash or power loss loses nothing acknowledged); `normal` survives crashes only. */
  eventStoreSync: 'full' | 'normal';
  smsProvider: SmsProviderName;
  /** A text message not handed to the provider within this many milliseconds fails with a clear message. */
  smsTimeoutMs: number;
  /** Set when `smsProvider` is `aliyun`. */
  aliyunSms?: AliyunSmsSettings;
  /** Set when `smsProvider` is `tencent`. */
  tencentSms?: TencentSmsSettings;
  /**
   * Development mode (`PMBOK_DEV_MODE=1`): the console SMS provider's outbox is readable over HTTP. Never in
   * production: anyone who can reach the server could read any sign-in code.
   */
  devMode: boolean;
  /** Where users reach the product, for links sent outside it (SMS invitations). */
  publicUrl: string;
  nodeEnv: string;
}

export const SMS_PROVIDERS = ['console', 'aliyun', 'tencent'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

/** Alibaba Cloud SMS (Dysmsapi); see docs/sms.md. */
export interface AliyunSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** Template of one-time codes, variable `${code}`. */
  templateCode: string;
  /** Template of team invitations, variables `${team}`, `${inviter}`, `${link}`. */
  inviteTemplateCode: string;
  /** Origin of the API: `https://dysmsapi.aliyuncs.com` unless overridden (a local server in tests). */
  endpoint: string;
}

/** Tencent Cloud SMS (SendSms 2021-01-11); see docs/sms.md. */
export interface TencentSmsSettings {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  /** Template of one-time codes, variable {1} the code. */
  templateId: string;
  /** Template of team invitations, variables {1} team, {2} inviter, {3} link. */
  inviteTemplateId: string;
  region: string;
  /** Origin of the API: `https://sms.tencentcloudapi.com` unless overridden (a regional one, a local server in tests). */
  endpoint: string;
}

export class ConfigError extends Error {}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${value}"`);
}

export function loadRuntimeConfig(env: NodeJS.ProcessEnv = process.env): RuntimeConfig {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  const config: RuntimeConfig = {
    dataDir,
    logLevel: env.LOG_LEVEL ?? 'info',
    mongoUrl: env.MONGO_URL || undefined,
    kafkaBrokers: env.KAFKA_BROKERS ? env.KAFKA_BROKERS.split(',').map((b) => b.trim()) : undefined,
    natsUrl: env.NATS_URL || undefined,
    kafkaPartitions: integerFrom(env, 'KAFKA_PARTITIONS', 3, 1),
    kafkaRetentionMs: integerFrom(env, 'KAFKA_RETENTION_MS', -1, -1),
    kafkaPrefix: env.KAFKA_PREFIX || 'pmbok',
    natsPrefix: env.NATS_PREFIX || 'pmbok',
    eventStoreSync: oneOf('EVENT_STORE_SYNC', env.EVENT_STORE_SYNC ?? 'full', ['full', 'normal'] as const),
    smsProvider: oneOf('SMS_PROVIDER', env.SMS_PROVIDER ?? 'console', SMS_PROVIDERS),
    smsTimeoutMs: integerFrom(env, 'SMS_TIMEOUT_MS', 3_000, 100),
    devMode: env.PMBOK_DEV_MODE === '1' || env.PMBOK_DEV_MODE === 'true',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 8080}`).replace(/\/$/, ''),
    nodeEnv: env.NODE_ENV ?? 'development',
  };
  if (config.smsProvider === 'aliyun') config.aliyunSms = aliyunSmsFrom(env);
  if (config.smsProvider === 'tencent') config.tencentSms = tencentSmsFrom(env);
  assertSafeForProduction(config);
  return config;
}

/**
 * Production refuses what only development may use: the console SMS provider sends no text to anyone (so
 * nobody could sign in by code) and development mode publishes every code.
 */
export function assertSafeForProduction(config: RuntimeConfig): void {
  if (config.nodeEnv !== 'production') return;
  if (config.devMode) throw new ConfigError('PMBOK_DEV_MODE must not be set with NODE_ENV=production');
  if (config.smsProvider === 'console')
    throw new ConfigError(
      'SMS_PROVIDER=console sends no text messages and is refused with NODE_ENV=production; choose aliyun or tencent',
    );
  // Sign-in codes would cross the network readable by anyone on the path.
  const smsEndpoint = config.aliyunSms?.endpoint ?? config.tencentSms?.endpoint;
  if (smsEndpoint && !smsEndpoint.startsWith('https://'))
    throw new ConfigError(`the SMS endpoint must use https with NODE_ENV=production, got ${smsEndpoint}`);
}

/** The variables a provider needs, all named at once when some are missing (values never echoed: some are secrets). */
function required<const K extends string>(env: NodeJS.ProcessEnv, provider: string, names: readonly K[]) {
  const missing = names.filter((name) => !env[name]?.trim());
  if (missing.length > 0) throw new ConfigError(`SMS_PROVIDER=${provider} needs ${missing.join(', ')} (not set)`);
  return Object.fromEntries(names.map((name) => [name, env[name]?.trim() ?? ''])) as Record<K, string>;
}

/** An endpoint as a URL or a bare host (https); only its origin counts. */
function endpointFrom(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name]?.trim() || fallback;
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    throw new ConfigError(`${name} must be a URL such as ${fallback}, got "${raw}"`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/' || url.search)
    throw new ConfigError(`${name} must be an http(s) origin without a path, such as ${fallback}, got "${raw}"`);
  return url.origin;
}

function aliyunSmsFrom(env: NodeJS.ProcessEnv): AliyunSmsSettings {
  const v = required(env, 'aliyun', [
    'ALIYUN_SMS_ACCESS_KEY_ID',
    'ALIYUN_SMS_ACCESS_KEY_SECRET',
    'ALIYUN_SMS_SIGN_NAME',
    'ALIYUN_SMS_TEMPLATE_CODE',
    'ALIYUN_SMS_INVITE_TEMPLATE_CODE',
  ]);
  return {
    accessKeyId: v.ALIYUN_SMS_ACCESS_KEY_ID,
    accessKeySecret: v.ALIYUN_SMS_ACCESS_KEY_SECRET,
    signName: v.ALIYUN_SMS_SIGN_NAME,
    templateCode: v.ALIYUN_SMS_TEMPLATE_CODE,
    inviteTemplateCode: v.ALIYUN_SMS_INVITE_TEMPLATE_CODE,
    endpoint: endpointFrom(env, 'ALIYUN_SMS_ENDPOINT', 'https://dysmsapi.aliyuncs.com'),
  };
}

function tencentSmsFrom(env: NodeJS.ProcessEnv): TencentSmsSettings {
  const v = required(env, 'tencent', [
    'TENCENT_SMS_SECRET_ID',
    'TENCENT_SMS_SECRET_KEY',
    'TENCENT_SMS_SDK_APP_ID',
    'TENCENT_SMS_SIGN_NAME',
    'TENCENT_SMS_TEMPLATE_ID',
    'TENCENT_SMS_INVITE_TEMPLATE_ID',
  ]);
  return {
    secretId: v.TENCENT_SMS_SECRET_ID,
    secretKey: v.TENCENT_SMS_SECRET_KEY,
    sdkAppId: v.TENCENT_SMS_SDK_APP_ID,
    signName: v.TENCENT_SMS_SIGN_NAME,
    templateId: v.TENCENT_SMS_TEMPLATE_ID,
    inviteTemplateId: v.TENCENT_SMS_INVITE_TEMPLATE_ID,
    region: env.TENCENT_SMS_REGION?.trim() || 'ap-guangzhou',
    endpoint: endpointFrom(env, 'TENCENT_SMS_ENDPOINT', 'https://sms.tencentcloudapi.com'),
  };
}

/** Reads a TCP port from the environment; 0 lets the system choose. */
export function portFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`${name} must be a port number, got "${raw}"`);
  return port;
}

/** Reads an integer of at least `min` from the environment. */
export function integerFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new ConfigError(`${name} must be an integer >= ${min}, got "${raw}"`);
  return value;
}

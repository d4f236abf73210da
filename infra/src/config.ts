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
    devMode: env.PMBOK_DEV_MODE === '1' || env.PMBOK_DEV_MODE === 'true',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 8080}`).replace(/\/$/, ''),
    nodeEnv: env.NODE_ENV ?? 'development',
  };
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

function integerFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new ConfigError(`${name} must be an integer >= ${min}, got "${raw}"`);
  return value;
}

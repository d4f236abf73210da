import { ConfigError } from '@pmbok/infra';
import type { ModelTimeouts, ProviderConfig, ProviderName } from './model.js';

/** A provider's configuration with its prompt budget when the environment sets one (openai's context size). */
export type ChatModelConfig = ProviderConfig & { promptBudget?: number };

const PROVIDERS: readonly ProviderName[] = ['local', 'openai', 'spark'];
export const DEFAULT_SPARK_URL = 'wss://spark-api.xf-yun.com/v1.1/chat';

/**
 * The model the ai service uses, from PMBOK_AI_* (docs/api/ai.md "Providers"). A setting the provider needs
 * and does not have is a startup error naming the variable; values are never echoed (some are secrets).
 */
export function providerConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ChatModelConfig {
  const name = (env.PMBOK_AI_PROVIDER?.trim() || 'local') as ProviderName;
  if (!PROVIDERS.includes(name)) {
    throw new ConfigError(`PMBOK_AI_PROVIDER must be one of ${PROVIDERS.join(', ')}, got "${name}"`);
  }
  // Checked with the rest, so a wrong timeout stops the start too.
  timeoutsFromEnv(env);
  if (name === 'openai') {
    const settings = required(env, name, [
      'PMBOK_AI_OPENAI_BASE_URL',
      'PMBOK_AI_OPENAI_API_KEY',
      'PMBOK_AI_OPENAI_MODEL',
    ] as const);
    const baseUrl = urlFrom('PMBOK_AI_OPENAI_BASE_URL', settings.PMBOK_AI_OPENAI_BASE_URL, ['http:', 'https:']);
    return {
      provider: 'openai',
      baseUrl,
      apiKey: settings.PMBOK_AI_OPENAI_API_KEY,
      model: settings.PMBOK_AI_OPENAI_MODEL,
      promptBudget: integerFrom(env, 'PMBOK_AI_OPENAI_CONTEXT_TOKENS', 6000),
    };
  }
  if (name === 'spark') {
    const settings = required(env, name, [
      'PMBOK_AI_SPARK_APP_ID',
      'PMBOK_AI_SPARK_API_KEY',
      'PMBOK_AI_SPARK_API_SECRET',
    ] as const);
    return {
      provider: 'spark',
      url: urlFrom('PMBOK_AI_SPARK_URL', env.PMBOK_AI_SPARK_URL?.trim() || DEFAULT_SPARK_URL, ['ws:', 'wss:']),
      appId: settings.PMBOK_AI_SPARK_APP_ID,
      apiKey: settings.PMBOK_AI_SPARK_API_KEY,
      apiSecret: settings.PMBOK_AI_SPARK_API_SECRET,
      domain: env.PMBOK_AI_SPARK_DOMAIN?.trim() || 'general',
    };
  }
  return { provider: 'local' };
}

/** How long a network provider may stay silent: PMBOK_AI_FIRST_TOKEN_TIMEOUT_MS, PMBOK_AI_IDLE_TIMEOUT_MS. */
export function timeoutsFromEnv(env: NodeJS.ProcessEnv = process.env): ModelTimeouts {
  return {
    firstTokenMs: integerFrom(env, 'PMBOK_AI_FIRST_TOKEN_TIMEOUT_MS', 30_000),
    idleMs: integerFrom(env, 'PMBOK_AI_IDLE_TIMEOUT_MS', 30_000),
  };
}

/** The variables a provider needs, all named at once when some are missing. */
function required<const K extends string>(env: NodeJS.ProcessEnv, provider: string, names: readonly K[]) {
  const missing = names.filter((name) => !env[name]?.trim());
  if (missing.length > 0) {
    throw new ConfigError(`PMBOK_AI_PROVIDER=${provider} needs ${missing.join(', ')} (not set)`);
  }
  return Object.fromEntries(names.map((name) => [name, env[name]?.trim() ?? ''])) as Record<K, string>;
}

function urlFrom(name: string, raw: string, protocols: string[]): string {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    // Reported below.
  }
  if (!url || !protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must be a ${protocols.map((p) => p.replace(':', '')).join(' or ')} URL`);
  }
  return raw.replace(/\/+$/, '');
}

function integerFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new ConfigError(`${name} must be a positive whole number, got "${raw}"`);
  }
  return value;
}

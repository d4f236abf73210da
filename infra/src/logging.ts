import { type Logger, pino } from 'pino';

export type { Logger };

/** One pino logger per process; services take a child named after themselves. */
export function createLogger(name: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ name, level, redact: ['req.headers.authorization', '*.password', '*.token'] });
}

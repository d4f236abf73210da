import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString, Logger } from 'pino';

type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger (`request.log`) whose pino child is made the first time the request logs at a level that is on.
 * Fastify makes a child per request, and pino builds its bindings' JSON and redaction for each: a per cent or two of a
 * small answer's CPU (issue 24) spent on every request, though most requests log nothing at the usual levels.
 */
class RequestLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  private log(level: LogMethod, args: unknown[]) {
    if (!this.made && !(this.parent as Logger).isLevelEnabled(level)) return;
    const real = this.real;
    (real[level] as (...a: unknown[]) => void).apply(real, args);
  }

  get level(): LevelWithSilentOrString {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.real.level = level;
  }

  isLevelEnabled(level: string) {
    return ((this.made ?? this.parent) as Logger).isLevelEnabled(level);
  }

  fatal(...args: unknown[]) {
    this.log('fatal', args);
  }
  error(...args: unknown[]) {
    this.log('error', args);
  }
  warn(...args: unknown[]) {
    this.log('warn', args);
  }
  info(...args: unknown[]) {
    this.log('info', args);
  }
  debug(...args: unknown[]) {
    this.log('debug', args);
  }
  trace(...args: unknown[]) {
    this.log('trace', args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions) {
    return this.real.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a route with a level of its own gets its child at once. */
export function requestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level || options.serializers) return parent.child(bindings, options);
  return new RequestLogger(parent, bindings, options) as unknown as FastifyBaseLogger;
}

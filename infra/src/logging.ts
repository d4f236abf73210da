import { type DestinationStream, type Logger, pino } from 'pino';

export type { DestinationStream, Logger };

const REDACTED = '[redacted]';

/**
 * A URL with every query value replaced: a query may carry a token or a code (a live connection once did),
 * and whoever reads the logs must not be able to sign in with what they read. The names stay, for debugging.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals < 0 ? pair : `${pair.slice(0, equals)}=${REDACTED}`;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** Query strings inside free text (Fastify's "Route GET:/x?token=… not found" names the raw URL). */
const queryInText = /([?&][^=&\s?#"']+)=[^&\s#"']*/g;
const redactText = (text: string) => (text.includes('=') ? text.replace(queryInText, `$1=${REDACTED}`) : text);

interface RequestLike {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * Fastify's request serializer without the query values, and never the headers: the authorization header is
 * a session token. Fastify prefers a logger instance's own serializers over its defaults.
 */
const serializers = {
  req: (request: RequestLike) => ({
    method: request.method,
    url: redactUrl(String(request.url ?? '')),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

/**
 * One pino logger per process; services take a child named after themselves. `destination` is where lines go
 * (standard output unless given; tests capture them).
 */
export function createLogger(
  name: string,
  level = process.env.LOG_LEVEL ?? 'info',
  destination?: DestinationStream,
): Logger {
  return pino(
    {
      name,
      level,
      serializers,
      redact: {
        paths: [
          'authorization',
          'headers.authorization',
          'req.headers.authorization',
          'request.headers.authorization',
          '*.password',
          '*.token',
          '*.authorization',
        ],
        censor: REDACTED,
      },
      hooks: {
        logMethod(args, method) {
          method.apply(
            this,
            args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg)) as Parameters<typeof method>,
          );
        },
      },
    },
    destination,
  );
}

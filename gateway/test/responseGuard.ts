import type { IncomingMessage, ServerResponse } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, RawServerDefault } from 'fastify';

/** Where two JSON values differ, as paths (`data.list[0].flowName`), for the failure's message. */
function differences(expected: unknown, actual: unknown, path = ''): string[] {
  if (isDeepStrictEqual(expected, actual)) return [];
  if (expected && actual && typeof expected === 'object' && typeof actual === 'object') {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    return [...keys].flatMap((key) =>
      differences(
        (expected as Record<string, unknown>)[key],
        (actual as Record<string, unknown>)[key],
        Array.isArray(expected) ? `${path}[${key}]` : path ? `${path}.${key}` : key,
      ),
    );
  }
  return [`${path || '(answer)'}: ${JSON.stringify(expected)} became ${JSON.stringify(actual)}`];
}

/**
 * Compares every answer as the handler returned it with what the response schema's serializer wrote. The
 * serializer drops properties its schema does not name and truncates numbers it calls integers, silently; here that
 * fails the test that made the call, naming the call and the field.
 */
export function guardResponses<Logger extends FastifyBaseLogger>(
  app: FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, Logger>,
) {
  const returned = new WeakMap<FastifyRequest, string>();
  const findings: string[] = [];
  app.addHook('preSerialization', async (request, _reply, payload) => {
    returned.set(request, JSON.stringify(payload));
    return payload;
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const before = returned.get(request);
    if (before === undefined || typeof payload !== 'string') return payload;
    const lost = differences(JSON.parse(before), JSON.parse(payload));
    if (lost.length) findings.push(`${request.method} ${request.url}: ${lost.join('; ')}`);
    return payload;
  });
  return {
    /** Throws when an answer since the last check lost something to its schema. */
    check() {
      if (findings.length === 0) return;
      const message = findings.splice(0).join('\n');
      throw new Error(`the response schema changed answers:\n${message}`);
    },
  };
}

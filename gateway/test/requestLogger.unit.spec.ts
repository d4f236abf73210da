import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { requestLogger } from '../src/requestLogger.js';

function parentAt(level: string) {
  const lines: { reqId?: string; msg?: string; level: number; n?: number }[] = [];
  const parent = pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const child = vi.spyOn(parent, 'child');
  return { parent: parent as unknown as FastifyBaseLogger, lines, child };
}

describe("a request's logger", () => {
  it('makes no pino child for a request that logs nothing at an enabled level', () => {
    const { parent, lines, child } = parentAt('warn');
    const log = requestLogger(parent, { reqId: 'r1' }, {});
    log.info({ n: 1 }, 'incoming request');
    log.debug('details');
    expect(lines).toEqual([]);
    expect(child).not.toHaveBeenCalled();
  });

  it("writes with the request's bindings once it logs, through one child", () => {
    const { parent, lines, child } = parentAt('warn');
    const log = requestLogger(parent, { reqId: 'r2' }, {});
    log.warn({ n: 2 }, 'slow');
    log.error('failed');
    log.info('not at this level');
    expect(lines.map(({ reqId, msg, n }) => ({ reqId, msg, n }))).toEqual([
      { reqId: 'r2', msg: 'slow', n: 2 },
      { reqId: 'r2', msg: 'failed', n: undefined },
    ]);
    expect(child).toHaveBeenCalledTimes(1);
    expect(log.child({ part: 'x' }, {})).toBeTruthy();
  });

  it('gives a route with a level of its own its child at once', () => {
    const { parent, lines } = parentAt('warn');
    const log = requestLogger(parent, { reqId: 'r3' }, { level: 'debug' });
    log.debug('shown');
    expect(lines.map((l) => l.msg)).toEqual(['shown']);
    expect(log.level).toBe('debug');
  });
});

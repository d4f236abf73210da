import { beforeEach, describe, expect, it } from 'vitest';
import { captureErrors } from '../src/errorLog/captureErrors';
import {
  addErrorLog,
  clearErrorLog,
  describeError,
  ERROR_LOG_LIMIT,
  type ErrorLogEntry,
  getErrorLog,
  subscribeErrorLog,
} from '../src/errorLog/errorLogStore';

const entry = (message: string): Omit<ErrorLogEntry, 'id'> => ({
  source: 'window',
  message,
  url: 'http://localhost/system/#/index',
  time: 1,
});

describe('the error log store (SPEC §3: add and clear)', () => {
  beforeEach(() => clearErrorLog());

  it('adds entries with ids in order and tells its subscribers', () => {
    let told = 0;
    const stop = subscribeErrorLog(() => told++);
    addErrorLog(entry('a'));
    addErrorLog(entry('b'));
    stop();
    addErrorLog(entry('c'));
    expect(getErrorLog().map(({ message }) => message)).toEqual(['a', 'b', 'c']);
    const [first, second] = getErrorLog();
    expect(second!.id).toBeGreaterThan(first!.id);
    expect(told).toBe(2);
  });

  it('clears, giving a new list (React sees the change)', () => {
    addErrorLog(entry('a'));
    const before = getErrorLog();
    clearErrorLog();
    expect(getErrorLog()).toEqual([]);
    expect(getErrorLog()).not.toBe(before);
  });

  it('keeps the newest entries when errors come in a loop', () => {
    for (let index = 0; index < ERROR_LOG_LIMIT + 5; index++) addErrorLog(entry(String(index)));
    expect(getErrorLog()).toHaveLength(ERROR_LOG_LIMIT);
    expect(getErrorLog()[0]!.message).toBe('5');
  });

  it('describes whatever was thrown', () => {
    const error = new TypeError('x is undefined');
    expect(describeError(error)).toEqual({ message: 'x is undefined', stack: error.stack });
    expect(describeError('plain')).toEqual({ message: 'plain' });
    expect(describeError({ code: 500 })).toEqual({ message: '{"code":500}' });
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(describeError(circular).message).toBe('[object Object]');
  });
});

describe('capturing the page’s errors', () => {
  const page = () => Object.assign(new EventTarget(), { location: { href: 'http://localhost/system/#/work' } });
  const fire = (target: EventTarget, type: string, fields: object) =>
    target.dispatchEvent(Object.assign(new Event(type), fields));

  it('logs uncaught errors and unhandled rejections with the page and the time', () => {
    const target = page();
    const logged: Omit<ErrorLogEntry, 'id'>[] = [];
    const stop = captureErrors(
      target as unknown as Window,
      (added) => logged.push(added),
      () => 42,
    );
    const error = new Error('boom');
    fire(target, 'error', { message: 'Uncaught Error: boom', error });
    fire(target, 'unhandledrejection', { reason: 'no network' });
    expect(logged).toEqual([
      { source: 'window', message: 'boom', stack: error.stack, url: 'http://localhost/system/#/work', time: 42 },
      { source: 'promise', message: 'no network', stack: undefined, url: 'http://localhost/system/#/work', time: 42 },
    ]);

    stop();
    fire(target, 'error', { message: 'later', error: new Error('later') });
    expect(logged).toHaveLength(2);
  });

  it('ignores the error events of resources that failed to load', () => {
    const target = page();
    const logged: unknown[] = [];
    captureErrors(target as unknown as Window, (added) => logged.push(added));
    fire(target, 'error', {});
    expect(logged).toEqual([]);
  });
});

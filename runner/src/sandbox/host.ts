import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';
import type { CallState } from './call.js';
import { LIBRARY_SOURCES } from './libraries.js';

/** What the host functions need from the VM: the call in progress and the clock of library loads. */
export interface HostSide {
  current: CallState | undefined;
  loadBegin(): void;
  loadEnd(): void;
}

/**
 * The only functions the prelude can reach outside QuickJS. Each takes strings and numbers and gives back a
 * string, a number or nothing; each acts on the call in progress (its variables, console, timers, requests).
 */
export function installHost(context: QuickJSContext, side: HostSide): QuickJSHandle {
  const text = (handle: QuickJSHandle | undefined): string => {
    if (!handle || context.typeof(handle) !== 'string') throw new TypeError('host function expects a string');
    return context.getString(handle);
  };
  const number = (handle: QuickJSHandle | undefined): number =>
    handle && context.typeof(handle) === 'number' ? context.getNumber(handle) : 0;
  const call = (): CallState => {
    if (!side.current) throw new Error('no script call in progress');
    return side.current;
  };
  const optional = (value: string | undefined) => (value === undefined ? context.undefined : context.newString(value));

  const functions: Record<string, (...args: QuickJSHandle[]) => QuickJSHandle | undefined> = {
    get: (scope, name) => optional(call().get(text(scope), text(name))),
    set: (scope, name, value) => void call().set(text(scope), text(name), text(value)),
    unset: (scope, name) => void call().unset(text(scope), text(name)),
    clear: (scope) => void call().clear(text(scope)),
    all: (scope) => context.newString(call().all(text(scope))),
    find: (name) => context.newString(call().find(text(name))),
    replace: (input, extra, scope) => context.newString(call().replace(text(input), text(extra), text(scope))),
    log: (level, line) => context.newNumber(call().log(text(level), text(line))),
    random: (bytes) => context.newString(call().random(number(bytes))),
    timer: (id, ms, repeat) => void call().timer(number(id), number(ms), number(repeat) === 1),
    clearTimer: (id) => void call().clearTimer(number(id)),
    send: (id, spec) => void call().startSend(number(id), text(spec)),
    module: (name) => {
      const wanted = text(name);
      if (!Object.hasOwn(LIBRARY_SOURCES, wanted)) throw new TypeError('unknown library');
      return context.newString(LIBRARY_SOURCES[wanted]!.source);
    },
    loadBegin: () => void side.loadBegin(),
    loadEnd: () => void side.loadEnd(),
  };

  const host = context.newObject();
  for (const [name, fn] of Object.entries(functions)) {
    const handle = context.newFunction(name, fn);
    context.setProp(host, name, handle);
    handle.dispose();
  }
  return host;
}

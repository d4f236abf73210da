import { randomBytes } from 'node:crypto';
import type { ScriptRun } from '../model.js';
import type { VariableScopes } from '../ports.js';
import { replaceVariables, SCOPE_PRECEDENCE, type ScopeName } from '../variables/index.js';
import { MAX_SCOPES_CHARS, MAX_TIMERS, MAX_VARIABLE_CHARS, wallLimitMs } from './limits.js';
import type { FromWorker, ScopeWrite, WorkerInput, WorkerLimits } from './protocol.js';

type ConsoleEntry = ScriptRun['console'][number];
type SendRequest = Extract<FromWorker, { type: 'send' }>['request'];

export interface CallEvent {
  kind: 'timer' | 'http';
  id: number;
  payload: string;
}

const SCOPES = new Set<string>(SCOPE_PRECEDENCE);
const LEVELS = new Set(['log', 'info', 'warn', 'error', 'debug']);
const scopeName = (name: string): ScopeName => {
  if (!SCOPES.has(name)) throw new TypeError(`unknown scope ${name}`);
  return name as ScopeName;
};

/**
 * One script call's host-side state, which the host functions act on: the variables (a copy whose writes are
 * also recorded for the live maps), the console kept within its limit, the timers and requests in flight, and
 * the events waiting to be delivered into QuickJS.
 */
export class CallState {
  readonly writes: ScopeWrite[] = [];
  readonly console: ConsoleEntry[] = [];
  consoleTruncated = false;
  cpuRemainingMs: number;
  readonly wallDeadline: number;
  private outputRoom: number;
  private scopesChars = 0;
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private readonly requests = new Set<number>();
  private readonly events: CallEvent[] = [];
  private wake: (() => void) | undefined;

  constructor(
    readonly input: WorkerInput,
    readonly limits: WorkerLimits,
    private readonly send: (requestId: number, request: SendRequest) => void,
  ) {
    this.cpuRemainingMs = limits.scriptTimeoutMs;
    this.wallDeadline = performance.now() + wallLimitMs(limits);
    this.outputRoom = limits.scriptOutputBytes;
    for (const scope of SCOPE_PRECEDENCE) {
      for (const [name, value] of input.scopes[scope]) this.scopesChars += name.length + value.length;
    }
  }

  get scopes(): VariableScopes {
    return this.input.scopes;
  }

  /** Bytes of console output still kept. */
  get room(): number {
    return this.outputRoom;
  }

  get(scope: string, name: string): string | undefined {
    return this.input.scopes[scopeName(scope)].get(name);
  }

  set(scope: string, name: string, value: string): void {
    const target = scopeName(scope);
    if (target === 'data') throw new TypeError('迭代数据只读');
    if (value.length > MAX_VARIABLE_CHARS) throw new RangeError(`变量「${name.slice(0, 50)}」的值超过 5 MB`);
    const previous = this.input.scopes[target].get(name);
    const grown = this.scopesChars + value.length - (previous?.length ?? -name.length);
    if (grown > MAX_SCOPES_CHARS) throw new RangeError('变量总大小超过 64 MB');
    this.scopesChars = grown;
    this.input.scopes[target].set(name, value);
    this.writes.push(['set', target, name, value]);
  }

  unset(scope: string, name: string): void {
    const target = scopeName(scope);
    if (target === 'data') throw new TypeError('迭代数据只读');
    this.input.scopes[target].delete(name);
    this.writes.push(['unset', target, name]);
  }

  clear(scope: string): void {
    const target = scopeName(scope);
    if (target === 'data') throw new TypeError('迭代数据只读');
    this.input.scopes[target].clear();
    this.writes.push(['clear', target]);
  }

  /** The scope holding a name by precedence, or ''. */
  find(name: string): string {
    for (const scope of SCOPE_PRECEDENCE) if (this.input.scopes[scope].has(name)) return scope;
    return '';
  }

  all(scope: string): string {
    return JSON.stringify(Object.fromEntries(this.input.scopes[scopeName(scope)]));
  }

  /** replaceIn and replaceSubstitutions: the run's one resolver, over one scope or all of them. */
  replace(text: string, extraJson: string, onlyScope: string): string {
    const extra = extraJson ? (JSON.parse(extraJson) as Record<string, string>) : undefined;
    let scopes = this.input.scopes;
    if (onlyScope) {
      const only = scopeName(onlyScope);
      scopes = { globals: new Map(), collection: new Map(), environment: new Map(), data: new Map(), local: new Map() };
      scopes[only] = this.input.scopes[only];
    }
    return replaceVariables(text, scopes, extra ? { extra } : {}).text;
  }

  /** Keeps what fits of the line; returns the room left (0 once the limit is reached). */
  log(level: string, text: string): number {
    if (this.outputRoom <= 0) return 0;
    const bytes = Buffer.byteLength(text);
    let kept = text;
    if (bytes > this.outputRoom) {
      kept = Buffer.from(text)
        .subarray(0, this.outputRoom)
        .toString()
        .replace(/\uFFFD$/, '');
      this.consoleTruncated = true;
    }
    this.console.push({ level: (LEVELS.has(level) ? level : 'log') as ConsoleEntry['level'], text: kept });
    this.outputRoom = this.consoleTruncated ? 0 : this.outputRoom - bytes;
    return this.outputRoom;
  }

  random(bytes: number): string {
    return randomBytes(Math.max(0, Math.min(65_536, Math.floor(bytes)))).toString('hex');
  }

  timer(id: number, ms: number, repeat: boolean): void {
    if (this.timers.size >= MAX_TIMERS) throw new RangeError(`同时等待的定时器超过 ${MAX_TIMERS} 个`);
    const delay = Math.min(Math.max(0, ms), 2 ** 31 - 1);
    const fire = () => {
      if (repeat) this.timers.set(id, setTimeout(fire, Math.max(1, delay)));
      else this.timers.delete(id);
      this.push({ kind: 'timer', id, payload: '' });
    };
    this.timers.set(id, setTimeout(fire, delay));
  }

  clearTimer(id: number): void {
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
  }

  startSend(id: number, specJson: string): void {
    const spec = JSON.parse(specJson) as { method: string; url: string; headers: [string, string][]; body?: string };
    this.requests.add(id);
    const remaining = Math.max(1, Math.floor(this.wallDeadline - performance.now()));
    this.send(id, {
      method: spec.method,
      url: spec.url,
      headers: spec.headers,
      ...(spec.body === undefined ? {} : { body: spec.body }),
      timeoutMs: Math.min(this.limits.requestTimeoutMs, remaining),
    });
  }

  /** An answer from the main thread, as the prelude reads it. */
  answered(id: number, payload: string): void {
    if (!this.requests.delete(id)) return;
    this.push({ kind: 'http', id, payload });
  }

  /** Timers armed or requests unanswered. */
  get outstanding(): boolean {
    return this.timers.size > 0 || this.requests.size > 0;
  }

  takeEvents(): CallEvent[] {
    return this.events.splice(0);
  }

  /** Resolves when an event comes, or at the call's wall deadline (false then). */
  waitForEvent(): Promise<boolean> {
    if (this.events.length) return Promise.resolve(true);
    const left = this.wallDeadline - performance.now();
    if (left <= 0) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timeout = setTimeout(() => {
        this.wake = undefined;
        resolve(false);
      }, left);
      this.wake = () => {
        clearTimeout(timeout);
        this.wake = undefined;
        resolve(true);
      };
    });
  }

  /** Stops the timers; late answers are ignored. */
  end(): void {
    for (const timeout of this.timers.values()) clearTimeout(timeout);
    this.timers.clear();
    this.requests.clear();
    this.wake = undefined;
  }

  private push(event: CallEvent): void {
    this.events.push(event);
    this.wake?.();
  }
}

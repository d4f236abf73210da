import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError, type Sandbox, type ScriptOutput } from '../src/ports.js';
import { emptyScopes } from '../src/variables/index.js';
import { FakeHttp, makeSandbox, response, run, TEST_LIMITS } from './sandboxHarness.js';

/**
 * The known ways out of a script sandbox, each contained and reported, and the sandbox still answering the next
 * script. The payloads of YApi's mock-script escape (issues #2099, #2233, and the one found in the wild in #2258)
 * try to run a command that would create a marker file: the file must never appear.
 */
const marker = join(tmpdir(), `pmbok-sandbox-escape-${process.pid}`);
const command = `touch ${marker}`;

const http = new FakeHttp();
let sandbox: Sandbox;
beforeAll(async () => {
  rmSync(marker, { force: true });
  sandbox = await makeSandbox(http);
});
afterAll(() => {
  sandbox.dispose();
  rmSync(marker, { force: true });
});

/**
 * Runs a payload, checking that this thread's event loop kept turning meanwhile (the server serves other users
 * while a script computes: scripts run in their own thread), then that the same sandbox still runs a plain script.
 */
async function attempt(code: string): Promise<{ out: ScriptOutput; ms: number }> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const out = await run(sandbox, { code, response: response('{"ok":true}') });
  const ms = performance.now() - started;
  delay.disable();
  // Far below any limit's second: a loaded machine delays timers by tens of milliseconds, not by a script's run.
  expect(delay.max / 1e6, 'the main thread was blocked').toBeLessThan(500);
  const next = await run(sandbox, {
    code: "pm.test('still works', function () { pm.expect(pm.response.json().ok).to.equal(true); });",
    response: response('{"ok":true}'),
  });
  expect(next.run.error).toBeUndefined();
  expect(next.tests).toMatchObject([{ name: 'still works', passed: true }]);
  return { out, ms };
}

// A loaded machine (two cores shared by several jobs) answers late: bounds carry this much slack.
const SLACK_MS = 1_500;

describe('YApi’s published escapes and the constructor family', () => {
  const payloads: [string, string][] = [
    [
      'YApi #2099 / #2233',
      `const sandbox = this
       const ObjectConstructor = this.constructor
       const FunctionConstructor = ObjectConstructor.constructor
       const myfun = FunctionConstructor('return process')
       const process = myfun()
       mockJson = process.mainModule.require("child_process").execSync("${command}").toString()`,
    ],
    [
      'YApi #2258 (in the wild)',
      `const ObjectConstructor = this.constructor;
       const FunctionConstructor = ObjectConstructor.constructor;
       const process = FunctionConstructor('return process')();
       mockJson = process.mainModule.require("child_process").execSync("${command}").toString()`,
    ],
    [
      'this.constructor.constructor',
      `this.constructor.constructor('return process')().mainModule.require('child_process').execSync('${command}')`,
    ],
    [
      'a pm function’s constructor',
      `pm.test.constructor('return process')().mainModule.require('child_process').execSync('${command}')`,
    ],
    [
      'an async function’s constructor',
      `(async function () {}).constructor('return process')().then(function (p) { p.mainModule.require('child_process').execSync('${command}'); })`,
    ],
    [
      'an error’s constructor',
      `try { null.x } catch (e) { e.constructor.constructor('return process')().mainModule.require('child_process').execSync('${command}') }`,
    ],
    ['require of Node modules', `require('child_process').execSync('${command}')`],
    [
      'dynamic import',
      `import('child_process').then(function (m) { m.execSync('${command}'); }); import('std').then(function (m) { m.system('${command}'); });`,
    ],
  ];

  it.each(payloads)('%s reaches nothing outside', async (_name, code) => {
    const { out } = await attempt(code);
    expect(out.run.error === undefined || ['runtime', 'unsupported'].includes(out.run.error.kind)).toBe(true);
    expect(existsSync(marker)).toBe(false);
  });

  it('Function("return this")() is QuickJS’s own global, with nothing of Node’s', async () => {
    const { out } = await attempt(`var g = Function('return this')();
      console.log(Object.getOwnPropertyNames(g).join(','));
      console.log(typeof g.process, typeof g.global, typeof g.module, typeof g.Buffer, typeof g.host, typeof g.fetch, typeof g.WebAssembly);`);
    const [names, types] = out.run.console.map((c) => c.text);
    const globals = names!.split(',');
    for (const node of [
      'process',
      'global',
      'module',
      'exports',
      '__dirname',
      'Buffer',
      'host',
      'fetch',
      'WebAssembly',
    ]) {
      expect(globals).not.toContain(node);
    }
    expect(globals).toContain('pm');
    expect(types).toBe('undefined undefined undefined undefined undefined undefined undefined');
  });

  it('cannot walk up from a pm function to its callers', async () => {
    const { out } = await attempt(`try { console.log(typeof pm.test.caller); } catch (e) { console.log(e.name); }
      (function f() { console.log(typeof f.caller, typeof arguments.callee.caller); })();`);
    expect(out.run.console.map((c) => c.text)).toEqual(['TypeError', 'undefined undefined']);
  });
});

describe('prototype pollution stays inside', () => {
  it('leaves the host’s prototypes untouched', async () => {
    const { out } = await attempt(`Object.prototype.polluted = 1;
      ({}).__proto__.polluted2 = 2;
      pm.__proto__.polluted3 = 3;
      JSON.__proto__.polluted4 = 4;
      Array.prototype.polluted5 = 5;
      Object.getPrototypeOf(pm.response).polluted6 = 6;
      String.prototype.polluted7 = 7;
      Function.prototype.polluted8 = 8;
      this.constructor.prototype.polluted9 = 9;
      console.log(({}).polluted, [].polluted5);`);
    expect(out.run.error).toBeUndefined();
    expect(out.run.console[0]?.text).toBe('1 5');
    const probe: Record<string, unknown> = {};
    for (const key of ['polluted', 'polluted2', 'polluted3', 'polluted4', 'polluted6', 'polluted9']) {
      expect(probe[key]).toBeUndefined();
      expect(Object.hasOwn(Object.prototype, key)).toBe(false);
    }
    expect((JSON as unknown as Record<string, unknown>).polluted4).toBeUndefined();
    expect(([] as unknown as Record<string, unknown>).polluted5).toBeUndefined();
    expect(('' as unknown as Record<string, unknown>).polluted7).toBeUndefined();
    expect((Function.prototype as unknown as Record<string, unknown>).polluted8).toBeUndefined();
  });
});

describe('limits', () => {
  it('stops while(true){} on CPU time, and the server keeps serving meanwhile', async () => {
    const { out, ms } = await attempt('while (true) {}');
    expect(out.run.error).toEqual({ kind: 'timeout', message: '脚本运行超过 1000 ms，已中止' });
    expect(ms).toBeGreaterThanOrEqual(TEST_LIMITS.scriptTimeoutMs);
    expect(ms).toBeLessThan(TEST_LIMITS.scriptTimeoutMs + SLACK_MS);
  });

  it('stops a loop that catches everything, and a flood of promise jobs', async () => {
    for (const code of [
      'for (;;) { try { while (true) {} } catch (e) {} }',
      '(function f() { Promise.resolve().then(f); })()',
    ]) {
      const { out, ms } = await attempt(code);
      expect(out.run.error?.kind, code).toBe('timeout');
      expect(ms).toBeLessThan(TEST_LIMITS.scriptTimeoutMs + SLACK_MS);
    }
  });

  it.each([
    ['new Array(2**31).fill(0)', 'memory'],
    ["'x'.repeat(2**28)", 'memory'],
    ['new ArrayBuffer(2**30)', 'memory'],
    ['var a = []; for (;;) a.push({ i: a.length, pad: "x".repeat(1000) + a.length })', 'memory'],
    ["'x'.repeat(2**31)", 'runtime'],
    ['new ArrayBuffer(2**31)', 'runtime'],
  ])('contains the 2 GB allocation %s (%s)', async (code, kind) => {
    const { out, ms } = await attempt(code);
    expect(out.run.error?.kind).toBe(kind);
    if (kind === 'memory') expect(out.run.error?.message).toBe('脚本内存超过 32 MB，已中止');
    else expect(out.run.error?.message).toMatch(/^RangeError: /);
    expect(ms).toBeLessThan(TEST_LIMITS.scriptTimeoutMs + SLACK_MS);
  });

  it('stops deep recursion, in scripts and in the parser and JSON', async () => {
    for (const code of [
      'function f() { return f() + 1; } f();',
      'JSON.parse("[".repeat(100000))',
      'eval("(".repeat(100000) + "1" + ")".repeat(100000))',
      'var g = function (n) { return g(n + 1); }; for (var i = 0; i < 5; i++) g = g.bind(null); g(0)',
    ]) {
      const { out, ms } = await attempt(code);
      expect(out.run.error?.kind, code).toBe('stack');
      expect(out.run.error?.message).toBe('脚本调用栈超过 512 KB（递归太深），已中止');
      expect(ms).toBeLessThan(TEST_LIMITS.scriptTimeoutMs + SLACK_MS);
    }
  });

  it('ends a thread stuck in a native loop the interrupt handler does not reach', async () => {
    for (const code of [
      'var a = []; for (var i = 0; i < 100000; i++) a = [a]; JSON.stringify(a)',
      'new Array(2**32 - 1).indexOf(1)',
      'var o = { toJSON: function () { return { a: o }; } }; JSON.stringify(o)',
    ]) {
      const { out, ms } = await attempt(code);
      expect(out.run.error, code).toEqual({ kind: 'timeout', message: '脚本运行超过 1000 ms，已中止' });
      // The main thread ends the thread 1 s after its CPU time (checked every 100 ms).
      expect(ms).toBeLessThan(TEST_LIMITS.scriptTimeoutMs + 1_100 + SLACK_MS);
    }
  });

  it('bounds a 100 MB console.log, in one piece or in many', async () => {
    const whole = await attempt("console.log('x'.repeat(100 * 1024 * 1024))");
    expect(whole.out.run.error?.kind).toBe('memory');
    const pieces = await attempt("for (var i = 0; i < 100; i++) console.log('x'.repeat(1024 * 1024));");
    expect(pieces.out.run.error).toEqual({ kind: 'output', message: '控制台输出超过 64 KB，超出部分已截断' });
    expect(pieces.out.run.consoleTruncated).toBe(true);
    expect(pieces.out.run.console.reduce((n, c) => n + c.text.length, 0)).toBe(TEST_LIMITS.scriptOutputBytes);
    expect(pieces.ms).toBeLessThan(TEST_LIMITS.scriptTimeoutMs + SLACK_MS);
  });

  it('bounds what scripts leave in the variables', async () => {
    const scopes = emptyScopes();
    const out = await run(sandbox, {
      scopes,
      code: "for (var i = 0; ; i++) pm.environment.set('k' + i, 'x'.repeat(4e6));",
    });
    expect(out.run.error).toMatchObject({ kind: 'runtime', message: 'RangeError: 变量总大小超过 64 MB' });
    const chars = [...scopes.environment.values()].reduce((n, v) => n + v.length, 0);
    expect(chars).toBeLessThanOrEqual(32 * 1024 * 1024);
  });
});

describe('pm.sendRequest is the only way out, through the run’s client', () => {
  it('sends metadata, loopback and private addresses to the guarded client, which refuses them', async () => {
    http.sent.length = 0;
    const refused = [
      '169.254.169.254',
      '127.0.0.1',
      '0x7f000001',
      '[::ffff:127.0.0.1]',
      'localhost.example-rebind.test',
    ];
    http.answer = (request) => {
      throw new HttpError('guard', `不允许访问内网地址：${new URL(request.url).hostname}`);
    };
    try {
      const { out } =
        await attempt(`var targets = ${JSON.stringify(refused.map((host) => `http://${host}/latest/meta-data/`))};
        targets.forEach(function (url) { pm.sendRequest(url, function (err) { console.log(err ? err.message : 'answered'); }); });
        console.log(typeof fetch, typeof XMLHttpRequest, typeof WebSocket);`);
      expect(out.run.console[0]?.text).toBe('undefined undefined undefined');
      expect(out.run.console.slice(1).map((c) => c.text)).toEqual(
        refused.map((host) => `不允许访问内网地址：${new URL(`http://${host}/`).hostname}`),
      );
      expect(http.sent.map((r) => r.url)).toEqual(refused.map((host) => `http://${host}/latest/meta-data/`));
    } finally {
      http.answer = () => {
        throw new Error('unexpected request');
      };
    }
  });
});

describe('a thread that cannot go on', () => {
  it('holds a stack limit past what QuickJS’s WebAssembly stack can take to that stack (4 MB)', async () => {
    const own = await makeSandbox(new FakeHttp(), { ...TEST_LIMITS, scriptStackBytes: 64 * 1024 * 1024 });
    try {
      const out = await run(own, { code: 'function f() { return f() + 1; } f();' });
      expect(out.run.error).toMatchObject({ kind: 'stack', message: '脚本调用栈超过 4 MB（递归太深），已中止' });
      const next = await run(own, {
        code: 'console.log(JSON.stringify({ a: [1, 2] }), Object.keys({ x: 1, y: 2 }).length)',
      });
      expect(next.run.console).toEqual([{ level: 'log', text: '{"a":[1,2]} 2' }]);
    } finally {
      own.dispose();
    }
  });

  it('waits no longer than its wall time for timers that never end', async () => {
    const own = await makeSandbox(new FakeHttp(), { ...TEST_LIMITS, requestTimeoutMs: 500 });
    try {
      const started = performance.now();
      const out = await run(own, { code: 'setInterval(function () {}, 1);' });
      expect(out.run.error).toEqual({
        kind: 'timeout',
        message: '脚本等待超过 1.5 s（定时器或 pm.sendRequest 没有结束），已中止',
      });
      expect(performance.now() - started).toBeLessThan(1_500 + SLACK_MS);
      const next = await run(own, { code: 'console.log(1)' });
      expect(next.run.console).toEqual([{ level: 'log', text: '1' }]);
    } finally {
      own.dispose();
    }
  });
});

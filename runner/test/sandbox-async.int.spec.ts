import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError, type Sandbox } from '../src/ports.js';
import { FakeHttp, jsonResponse, makeSandbox, response, run } from './sandboxHarness.js';

const http = new FakeHttp();
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await makeSandbox(http);
});
afterAll(() => sandbox.dispose());

describe('timers and promises', () => {
  it('runs timers by their delay, skips cleared ones, and waits for them before the outcome', async () => {
    const out = await run(sandbox, {
      code: `var order = [];
        function check() {
          if (order.length < 4) return;
          pm.test('order', function () {
            pm.expect(order[0]).to.equal('micro');
            pm.expect(order.filter(function (x) { return x !== 'i3'; })).to.deep.equal(['micro', 'a', 'b']);
            pm.expect(order).to.include('i3');
          });
        }
        setTimeout(function () { order.push('b'); check(); }, 20);
        setTimeout(function (x) { order.push(x); check(); }, 5, 'a');
        var gone = setTimeout(function () { order.push('never'); }, 10);
        clearTimeout(gone);
        var n = 0; var every = setInterval(function () { if (++n === 3) { clearInterval(every); order.push('i3'); check(); } }, 2);
        Promise.resolve().then(function () { order.push('micro'); });`,
    });
    expect(out.run.error).toBeUndefined();
    expect(out.tests).toMatchObject([{ name: 'order', passed: true }]);
  });

  it('reports an error thrown in a timer callback', async () => {
    const out = await run(sandbox, { code: "setTimeout(function () { throw new TypeError('定时器里出错'); }, 1);" });
    expect(out.run.error).toMatchObject({ kind: 'runtime', message: 'TypeError: 定时器里出错' });
  });

  it('runs a script with await as an async function', async () => {
    const out = await run(sandbox, {
      code: "await new Promise(function (r) { setTimeout(r, 1); }); pm.environment.set('after', 'await');",
    });
    expect(out.run.error).toBeUndefined();
    expect(out.run.console).toEqual([]);
  });
});

describe('pm.sendRequest', () => {
  it('sends through the run’s client only, with a callback or as a promise', async () => {
    http.sent.length = 0;
    const out = await run(sandbox, {
      response: response('{}'),
      code: `pm.sendRequest('https://api.example.com/ping', function (err, res) {
          pm.test('callback', function () { pm.expect(err).to.equal(null); pm.expect(res.code).to.equal(200); pm.expect(res.json().url).to.equal('https://api.example.com/ping'); });
        });
        var res = await pm.sendRequest({
          url: 'https://api.example.com/login', method: 'post',
          header: [{ key: 'X-A', value: '1' }, { key: 'X-Off', value: '0', disabled: true }],
          body: { mode: 'raw', raw: { user: 'u' } },
        });
        pm.test('promise', function () { pm.expect(res.json().method).to.equal('POST'); res.to.have.status(200); });
        await pm.sendRequest({ url: 'https://api.example.com/form', method: 'PUT', header: { 'X-B': '2' },
          body: { mode: 'urlencoded', urlencoded: [{ key: 'a b', value: '1&2' }] } });`,
    });
    expect(out.run.error).toBeUndefined();
    expect(out.tests.map((t) => [t.name, t.passed, t.message])).toEqual([
      ['callback', true, undefined],
      ['promise', true, undefined],
    ]);
    expect(http.sent).toEqual([
      { method: 'GET', url: 'https://api.example.com/ping', headers: [], timeoutMs: 5000 },
      {
        method: 'POST',
        url: 'https://api.example.com/login',
        headers: [['X-A', '1']],
        body: '{"user":"u"}',
        timeoutMs: expect.any(Number),
      },
      {
        method: 'PUT',
        url: 'https://api.example.com/form',
        headers: [
          ['X-B', '2'],
          ['Content-Type', 'application/x-www-form-urlencoded'],
        ],
        body: 'a%20b=1%262',
        timeoutMs: expect.any(Number),
      },
    ]);
    expect(http.sent.every((r) => r.timeoutMs <= 5000)).toBe(true);
  });

  it('hands the client’s refusal to the script as an error', async () => {
    http.answer = () => {
      throw new HttpError('guard', '不允许访问内网地址 169.254.169.254');
    };
    try {
      const out = await run(sandbox, {
        code: `pm.sendRequest('http://169.254.169.254/latest/meta-data', function (err, res) {
            console.log(err.message, res);
          });
          pm.sendRequest('http://127.0.0.1/').catch(function (e) { console.log('rejected: ' + e.message); });`,
      });
      expect(out.run.console.map((c) => c.text)).toEqual([
        '不允许访问内网地址 169.254.169.254 undefined',
        'rejected: 不允许访问内网地址 169.254.169.254',
      ]);
    } finally {
      http.answer = (request) => jsonResponse({ url: request.url, method: request.method });
    }
  });
});

describe('pm.sendRequest limits', () => {
  it('refuses requests past maxSendRequests for the run', async () => {
    const own = new FakeHttp();
    const limited = await makeSandbox(own);
    try {
      const out = await run(limited, {
        code: `var errors = [], answered = 0;
          for (var i = 0; i < 7; i++) pm.sendRequest('https://api.example.com/' + i, function (err) {
            if (err) errors.push(err.message);
            if (++answered === 7) console.log(errors.length, errors[0]);
          });`,
      });
      expect(out.run.console[0]?.text).toBe('2 pm.sendRequest 的次数超过上限（5 次）');
      expect(own.sent).toHaveLength(5);
    } finally {
      limited.dispose();
    }
  });
});

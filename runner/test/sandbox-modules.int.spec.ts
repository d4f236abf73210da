import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../src/ports.js';
import { emptyScopes } from '../src/variables/index.js';
import { makeSandbox, response, run, TEST_LIMITS } from './sandboxHarness.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await makeSandbox();
});
afterAll(() => sandbox.dispose());

describe('require and the library globals', () => {
  it('gives lodash (also as _), chai, uuid and moment', async () => {
    const out = await run(sandbox, {
      code: `var lodash = require('lodash');
        console.log(lodash === _, _.get({ a: [{ b: 3 }] }, 'a[0].b'), _.uniq([1, 1, 2]).length);
        console.log(typeof require('chai').expect, require('uuid').validate(require('uuid').v4()));
        console.log(require('moment')('2024-02-28').add(1, 'day').format('YYYY-MM-DD'));`,
    });
    expect(out.run.error).toBeUndefined();
    expect(out.run.console.map((c) => c.text)).toEqual(['true 3 2', 'function true', '2024-02-29']);
  });

  it('signs with crypto-js (also as CryptoJS) as Node’s crypto does', async () => {
    const out = await run(sandbox, {
      code: `var C = require('crypto-js');
        console.log(C === CryptoJS, C.HmacSHA256('GET /users', 'secret').toString(C.enc.Base64), C.MD5('abc').toString(),
          C.enc.Base64.stringify(C.enc.Utf8.parse('中文')), C.lib.WordArray.random(16).toString().length);`,
    });
    const hmac = createHmac('sha256', 'secret').update('GET /users').digest('base64');
    expect(out.run.console[0]?.text).toBe(`true ${hmac} 900150983cd24fb0d6963f7d28e17f72 5Lit5paH 32`);
  });

  it('resolves dynamic and plain variables through postman-collection’s Property', async () => {
    const scopes = emptyScopes();
    scopes.environment.set('host', 'api.example.com');
    const out = await run(sandbox, {
      scopes,
      code: `const { Property, Header, Url } = require('postman-collection');
        console.log(Property.replaceSubstitutions('{{$randomIP}}'));
        console.log(Property.replaceSubstitutions('{{$randomFirstName}}.{{$randomLastName}}'));
        console.log(Property.replaceSubstitutions('https://{{host}}/{{id}}'), Property.replaceSubstitutions('{{id}}', { id: 7 }));
        var u = new Url('https://api.example.com:8443/a/b?x=1#top');
        console.log(u.getHost(), u.port, u.getPath(), u.query.get('x'), u.hash, u.toString());
        console.log(new Header({ key: 'X-A', value: '1' }).toString(), Header.parse('A: 1\\nB: 2').length);`,
    });
    expect(out.run.error).toBeUndefined();
    const [ip, name, urls, url, header] = out.run.console.map((c) => c.text);
    expect(ip).toMatch(/^\d{1,3}(\.\d{1,3}){3}$/);
    expect(name).toMatch(/^[A-Z][a-z]+\.[A-Z][a-z]+$/);
    expect(urls).toBe('https://api.example.com/{{id}} 7');
    expect(url).toBe('api.example.com 8443 /a/b 1 top https://api.example.com:8443/a/b?x=1#top');
    expect(header).toBe('X-A: 1 2');
  });

  it('names what is not supported: Node modules, other libraries, Buffer, pm.require', async () => {
    const cases: [string, string][] = [
      ["require('child_process')", "不支持的脚本接口：require('child_process')"],
      ["require('fs')", "不支持的脚本接口：require('fs')"],
      ["require('xml2js')", "不支持的脚本接口：require('xml2js')"],
      ["Buffer.from('x').toString('base64')", '不支持的脚本接口：Buffer（请用 btoa/atob 或 CryptoJS.enc）'],
      ["pm.require('@team/lib')", '不支持的脚本接口：pm.require'],
      ["require('postman-collection').Request", "不支持的脚本接口：require('postman-collection').Request"],
      ['pm.response.to.have.jsonSchema({})', '不支持的脚本接口：pm.response.to.have.jsonSchema'],
      ['pm.cookies.jar()', '不支持的脚本接口：pm.cookies.jar'],
    ];
    for (const [code, message] of cases) {
      const out = await run(sandbox, { code, response: response('{}') });
      expect(out.run.error?.kind, code).toBe('unsupported');
      expect(out.run.error?.message.startsWith(message), `${code}: ${out.run.error?.message}`).toBe(true);
    }
  });

  it('reports an unsupported API even when a test catches it', async () => {
    const out = await run(sandbox, {
      response: response('{}'),
      code: "pm.test('draws', function () { pm.visualizer.set('<b>x</b>', {}); });",
    });
    expect(out.tests).toMatchObject([
      { name: 'draws', passed: false, message: 'UnsupportedApiError: 不支持的脚本接口：pm.visualizer.set' },
    ]);
    expect(out.run.error).toEqual({ kind: 'unsupported', message: '不支持的脚本接口：pm.visualizer.set' });
  });
});

describe('console and base64', () => {
  it('captures each level, formats values and placeholders', async () => {
    const out = await run(sandbox, {
      code: `console.log('a', 1, { b: [true, null] }); console.info('%s=%d', 'n', 42); console.warn(undefined);
        console.error(new Error('坏')); console.debug([1, 'x']); var c = {}; c.self = c; console.log(c);`,
    });
    expect(out.run.console).toEqual([
      { level: 'log', text: 'a 1 {"b":[true,null]}' },
      { level: 'info', text: 'n=42' },
      { level: 'warn', text: 'undefined' },
      { level: 'error', text: expect.stringMatching(/^Error: 坏\n/) },
      { level: 'debug', text: '[1,"x"]' },
      { level: 'log', text: '{"self":"[Circular]"}' },
    ]);
  });

  it('cuts the output at the limit and says so', async () => {
    const out = await run(sandbox, { code: "for (var i = 0; i < 100; i++) console.log(i + ':' + 'x'.repeat(1024));" });
    const bytes = out.run.console.reduce((sum, c) => sum + Buffer.byteLength(c.text), 0);
    expect(bytes).toBe(TEST_LIMITS.scriptOutputBytes);
    expect(out.run.consoleTruncated).toBe(true);
    expect(out.run.error).toEqual({ kind: 'output', message: '控制台输出超过 64 KB，超出部分已截断' });
  });

  it('has atob and btoa', async () => {
    const out = await run(sandbox, {
      code: "console.log(btoa('user:pass'), atob('dXNlcjpwYXNz'), atob(btoa('\\u00ff\\u0000a')).length)",
    });
    expect(out.run.console[0]?.text).toBe('dXNlcjpwYXNz user:pass 3');
  });
});

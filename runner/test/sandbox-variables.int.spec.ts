import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox, VariableScopes } from '../src/ports.js';
import { emptyScopes } from '../src/variables/index.js';
import { makeSandbox, response, run } from './sandboxHarness.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await makeSandbox();
});
afterAll(() => sandbox.dispose());

function scopes(): VariableScopes {
  const all = emptyScopes();
  all.globals.set('name', 'global').set('token', 'g-token');
  all.collection.set('name', 'collection').set('base', 'https://{{host}}');
  all.environment.set('name', 'environment').set('host', 'api.example.com');
  all.data.set('name', 'data').set('row', '3');
  all.local.set('name', 'local');
  return all;
}

const ok = response('{"token":"t-9","id":42}');

describe('variables in scripts', () => {
  it('reads by precedence and resolves {{references}}', async () => {
    const out = await run(sandbox, {
      scopes: scopes(),
      code: `console.log(pm.variables.get('name'), pm.environment.get('name'), pm.collectionVariables.get('name'),
          pm.globals.get('name'), pm.iterationData.get('name'), pm.variables.get('token'), pm.variables.get('nope'));
        console.log(pm.variables.replaceIn('{{base}}/v1?row={{row}}&x={{missing}}'), pm.variables.has('row'), pm.environment.has('row'));
        console.log(JSON.stringify(pm.variables.toObject()));`,
    });
    expect(out.run.console.map((c) => c.text)).toEqual([
      'local environment collection global data g-token undefined',
      'https://api.example.com/v1?row=3&x={{missing}} true false',
      '{"name":"local","token":"g-token","base":"https://{{host}}","host":"api.example.com","row":"3"}',
    ]);
  });

  it('writes straight into the live scopes, in order: set, unset, clear', async () => {
    const live = scopes();
    const out = await run(sandbox, {
      scopes: live,
      response: ok,
      code: `var body = pm.response.json();
        pm.environment.set('token', body.token);
        pm.collectionVariables.set('id', body.id);
        pm.globals.unset('token');
        pm.variables.set('step', 'two');
        postman.setEnvironmentVariable('legacy', 'yes');
        postman.setGlobalVariable('g2', 'x');
        postman.clearGlobalVariable('g2');
        pm.collectionVariables.clear();
        pm.collectionVariables.set('after', 'clear');`,
    });
    expect(out.run.error).toBeUndefined();
    expect(Object.fromEntries(live.environment)).toEqual({
      name: 'environment',
      host: 'api.example.com',
      token: 't-9',
      legacy: 'yes',
    });
    expect(Object.fromEntries(live.collection)).toEqual({ after: 'clear' });
    expect(Object.fromEntries(live.globals)).toEqual({ name: 'global' });
    expect(live.local.get('step')).toBe('two');
  });

  it('keeps a value’s type for the next script while the scope holds it unchanged', async () => {
    const live = emptyScopes();
    await run(sandbox, {
      scopes: live,
      code: "pm.environment.set('n', 5); pm.environment.set('o', {a: [1]}); pm.globals.set('f', false);",
    });
    expect([live.environment.get('n'), live.environment.get('o'), live.globals.get('f')]).toEqual([
      '5',
      '{"a":[1]}',
      'false',
    ]);
    const typed = await run(sandbox, {
      scopes: live,
      code: "console.log(typeof pm.environment.get('n'), pm.environment.get('o').a[0], pm.globals.get('f') === false)",
    });
    expect(typed.run.console[0]?.text).toBe('number 1 true');
    live.environment.set('n', '6');
    const changed = await run(sandbox, { scopes: live, code: "console.log(typeof pm.environment.get('n'))" });
    expect(changed.run.console[0]?.text).toBe('string');
  });

  it('keeps iteration data read-only', async () => {
    const live = scopes();
    const out = await run(sandbox, { scopes: live, code: "pm.iterationData.set('row', '4')" });
    expect(out.run.error).toMatchObject({
      kind: 'unsupported',
      message: '不支持的脚本接口：pm.iterationData.set（迭代数据只读）',
    });
    expect(live.data.get('row')).toBe('3');
  });
});

describe('the legacy globals', () => {
  it('reads responseBody, responseCode, responseHeaders, responseTime, request, environment, globals, data, iteration', async () => {
    const out = await run(sandbox, {
      scopes: scopes(),
      response: response('{"ok":true}', 201, [['X-Id', '9']]),
      code: `console.log(JSON.parse(responseBody).ok, responseCode.code, responseCode.name, responseHeaders['X-Id'], responseTime);
        console.log(request.method, request.url, request.headers.Accept, environment.host, globals.token, data.row, iteration);
        console.log(postman.getEnvironmentVariable('host'), postman.getGlobalVariable('token'), postman.getResponseHeader('x-id'));`,
    });
    expect(out.run.error).toBeUndefined();
    expect(out.run.console.map((c) => c.text)).toEqual([
      'true 201 Created 9 42',
      'GET https://api.example.com/users/1?fields=name application/json api.example.com g-token 3 0',
      'api.example.com g-token 9',
    ]);
  });

  it('runs the Conduit collection’s style of checks', async () => {
    const out = await run(sandbox, {
      scopes: scopes(),
      response: response('{"user":{"email":"a@b.c","username":"u","bio":null,"image":null,"token":"jwt"}}'),
      code: `if (!(environment.isIntegrationTest)) {
        var responseJSON = JSON.parse(responseBody);
        tests['Response contains "user" property'] = responseJSON.hasOwnProperty('user');
        var user = responseJSON.user || {};
        tests['User has "token" property'] = user.hasOwnProperty('token');
        tests['Response code is 200 OK'] = responseCode.code === 200;
        if (tests['User has "token" property']) { pm.globals.set('token', user.token); }
        tests['Global variable "token" has been set'] = pm.globals.get('token') === user.token;
      }`,
    });
    expect(out.run.error).toBeUndefined();
    expect(out.tests.every((t) => t.passed)).toBe(true);
    expect(out.tests).toHaveLength(4);
  });
});

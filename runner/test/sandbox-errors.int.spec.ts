import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../src/ports.js';
import { makeSandbox, response, run } from './sandboxHarness.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await makeSandbox();
});
afterAll(() => sandbox.dispose());

describe('script errors', () => {
  it.each([
    ['var a = 1;\nvar b = ;', 2, 9, "unexpected token in expression: ';'"],
    ['var = 2', 1, 5, 'variable name expected'],
    ['await 1;\nlet x = {', 2, 10, "expecting ';'"],
    ['pm.test("x", function () {\n  pm.expect(1).to.equal(1);\n', 3, 1, 'unexpected token in expression'],
  ])('gives a syntax error its line and column in the script itself: %j', async (code, line, column, message) => {
    const out = await run(sandbox, { code });
    expect(out.run.error).toMatchObject({ kind: 'syntax', line, column });
    expect(out.run.error?.message).toContain(message);
    expect(out.run.error?.message).toMatch(new RegExp(`^语法错误：.*（第 ${line} 行第 ${column} 列）$`));
    expect(out.tests).toEqual([]);
  });

  it('gives a thrown error its line and column, keeping the tests finished before it', async () => {
    const out = await run(sandbox, {
      response: response('{"items":[]}'),
      code: "pm.test('first', function () {});\nvar items = pm.response.json().items;\n  items[0].id;",
    });
    expect(out.run.error).toEqual({
      kind: 'runtime',
      message: "TypeError: cannot read property 'id' of undefined",
      line: 3,
      column: 11,
    });
    expect(out.tests).toMatchObject([{ name: 'first', passed: true }]);
  });

  it('counts the column of the first line from the script’s start', async () => {
    const out = await run(sandbox, { code: 'null.x' });
    expect(out.run.error).toMatchObject({ kind: 'runtime', line: 1, column: 5 });
  });

  it('reports what a script throws that is not an Error', async () => {
    const out = await run(sandbox, { code: "throw '坏了'" });
    expect(out.run.error).toMatchObject({ kind: 'runtime', message: 'Error: 坏了' });
  });
});

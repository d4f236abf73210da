import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../src/http/index.js';
import { type PlanCase, type RunPlan, runPlan } from '../src/index.js';

/**
 * The whole runner as the server runs it (guarded client, QuickJS sandbox, engine): a user's script tries to reach
 * the machine and its network through pm.sendRequest, and a hostile script tries to take the run down. Each is
 * contained and reported, and no connection reaches the local server standing in for an internal service.
 */

let internal: Server;
let port = 0;
let connections = 0;

beforeAll(async () => {
  internal = createServer((_req, res) => res.end('{"secret":"internal"}'));
  internal.on('connection', () => {
    connections++;
  });
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  port = (internal.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => internal.close(() => resolve())));

const serverPolicy = () => ({
  allowPrivate: false,
  // A public-looking name that resolves to loopback, as a hostile DNS record would.
  // Any other name does not resolve: nothing in these tests may leave the machine.
  resolve: async (name: string) => {
    if (name === 'rebind.example.com') return [{ address: '127.0.0.1', family: 4 }];
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  },
});

function planOf(script: string, limits: RunPlan['limits'] = {}): RunPlan {
  const probe: PlanCase = {
    key: 'probe',
    name: '探测',
    // The request itself goes to a refused address too: its own failure is reported, the scripts still run.
    request: { method: 'GET', url: `http://127.0.0.1:${port}/` },
    preScripts: [{ name: '用例前置脚本', code: script }],
  };
  return {
    name: '安全',
    environment: { name: '生产', baseUrl: '', variables: [] },
    cases: { probe },
    scenarios: {},
    entry: { caseKeys: ['probe'] },
    limits,
  };
}

async function run(plan: RunPlan) {
  const http = createHttpClient(serverPolicy(), { maxRedirects: 3, responseMaxBytes: 1024 * 1024 });
  try {
    return await runPlan(plan, { http });
  } finally {
    await http.close();
  }
}

const targets = [
  'http://169.254.169.254/latest/meta-data/',
  `http://127.0.0.1:${0}/`,
  `http://0x7f000001:${0}/`,
  `http://[::ffff:127.0.0.1]:${0}/`,
  `http://rebind.example.com:${0}/`,
  `http://2130706433:${0}/`,
  `http://localhost:${0}/`,
];

describe('pm.sendRequest on the server', () => {
  it.each(targets)('%s is refused, named in the script, and never connects', async (template) => {
    const url = template.replace(':0/', `:${port}/`);
    const before = connections;
    const report = await run(
      planOf(`
        pm.sendRequest(${JSON.stringify(url)}, function (error, response) {
          pm.test('refused', function () {
            pm.expect(error).to.be.ok;
            pm.expect(response).to.not.be.ok;
            pm.environment.set('refusal', String(error && (error.message || error)));
          });
        });
      `),
    );
    const result = report.results[0]!;
    expect(result.error?.kind).toBe('guard');
    expect(result.scripts[0]?.error).toBeUndefined();
    expect(result.assertions).toEqual([expect.objectContaining({ name: 'refused', passed: true })]);
    expect(connections).toBe(before);
  });
});

describe('hostile scripts in a run', () => {
  const hostile: [string, string, string][] = [
    ['an endless loop', 'while (true) {}', 'timeout'],
    [
      'a 2 GB allocation',
      'const chunks = []; for (let i = 0; i < 2048; i++) chunks.push(new Uint8Array(1024 * 1024));',
      'memory',
    ],
    ['deep recursion', 'const f = (n) => f(n + 1) + 1; f(0);', 'stack'],
    ['the host reached through constructors', "this.constructor.constructor('return process')().exit(1)", 'runtime'],
  ];
  it.each(hostile)('%s ends its script with a reported limit, and the run goes on', async (_name, code, kind) => {
    const plan = planOf(code, { scriptTimeoutMs: 300 });
    plan.cases.after = { key: 'after', name: '之后', request: { method: 'GET', url: 'http://10.0.0.1/' } };
    plan.entry = { caseKeys: ['probe', 'after'] };
    plan.stopOnFailure = false;
    const report = await run(plan);
    expect(report.results[0]!.scripts[0]!.error?.kind).toBe(kind);
    expect(report.results[0]!.passed).toBe(false);
    // The next step still ran: the run survived the script.
    expect(report.results[1]!.error?.kind).toBe('guard');
  });

  it('keeps a script that logs past the console limit: output cut, the step stands', async () => {
    const plan = planOf("console.log('x'.repeat(200000)); pm.test('ran', () => {});", { scriptOutputBytes: 1024 });
    plan.cases.probe!.request.url = 'http://10.0.0.2/';
    const report = await run(plan);
    const script = report.results[0]!.scripts[0]!;
    expect(script.consoleTruncated).toBe(true);
    expect(script.error?.kind).toBe('output');
    expect(report.results[0]!.assertions).toEqual([expect.objectContaining({ name: 'ran', passed: true })]);
    expect(report.summary.scriptErrors).toBe(0);
  });
});

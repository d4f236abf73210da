// The sandbox's cost per script call (docs/benchmarks.md): a small Postman-style test script (parse the JSON body,
// two assertions) run again and again in one sandbox, as a run's requests do. Needs the build (`npm run build`).
// Usage: node runner/bench/sandbox.mjs [calls] [--json]   (--json: one line of JSON, for scripts/bench/runner.mjs)
import { createSandbox } from '../dist/sandbox/index.js';

const json = process.argv.includes('--json');
const calls = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 2000);
const print = (line) => {
  if (!json) console.log(line);
};
const limits = {
  scriptTimeoutMs: 1000,
  scriptMemoryBytes: 32 << 20,
  scriptStackBytes: 512 << 10,
  scriptOutputBytes: 64 << 10,
};
const http = { send: () => Promise.reject(new Error('no requests in this benchmark')), close: async () => {} };
const body = JSON.stringify({ id: 1, name: 'Leanne Graham', email: 'leanne@example.com', tags: ['a', 'b', 'c'] });
const raw = new TextEncoder().encode(body);
const response = {
  status: 200,
  statusText: 'OK',
  headers: [['content-type', 'application/json']],
  body,
  raw,
  size: raw.length,
  timings: { totalMs: 3 },
};
const scopes = () => ({
  globals: new Map(),
  collection: new Map(),
  environment: new Map([['host', 'localhost']]),
  data: new Map(),
  local: new Map(),
});
const request = { method: 'GET', url: 'http://localhost/users/1', headers: [], name: 'user' };
const info = { iteration: 0, iterationCount: 1, requestName: 'user', requestId: 'u1' };

const scripts = {
  'pm.test + pm.expect': `pm.test('user', function () {
    var user = pm.response.json();
    pm.expect(user.id).to.equal(1);
    pm.expect(user.tags).to.have.lengthOf(3);
  });`,
  'legacy tests[...]': `var user = JSON.parse(responseBody);
    tests['has id'] = user.id === 1;
    tests['status 200'] = responseCode.code === 200;`,
};

const created = performance.now();
const sandbox = await createSandbox({ limits, http });
const createMs = performance.now() - created;
print(`createSandbox (thread and QuickJS started): ${createMs.toFixed(1)} ms`);
const results = {};
for (const [name, code] of Object.entries(scripts)) {
  const input = { phase: 'test', name, code, request, response, scopes: scopes(), info };
  const first = performance.now();
  const out = await sandbox.run(input);
  const firstMs = performance.now() - first;
  if (out.run.error || !out.tests.every((t) => t.passed)) throw new Error(`${name}: ${JSON.stringify(out)}`);
  for (let i = 0; i < 100; i++) await sandbox.run(input);
  const times = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await sandbox.run(input);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const at = (q) => times[Math.floor(q * (times.length - 1))];
  results[name] = { firstMs, meanUs: mean * 1000, medianUs: at(0.5) * 1000, p99Us: at(0.99) * 1000 };
  print(
    `${name}: first call ${firstMs.toFixed(1)} ms; then per call mean ${(mean * 1000).toFixed(0)} µs, ` +
      `median ${(at(0.5) * 1000).toFixed(0)} µs, p99 ${(at(0.99) * 1000).toFixed(0)} µs (${calls} calls)`,
  );
}
sandbox.dispose();
if (json) console.log(JSON.stringify({ calls, createMs, scripts: results }));

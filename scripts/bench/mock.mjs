// The mock server's benchmark (issue 17): our `/mock/<projectId>/<path>` against Stoplight Prism on the same real
// OpenAPI document of ../shared/corpus, with a Fastify baseline answering the same JSON, all at the same concurrency
// in the same run. Two routes: a fixed example (`GET /pet/1` answers the document's example) and generated data
// (the same route with `Prefer: dynamic=true`, which both servers read as "generate from the schema").
//
// Prism is not a dependency of the repo: the bench installs @stoplight/prism-cli@5.14.2 (the last release that
// runs on Node 20) on demand into node_modules/.cache/pmbok-bench/prism with `npm install --prefix`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const root = resolve(new URL('../..', import.meta.url).pathname);
export const PET_ZH = resolve(root, '../shared/corpus/zh/apibook-pet-zh.openapi-3.0.1.json');
const PRISM_VERSION = '5.14.2';
const PRISM_DIR = resolve(root, 'node_modules/.cache/pmbok-bench/prism');
const PRISM_BIN = resolve(PRISM_DIR, 'node_modules/@stoplight/prism-cli/dist/index.js');
const ROUTE = '/pet/1';
const SAMPLES = 50;

/** Installs Prism into the bench's cache folder the first time (about 20 s, 185 packages). */
export function ensurePrism(log) {
  const installed = resolve(PRISM_DIR, 'node_modules/@stoplight/prism-cli/package.json');
  if (existsSync(installed) && JSON.parse(readFileSync(installed, 'utf8')).version === PRISM_VERSION) return PRISM_BIN;
  log(`mock: installing @stoplight/prism-cli@${PRISM_VERSION} into ${PRISM_DIR}`);
  mkdirSync(PRISM_DIR, { recursive: true });
  execFileSync(
    'npm',
    [
      'install',
      '--prefix',
      PRISM_DIR,
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `@stoplight/prism-cli@${PRISM_VERSION}`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'], timeout: 300_000 },
  );
  return PRISM_BIN;
}

// The baseline: Fastify answering the document's example as a constant (what no mock server can beat).
const BASELINE = `
const example = JSON.parse(process.env.EXAMPLE);
const app = require('fastify')({ logger: false });
app.get('/pet/:petId', async () => example);
app.get('/healthz', async () => ({ status: 'ok' }));
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
`;

/** The 200 answer's schema with the document's components, for checking what each server generates. */
function responseValidator(document) {
  const requireFromGateway = createRequire(resolve(root, 'gateway/package.json'));
  const Ajv = requireFromGateway('ajv').default;
  const ajv = new Ajv({ strict: false, allErrors: false });
  requireFromGateway('ajv-formats').default(ajv);
  // OpenAPI's own formats, which JSON Schema does not define: the number's range is the check that matters.
  for (const format of ['int32', 'int64', 'float', 'double']) ajv.addFormat(format, true);
  // OpenAPI 3.0 schemas: `examples` is an annotation here, and refs point into components.
  ajv.addSchema({ $id: 'doc', components: document.components }, 'doc');
  const schema = document.paths['/pet/{petId}'].get.responses['200'].content['application/json'].schema;
  const rewritten = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'));
  return ajv.compile(rewritten);
}

/** GETs `url` SAMPLES times: how many answers validate against the schema, and how many distinct answers. */
async function sample(url, headers, validate) {
  let valid = 0;
  const distinct = new Set();
  let example = '';
  for (let i = 0; i < SAMPLES; i++) {
    const response = await fetch(url, { headers });
    const text = await response.text();
    example ||= text;
    distinct.add(text);
    try {
      if (response.status === 200 && validate(JSON.parse(text))) valid++;
    } catch {
      // not JSON: not valid
    }
  }
  return { valid, distinct: distinct.size, example: example.slice(0, 400) };
}

const verify = (text) => text.includes('"code":0') && text.includes('"data"');
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The run whose throughput is the median of the rounds (its latencies and CPU with it), and the spread. */
function medianRun(runs) {
  const middle = median(runs.map((r) => r.perSecond));
  const run = runs.find((r) => r.perSecond === middle);
  const speeds = runs.map((r) => r.perSecond);
  return { ...run, rounds: runs.length, low: Math.min(...speeds), high: Math.max(...speeds) };
}

/**
 * The three servers stay up together and are measured in turn, round after round: the machine's load changes over
 * minutes (other work shares it), and interleaving gives each target the same mix of quiet and busy moments.
 * `targets`: {key, name, base, headers, pid, generated (whether it generates)}.
 */
async function measureRounds(targets, rounds, { load, log, fmt }) {
  const runs = {};
  const kinds = (target) => (target.generated ? ['fixed', 'generated'] : ['fixed']);
  for (let round = 0; round < rounds; round++) {
    for (const target of targets) {
      for (const kind of kinds(target)) {
        const headers = kind === 'generated' ? { ...target.headers, prefer: 'dynamic=true' } : target.headers;
        const extra = { method: 'GET', body: undefined, verifyBody: verify };
        const run = await load(`${target.base}${ROUTE}`, headers, undefined, target.pid, extra);
        const key = `${target.key}.${kind}`;
        runs[key] = [...(runs[key] ?? []), run];
        log(
          `mock round ${round + 1}: ${target.name} ${kind} ${fmt(run.perSecond)} req/s, p99 ${run.p99.toFixed(1)} ms, ${run.bad} failed`,
        );
      }
    }
  }
  const results = {};
  for (const target of targets) {
    results[target.key] = Object.fromEntries(
      kinds(target).map((kind) => [kind, medianRun(runs[`${target.key}.${kind}`])]),
    );
  }
  return results;
}

/**
 * The comparison. `url`/`token`/`serverPid`: the embedded app the caller started; `tools` are bench.mjs's
 * measuring helpers (load, startChild, freePort, postApi, log, fmt); `rounds` of every measurement.
 */
export async function benchMock({ url, token, serverPid, tools, rounds = 3 }) {
  const { postApi, startChild, freePort, log } = tools;
  if (!existsSync(PET_ZH)) throw new Error(`${PET_ZH} is absent (the corpus is ../shared/corpus)`);
  const text = readFileSync(PET_ZH, 'utf8');
  const document = JSON.parse(text);
  const example = document.paths['/pet/{petId}'].get.responses['200'].content['application/json'].examples['1'].value;
  const validate = responseValidator(document);
  const results = { document: 'apibook-pet-zh.openapi-3.0.1.json', route: `GET ${ROUTE}`, rounds };

  const { teamId } = await postApi(url, 'team/create', { teamName: 'mock bench' }, token);
  const imported = await postApi(
    url,
    'project/import',
    { teamId: String(teamId), projectId: '0', format: 'auto', content: text, fileName: 'pet-zh.json' },
    token,
  );
  const settings = await postApi(
    url,
    'project/mockSettings',
    { teamId: String(teamId), projectId: imported.projectId },
    token,
  );
  const ours = {
    key: 'ours',
    name: 'pmbok',
    base: `${url}${settings.basePath || `/mock/${imported.projectId}`}`,
    headers: { 'x-mock-token': settings.token },
    pid: serverPid,
    generated: true,
  };

  const stops = [];
  try {
    const basePort = await freePort();
    const baseline = await startChild(
      'mock baseline',
      ['-e', BASELINE],
      { PORT: String(basePort), EXAMPLE: JSON.stringify(example) },
      `http://127.0.0.1:${basePort}/healthz`,
    );
    stops.push(baseline.stop);
    const bin = ensurePrism(log);
    const prismPort = await freePort();
    // Prism logs every request at `info`; the embedded app runs at `warn`, so Prism gets `error` (its quietest
    // that still reports failures). fillProperties off: Prism would add random extra properties to every object,
    // which our generator does not do, and the bodies would not be the same work.
    const prism = await startChild(
      'prism',
      [
        bin,
        'mock',
        '-h',
        '127.0.0.1',
        '-p',
        String(prismPort),
        '-v',
        'error',
        '--json-schema-faker-fillProperties=false',
        PET_ZH,
      ],
      {},
      `http://127.0.0.1:${prismPort}${ROUTE}`,
    );
    stops.push(prism.stop);
    const targets = [
      {
        key: 'baseline',
        name: 'Fastify baseline',
        base: `http://127.0.0.1:${basePort}`,
        headers: {},
        pid: baseline.child.pid,
        generated: false,
      },
      {
        key: 'prism',
        name: 'Prism',
        base: `http://127.0.0.1:${prismPort}`,
        headers: {},
        pid: prism.child.pid,
        generated: true,
      },
      ours,
    ];
    Object.assign(results, await measureRounds(targets, rounds, tools));
    const prismBase = targets[1].base;
    results.prism.samples = await sample(`${prismBase}${ROUTE}`, { prefer: 'dynamic=true' }, validate);
    results.ours.samples = await sample(`${ours.base}${ROUTE}`, { ...ours.headers, prefer: 'dynamic=true' }, validate);
  } finally {
    for (const stop of stops) await stop();
  }
  return results;
}

/** The section of docs/benchmarks.md. */
export function mockSection(m, { fmt, ms, ratio, connections, seconds }) {
  const row = (target, name, r) =>
    `| ${target} | ${name} | ${fmt(r.perSecond)} | ${fmt(r.low)}–${fmt(r.high)} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.cpuPerRequest)} | ${r.bad} |`;
  const { baseline: b, prism: p, ours: o } = m;
  const versus = (name, x, y) =>
    `| ${name} | ${ratio(x.fixed.perSecond / y.fixed.perSecond)} | ${ratio(x.fixed.p99 / y.fixed.p99)} | ${ratio(x.fixed.cpuPerRequest / y.fixed.cpuPerRequest)} | ${y.generated ? ratio(x.generated.perSecond / y.generated.perSecond) : ratio(x.generated.perSecond / y.fixed.perSecond)} | ${y.generated ? ratio(x.generated.p99 / y.generated.p99) : ratio(x.generated.p99 / y.fixed.p99)} | ${y.generated ? ratio(x.generated.cpuPerRequest / y.generated.cpuPerRequest) : ratio(x.generated.cpuPerRequest / y.fixed.cpuPerRequest)} |`;
  return [
    '## Mock server: pmbok vs Stoplight Prism',
    '',
    `One real document for both: \`../shared/corpus/zh/${m.document}\` (a Chinese pet API, OpenAPI 3.0.1), imported`,
    'into a project through `project/import` for ours (the token in `X-Mock-Token`) and given to',
    '`prism mock` (@stoplight/prism-cli 5.14.2, `-v error`, `--json-schema-faker-fillProperties=false`) as a file.',
    `Route \`${m.route}\`: the document's 200 example (**example**), and the same route with \`Prefer: dynamic=true\``,
    '(**generated**: both servers build the answer from the response schema on every request). Baseline: a Fastify',
    'server answering the same example as a constant. Each target in its own process (ours: the embedded app,',
    'gateway and services, `PMBOK_MOCK_WORKERS` 2 threads for generated answers, `PMBOK_MOCK_RATE_LIMIT=0`), all',
    `three up at once and measured in turn, ${m.rounds} rounds (the machine is shared: interleaving gives each the same`,
    `mix of busy and quiet moments); each measurement autocannon, ${connections} connections, ${seconds} s after a warm-up,`,
    'every answer checked to be HTTP 200 with `"code":0` and `"data"` in the body. Each row is the round with the',
    'median throughput; the range is the lowest and highest round. Server CPU per request (user + system time of',
    'the server process, threads included, over the requests) depends least on what else the machine is doing.',
    '',
    '| server | answer | req/s | req/s range | p50 | p99 | server CPU per request | failed |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    row('Fastify constant (baseline)', 'example', b.fixed),
    row('Prism', 'example', p.fixed),
    row('Prism', 'generated', p.generated),
    row('pmbok', 'example', o.fixed),
    row('pmbok', 'generated', o.generated),
    '',
    '| ratio | example req/s | example p99 | example CPU/request | generated req/s | generated p99 | generated CPU/request |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    versus('**pmbok ÷ Prism**', o, p).replace(/\| ([\d.]+×) \|/, '| **$1** |'),
    versus('pmbok ÷ baseline', o, b),
    versus('Prism ÷ baseline', p, b),
    '',
    `Generated answers, ${SAMPLES} requested one at a time after the load and checked with ajv against the 200 schema:`,
    `Prism ${p.samples.valid}/${SAMPLES} valid, ${p.samples.distinct} distinct; pmbok ${o.samples.valid}/${SAMPLES} valid,`,
    `${o.samples.distinct} distinct. One of each:`,
    '',
    '```',
    `Prism: ${p.samples.example}`,
    `pmbok: ${o.samples.example}`,
    '```',
    '',
  ];
}

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunReport } from '@pmbok/runner';
import { parse } from 'junit2json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../runner/src/cli/main.js';
import { type Harness, startHarness } from './harness.js';

/**
 * The issue's own proof: the real Postman collections of the corpus, with all their scripts, run by the CLI against
 * the product's own mock of the same API, imported from the pair's OpenAPI document. The mock's generated data need
 * not satisfy every assertion a collection makes of a real server; what must hold is that every request is answered
 * by the mock, that no script fails on an API we do not support, and that the JUnit file is one a parser reads.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const corpus = path.resolve(repoRoot, '../shared/corpus');
const present = existsSync(corpus);
if (!present) console.warn(`skipped: the document corpus is not at ${corpus}`);

const PAIRS = [
  {
    name: 'RealWorld Conduit',
    openapi: 'openapi-3.1/realworld-conduit-openapi.yml',
    collection: 'postman-v2.1/realworld-conduit.postman_collection.json',
    variables: (mock: string) => [
      'APIURL=' + mock,
      'USERNAME=u' + Date.now(),
      'EMAIL=u@example.com',
      'PASSWORD=secret123',
    ],
    requests: 32,
    undocumented: [] as string[],
  },
  {
    name: 'OWASP crAPI',
    openapi: 'openapi-3.0/crapi-openapi-spec.json',
    collection: 'postman-v2.1/crapi.postman_collection.json',
    environment: 'postman-v2.1/crapi.postman_environment.json',
    variables: (mock: string) => ['url=' + mock, 'url_mail=' + mock],
    requests: 49,
    // Not in crAPI's OpenAPI document: its mail catcher's search (MailHog), its JWKS and a token check.
    undocumented: [
      'POST /identity/api/auth/verify',
      'GET /api/v2/search',
      'GET /api/v2/search',
      'GET /api/v2/search',
      'GET /api/v2/search',
      'GET /.well-known/jwks.json',
    ],
  },
];

describe.skipIf(!present)('the corpus collections against the product’s own mock', () => {
  let h: Harness;
  let owner: string;
  let teamId: string;
  let origin: string;
  let dir: string;

  beforeAll(async () => {
    h = await startHarness();
    owner = await h.register('13730000093');
    teamId = String((await h.call('team/create', { teamName: '测试语料组' }, owner)).data.teamId);
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    dir = mkdtempSync(path.join(tmpdir(), 'pmbok-corpus-run-'));
  });
  afterAll(async () => {
    await h?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.each(PAIRS)('$name', { timeout: 180_000 }, async (pair) => {
    const as = (call: string, body: Record<string, string>) => h.call(`project/${call}`, { teamId, ...body }, owner);
    const content = readFileSync(path.join(corpus, pair.openapi), 'utf8');
    const imported = await as('import', {
      projectId: '0',
      content,
      fileName: path.basename(pair.openapi),
      name: pair.name,
    });
    expect(imported.code, imported.msg).toBe(200);
    const projectId = String(imported.data.projectId);
    // A collection sends what a real server takes; the mock answers every documented route without judging it.
    const settings = await as('saveMockSettings', { projectId, access: 'public', validateRequests: '0' });
    expect(settings.code, settings.msg).toBe(200);

    const out = path.join(dir, String(projectId));
    const args = ['run', path.join(corpus, pair.collection)];
    if (pair.environment) args.push('-e', path.join(corpus, pair.environment));
    for (const variable of pair.variables(`${origin}/mock/${projectId}`)) args.push('--env-var', variable);
    args.push(
      '-r',
      'junit,json',
      '--reporter-junit-export',
      `${out}/junit.xml`,
      '--reporter-json-export',
      `${out}/report.json`,
    );
    let stderr = '';
    const code = await main(args, {
      cwd: dir,
      env: {},
      stdout: { write: () => true },
      stderr: { write: (text: string) => (stderr += text) },
    });
    expect([0, 1], stderr).toContain(code);

    const report = JSON.parse(readFileSync(`${out}/report.json`, 'utf8')) as RunReport;
    expect(report.results).toHaveLength(pair.requests);
    // Every request reached the mock and was answered by it: from a document, or, for the few routes a collection
    // calls that its OpenAPI document does not describe, with the mock's 404 naming the nearest documented paths.
    const header = (result: RunReport['results'][number], name: string) =>
      result.response?.headers.find(([key]) => key.toLowerCase() === name)?.[1];
    const undocumented: string[] = [];
    for (const result of report.results) {
      expect(result.error, `${result.name}: ${result.error?.message}`).toBeUndefined();
      if (header(result, 'x-pmbok-mock')) continue;
      expect(result.response?.status, result.name).toBe(404);
      expect(JSON.parse(result.response?.body ?? '{}').nearest, result.name).toBeInstanceOf(Array);
      undocumented.push(
        `${result.request?.method} ${new URL(result.request?.url ?? '').pathname.replace(/^\/mock\/\d+/, '')}`,
      );
    }
    expect(undocumented).toEqual(pair.undocumented);
    const scriptErrors = report.results.flatMap((result) =>
      result.scripts
        .filter((script) => script.error)
        .map((script) => `${result.name} / ${script.name}: ${script.error?.kind} ${script.error?.message}`),
    );
    expect(scriptErrors.filter((line) => / (unsupported|syntax) /.test(line))).toEqual([]);

    const junit = (await parse(readFileSync(`${out}/junit.xml`, 'utf8'))) as { tests: number; failures: number };
    const assertions = report.results.reduce((sum, result) => sum + result.assertions.length, 0);
    expect(junit.tests).toBeGreaterThanOrEqual(assertions);
    console.info(
      `${pair.name}: ${report.results.length} requests, ${assertions} assertions, ${report.summary.failedAssertions} failed against generated data, script errors: ${scriptErrors.length ? scriptErrors.join('; ') : 'none'}`,
    );
  });
});

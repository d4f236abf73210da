// The publishing benchmark (issue 16): import and export of the largest real document of ../shared/corpus
// (Docker Engine's Swagger 2.0) and of a generated OpenAPI 3.1 document of 5,000 operations — each in its own
// process for its peak memory, with a baseline (the text validated by @scalar/openapi-parser) measured in the same
// run — then the same imports through the gateway (parse in a worker, merge, write), and the comparison of two
// versions of the knowledge benchmark's 5,000-document project.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateOpenApi } from './openapiGen.mjs';

const root = resolve(new URL('../..', import.meta.url).pathname);
export const DOCKER = resolve(root, '../shared/corpus/swagger-2.0/docker-engine-api-swagger.yaml');

function child(op, source, reps) {
  const out = execFileSync(process.execPath, [resolve(root, 'scripts/bench/interchangeChild.mjs'), op, source, reps], {
    encoding: 'utf8',
    maxBuffer: 16 * 2 ** 20,
  });
  return JSON.parse(out.trim().split('\n').at(-1));
}

/** The peak resident memory of a process so far (Linux VmHWM), in MB. */
const peakRssMb = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'));
  return line ? Number(line.replace(/\D+/g, '')) / 1024 : Number.NaN;
};

/** Parse-only numbers, in child processes: baseline, import, export. */
export function benchInterchange({ operations, reps, tools }) {
  const sources = [];
  if (existsSync(DOCKER)) sources.push({ name: 'Docker Engine API (Swagger 2.0 YAML, 473 KB)', source: DOCKER });
  else tools.log(`publishing: ${DOCKER} is absent; the real document is not measured`);
  sources.push({
    name: `generated OpenAPI 3.1 JSON, ${tools.fmt(operations)} operations`,
    source: `gen:${operations}`,
  });
  return sources.map(({ name, source }) => {
    tools.log(`publishing: ${name}`);
    const baseline = child('baseline', source, reps);
    const parsed = child('import', source, reps);
    const exported = child('export', source, reps);
    return { name, baseline, import: parsed, export: exported };
  });
}

/** Imports through the gateway into new projects: the whole call (upload, worker parse, merge, writes). */
export async function benchGatewayImport({ url, token, serverPid, operations, tools }) {
  const { postApi, log } = tools;
  const { teamId } = await postApi(url, 'team/create', { teamName: 'publishing bench' }, token);
  const inputs = [];
  if (existsSync(DOCKER))
    inputs.push({ name: 'Docker Engine API', content: readFileSync(DOCKER, 'utf8'), fileName: 'docker.yaml' });
  inputs.push({
    name: `generated, ${operations} operations`,
    content: JSON.stringify(generateOpenApi(operations)),
    fileName: 'generated.json',
  });
  const results = [];
  for (const input of inputs) {
    const started = performance.now();
    const result = await postApi(
      url,
      'project/import',
      { teamId: String(teamId), projectId: '0', format: 'auto', content: input.content, fileName: input.fileName },
      token,
      { timeoutMs: 600_000 },
    );
    const seconds = (performance.now() - started) / 1_000;
    log(`publishing: imported ${input.name} in ${seconds.toFixed(1)} s (${result.counts.add} nodes)`);
    results.push({ name: input.name, seconds, added: result.counts.add, serverPeakMb: peakRssMb(serverPid) });
  }
  return results;
}

/** compareVersions on the knowledge benchmark's project: from the version saved after seeding to one saved later. */
export async function benchVersionDiff({ url, token, teamId, projectId, fromVersionId, tools, reps = 5 }) {
  const { postApi, log } = tools;
  const call = (path, body) =>
    postApi(url, `project/${path}`, { ...body, teamId: String(teamId) }, token, { timeoutMs: 600_000 });
  const { versionId: toVersionId } = await call('saveProjectVersion', { projectId, name: '基准 B', notes: '' });
  const timed = async (from, to) => {
    const samples = [];
    let diff;
    for (let i = 0; i < reps; i++) {
      const started = performance.now();
      diff = await call('compareVersions', { projectId, fromVersionId: from, toVersionId: to });
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    return { ms: samples[Math.floor(reps / 2)], summary: diff.summary };
  };
  const changed = await timed(fromVersionId, toVersionId);
  const same = await timed(toVersionId, 0);
  log(
    `publishing: compare ${changed.summary.changed} changed documents in ${changed.ms.toFixed(0)} ms; unchanged ${same.ms.toFixed(0)} ms`,
  );
  return { changed, same };
}

/** The section of docs/benchmarks.md. */
export function publishingSection({ interchange, gateway, docs }, { fmt, ms, ratio }) {
  const lines = ['## Publishing: import, export and version comparison', ''];
  if (interchange?.length) {
    lines.push(
      "Each measurement in its own Node.js process (median of 3 runs; peak memory is the process's maximum resident",
      'set, Node.js itself included, some 45 MB). Baseline: the same text validated by `@scalar/openapi-parser`',
      "(what any OpenAPI tool does first). Import: `parseImport` (parse, upgrade to 3.1, map to the project's",
      'documents, check each one). Export: the imported project written back as OpenAPI 3.1 JSON.',
      '',
      '| document | baseline (validate) | import | import ÷ baseline | import peak memory | export | export peak memory |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...interchange.map(
        (r) =>
          `| ${r.name} | ${ms(r.baseline.ms)} | ${ms(r.import.ms)} | ${ratio(r.import.ms / r.baseline.ms)} | ${fmt(r.import.rssMb)} MB | ${ms(r.export.ms)} | ${fmt(r.export.rssMb)} MB |`,
      ),
      '',
    );
  }
  if (gateway?.gatewayImport?.length) {
    lines.push(
      'The same documents imported through the gateway into a new project (`project/import`: the upload, the parse in',
      "a worker thread, the merge and every write, answered once the read models have them); the server's peak",
      'resident memory is that of the whole embedded app so far in this run.',
      '',
      '| document | nodes written | time | server peak memory |',
      '| --- | ---: | ---: | ---: |',
      ...gateway.gatewayImport.map(
        (r) => `| ${r.name} | ${fmt(r.added)} | ${fmt(r.seconds, 1)} s | ${fmt(r.serverPeakMb)} MB |`,
      ),
      '',
    );
  }
  const diff = gateway?.versionDiff;
  if (diff) {
    const s = diff.changed.summary;
    lines.push(
      `\`project/compareVersions\` on the knowledge project above (${fmt(docs)} documents): from a version saved right`,
      `after seeding to one saved after the \`saveDoc\` run (${fmt(s.changed)} documents changed, ${fmt(s.breaking)} with`,
      'breaking changes), and from that version to now (nothing changed). Median of 5 calls through the gateway.',
      '',
      '| comparison | documents changed | time |',
      '| --- | ---: | ---: |',
      `| version A → version B | ${fmt(s.changed)} | ${ms(diff.changed.ms)} |`,
      `| version B → now | ${fmt(diff.same.summary.changed)} | ${ms(diff.same.ms)} |`,
      '',
    );
  }
  return lines;
}

// The field-comparison benchmark (issue 17): `project/fieldCompare` on a project of N api documents (the generated
// OpenAPI 3.1 document of openapiGen.mjs imported through `project/import`, plus its data models) with a project
// library built from the document's own field names — through the gateway, and through the project service's use
// case in its own process (fieldsChild.mjs, on the same project's log once the app has stopped).
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateOpenApi } from './openapiGen.mjs';

const root = resolve(new URL('../..', import.meta.url).pathname);
const REPS = 5;

/** The library: the generated models' fields as a team would write them down (texts as the models have them). */
const LIBRARY = [
  { name: 'id', type: 'integer', format: 'int64', description: '编号' },
  { name: 'name', type: 'string', description: '名称' },
  { name: 'status', type: 'string', description: '状态', enum: ['active', 'archived'] },
  { name: 'tags', type: 'array', description: '标签' },
  { name: 'fields', type: 'string', description: '返回的字段' },
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Seeds the project, then times the gateway call. `tools` are bench.mjs's (postApi, log, fmt). */
export async function benchFieldCompare({ url, token, operations, tools }) {
  const { postApi, log, fmt } = tools;
  const { teamId } = await postApi(url, 'team/create', { teamName: 'fields bench' }, token);
  const call = (path, body) => postApi(url, `project/${path}`, { teamId: String(teamId), ...body }, token);
  let started = performance.now();
  const imported = await call('import', {
    projectId: '0',
    format: 'auto',
    content: JSON.stringify(generateOpenApi(operations)),
    fileName: 'generated.json',
  });
  const { projectId } = imported;
  const seedSeconds = (performance.now() - started) / 1_000;
  log(`fields: imported ${fmt(imported.counts.add)} nodes in ${seedSeconds.toFixed(1)} s`);
  const saved = await call('saveDataFields', {
    projectId,
    scope: 'project',
    fields: JSON.stringify(LIBRARY),
    onExisting: 'overwrite',
  });
  if (saved.added + saved.updated !== LIBRARY.length) throw new Error(`library: ${JSON.stringify(saved.results)}`);

  const times = [];
  let report;
  let bytes = 0;
  for (let i = 0; i < REPS; i++) {
    started = performance.now();
    report = await call('fieldCompare', { projectId });
    times.push(performance.now() - started);
    bytes = JSON.stringify(report).length;
  }
  const gateway = {
    ms: median(times),
    firstMs: times[0],
    bytes,
    checkedDocs: report.checkedDocs,
    checkedFields: report.checkedFields,
    counts: report.counts,
    listed: report.issues.length,
    convention: report.convention,
  };
  log(
    `fields: fieldCompare of ${fmt(report.checkedDocs)} documents (${fmt(report.checkedFields)} fields) through the gateway ${gateway.ms.toFixed(0)} ms`,
  );
  return { operations, nodes: imported.counts.add, seedSeconds, project: { projectId, teamId }, gateway };
}

/** The use case in a child process over the stopped app's data directory. */
export function benchFieldCompareService({ dataDir, projectId, teamId, tools }) {
  const out = execFileSync(
    process.execPath,
    [resolve(root, 'scripts/bench/fieldsChild.mjs'), dataDir, String(projectId), String(teamId), String(REPS)],
    { encoding: 'utf8', maxBuffer: 16 * 2 ** 20, timeout: 600_000 },
  );
  const result = JSON.parse(out.trim().split('\n').at(-1));
  tools.log(
    `fields: fieldCompare through the use case ${result.ms.toFixed(0)} ms (walk ${result.walkMs.toFixed(0)} ms)`,
  );
  return result;
}

/** The section of docs/benchmarks.md. */
export function fieldsSection(f, { fmt, ms }) {
  const g = f.gateway;
  const s = f.service;
  const counts = Object.entries(g.counts)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${kind} ${fmt(n)}`)
    .join(', ');
  const lines = [
    `## Field standards: \`fieldCompare\` on a project of ${fmt(f.operations)} api documents`,
    '',
    `The generated OpenAPI 3.1 document of \`scripts/bench/openapiGen.mjs\` (${fmt(f.operations)} operations, shared models)`,
    `imported through \`project/import\` (${fmt(f.nodes)} nodes, ${fmt(f.seedSeconds, 1)} s), and a project library of`,
    `${LIBRARY.length} fields named as the document's own (\`${LIBRARY.map((l) => l.name).join('`, `')}\`, with their own types and`,
    'Chinese descriptions). Convention `auto`, `minUses` 3. Median of 5 calls, the first call given apart.',
    `The report: ${fmt(g.checkedDocs)} documents, ${fmt(g.checkedFields)} fields checked, convention ${g.convention}; issues ${counts || 'none'}`,
    `(${fmt(g.listed)} listed in the answer, ${fmt(g.bytes / 1024)} KB of JSON).`,
    '',
    '| path | median | first call |',
    '| --- | ---: | ---: |',
    `| \`project/fieldCompare\` through the gateway (HTTP, gRPC, access check, the answer) | ${ms(g.ms)} | ${ms(g.firstMs)} |`,
  ];
  if (s) {
    lines.push(
      `| the service's use case (\`createFieldCompare(…).run\`, read models in memory) | ${ms(s.ms)} | ${ms(s.firstMs)} |`,
      `| reading the documents alone (\`docsOf\`: the tree and the docs read models), timed on its own after each run | ${ms(s.walkMs)} | |`,
    );
  }
  lines.push('');
  return lines;
}

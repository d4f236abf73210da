// One measurement of the publishing benchmark in its own process, so the peak memory (maxRSS) is this
// operation's alone:  node interchangeChild.mjs <baseline|import|export> <file|gen:N> <reps>
// baseline: what any OpenAPI tool does first (parse the text, validate it with @scalar/openapi-parser);
// import: parseImport (the product's importer); export: parseImport once, then exportProject to OpenAPI 3.1 JSON.
// Prints one JSON line: {ms (median wall time), rssMb (peak resident set), before (RSS before, MB)}.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateOpenApi } from './openapiGen.mjs';

const root = resolve(new URL('../..', import.meta.url).pathname);
const [op, source, repsText] = process.argv.slice(2);
const reps = Number(repsText || 3);
const text = source.startsWith('gen:')
  ? JSON.stringify(generateOpenApi(Number(source.slice(4))))
  : readFileSync(source, 'utf8');
const fileName = source.startsWith('gen:') ? 'generated.json' : source;
const project = (path) => import(resolve(root, 'services/project/dist', path));
// @scalar/openapi-parser is a dependency of the project service, resolved from there.
const requireFromProject = createRequire(resolve(root, 'services/project/package.json'));

const before = process.memoryUsage().rss / 2 ** 20;
let run;
if (op === 'baseline') {
  const { validate } = await import(requireFromProject.resolve('@scalar/openapi-parser'));
  run = async () => {
    const result = await validate(text);
    if (!result.valid) throw new Error(`not valid: ${JSON.stringify(result.errors?.slice(0, 2))}`);
  };
} else {
  const { parseImport } = await project('interchange/import/index.js');
  if (op === 'import') run = () => parseImport(text, { fileName });
  else {
    const { exportProject } = await project('interchange/export/index.js');
    const { sourceFromPlan } = await project('interchange/export/source.js');
    const exportSource = sourceFromPlan(await parseImport(text, { fileName }));
    run = () => exportProject(exportSource, 'openapi-json');
  }
}
const times = [];
for (let i = 0; i < reps; i++) {
  const started = performance.now();
  await run();
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const rssMb = process.resourceUsage().maxRSS / 1024;
console.log(JSON.stringify({ ms: times[Math.floor(times.length / 2)], rssMb, before }));

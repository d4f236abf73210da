// fieldCompare through the project service's use case, in its own process: the read models rebuilt from the
// bench app's project log (after the app stopped), then `createFieldCompare(…).run` timed — the whole comparison
// the gateway's call runs, without gRPC, the access check and the answer's serialization.
//   node fieldsChild.mjs <dataDir> <projectId> <teamId> <reps>
// Prints one JSON line: {ms (median), firstMs, walkMs (docsOf alone, median), checkedDocs, checkedFields, issues}.
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

const root = resolve(new URL('../..', import.meta.url).pathname);
const [dataDir, projectIdText, teamIdText, repsText] = process.argv.slice(2);
const projectId = Number(projectIdText);
const teamId = Number(teamIdText);
const reps = Number(repsText || 5);
const infra = await import(resolve(root, 'infra/dist/index.js'));
const project = (path) => import(resolve(root, 'services/project/dist', path));

const { treeProjection } = await project('projections/tree/index.js');
const { docsProjection } = await project('projections/docs/index.js');
const { dataFieldsProjection } = await project('projections/dataFields/index.js');
const { createTreeReads } = await project('application/treeReads.js');
const { createFieldCompare } = await project('application/fieldCompare.js');

const eventStore = infra.openSqliteEventStore({ file: join(dataDir, 'project.db'), sync: 'normal' });
const readStore = infra.createMemoryReadStore();
const runner = await infra.runProjections({
  service: 'project',
  eventStore,
  readStore,
  projections: [treeProjection, docsProjection, dataFieldsProjection],
  logger: infra.createLogger('bench', 'silent'),
});
await runner.waitFor(await eventStore.head(), 600_000);

// `run` reads only the read store; the access checks of the context are the gateway call's.
const fieldCompare = createFieldCompare({ readStore }, createTreeReads(readStore));
const options = { convention: 'auto', minUses: 3 };
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const times = [];
const walks = [];
let result;
for (let i = 0; i < reps; i++) {
  let started = performance.now();
  result = await fieldCompare.run({ projectId, teamId }, options);
  times.push(performance.now() - started);
  started = performance.now();
  await fieldCompare.docsOf(projectId);
  walks.push(performance.now() - started);
}
await runner.stop();
await eventStore.close();
console.log(
  JSON.stringify({
    ms: median(times),
    firstMs: times[0],
    walkMs: median(walks),
    checkedDocs: result.checkedDocs,
    checkedFields: result.checkedFields,
    issues: result.issues.length,
  }),
);

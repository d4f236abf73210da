import { readFile } from 'node:fs/promises';
import { DataFileError } from '../data/limits.js';
import { DEFAULT_LIMITS, type RunPlan, type RunReport } from '../model.js';
import { PostmanFormatError } from '../postman/errors.js';
import { type RunOptionsFromArgs, readArgs, USAGE } from './args.js';
import { UsageError } from './errors.js';
import { applyRunOptions, type LoadedPlan, mergeVariableFiles, planFromFile } from './inputs.js';
import { requestsDone } from './memory.js';
import { writeReports } from './outputs.js';

export { favourMemory } from './memory.js';

import { TerminalReporter } from './terminal.js';

/** What the CLI talks to; the process's own by default, replaced in tests. */
export interface CliIo {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown };
  env: Record<string, string | undefined>;
  cwd: string;
}

/**
 * `pmbok-test`: answers the exit code (0 all passed, 1 something failed, 2 a usage error, an input that cannot be
 * read or a server call that failed). Heavy modules (the engine, the sandbox, the Postman SDK, xlsx) load only
 * when the command needs them.
 */
export async function main(argv: string[], io: Partial<CliIo> = {}): Promise<number> {
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  const env = io.env ?? process.env;
  const cwd = io.cwd ?? process.cwd();
  try {
    const command = readArgs(argv, env);
    if (command.kind === 'help') {
      stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (command.kind === 'version') {
      stdout.write(`${await version()}\n`);
      return 0;
    }
    return await run(command.options, { stdout, stderr, env, cwd });
  } catch (error) {
    if (error instanceof UsageError || error instanceof DataFileError || error instanceof PostmanFormatError) {
      stderr.write(`pmbok-test: ${error.message}\n`);
    } else {
      stderr.write(
        `pmbok-test: 内部错误：${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    }
    return 2;
  }
}

async function run(options: RunOptionsFromArgs, io: CliIo): Promise<number> {
  // The engine loads while the plan is read (a collection converts in a thread of its own).
  const modules = Promise.all([import('../http/index.js'), import('../engine/index.js')]);
  modules.catch(() => undefined);
  const loaded = await loadPlan(options, io.cwd);
  const { plan } = loaded;
  await applyRunOptions(plan, options, io.cwd);
  for (const warning of loaded.warnings) io.stderr.write(`警告：${warning}\n`);

  const [{ createHttpClient }, { runPlan }] = await modules;
  const limits = { ...DEFAULT_LIMITS, ...plan.limits };
  // The CLI runs on the developer's or CI's own machine: its private and loopback addresses are its own to reach.
  const http = createHttpClient(
    { allowPrivate: true, insecure: options.insecure, resolveOverrides: options.resolve },
    limits,
  );
  // The sandbox's thread starts now, while the first requests go out, rather than at the first script; it is the
  // one the engine would make (same limits and client).
  const sandbox = hasScripts(plan)
    ? import('../sandbox/index.js').then(({ createSandbox }) =>
        createSandbox({ limits, http, maxSendRequests: limits.maxRequests }),
      )
    : undefined;
  sandbox?.catch(() => undefined);
  const terminal =
    options.reporters.has('cli') && !options.quiet
      ? new TerminalReporter(io.stdout, io.stdout.isTTY === true && !io.env.NO_COLOR)
      : undefined;
  const controller = new AbortController();
  let requests = 0;
  const interrupt = () => controller.abort();
  process.once('SIGINT', interrupt);
  let report: RunReport;
  try {
    report = await runPlan(plan, {
      http,
      signal: controller.signal,
      ...(sandbox ? { createSandbox: () => sandbox } : {}),
      onEvent: (event) => {
        if (event.type === 'request') requestsDone(++requests);
        terminal?.onEvent(event);
      },
    });
  } finally {
    process.off('SIGINT', interrupt);
    // The engine disposes of a sandbox it used; one no script needed (the run stopped first) is ended here.
    (await sandbox?.catch(() => undefined))?.dispose();
    await http.close();
  }
  terminal?.finish(report);

  const written = await writeReports(report, options, io.cwd);
  if (!options.quiet) for (const path of written) io.stdout.write(`报告已写入 ${path}\n`);
  if ('server' in options.source && options.source.server.upload) {
    const { uploadReport } = await import('./server.js');
    const runId = await uploadReport(options.source.server, report);
    if (!options.quiet) io.stdout.write(`报告已上传${runId ? `（运行 ${runId}）` : ''}\n`);
  }
  return report.status === 'passed' ? 0 : 1;
}

function hasScripts(plan: RunPlan): boolean {
  return Object.values(plan.cases).some((c) => (c.preScripts?.length ?? 0) + (c.testScripts?.length ?? 0) > 0);
}

async function loadPlan(options: RunOptionsFromArgs, cwd: string): Promise<LoadedPlan> {
  if ('file' in options.source) return planFromFile(options.source.file, options, cwd);
  const { fetchPlan } = await import('./server.js');
  const plan = await fetchPlan(options.source.server);
  // Environment and globals files apply to a server's plan as to an exported one.
  await mergeVariableFiles(plan, options, cwd);
  return { plan, warnings: [] };
}

async function version(): Promise<string> {
  const json = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return json.version;
}

import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import type { PlanData, PlanVariable, RunPlan } from '../model.js';
import type { RunOptionsFromArgs } from './args.js';
import { UsageError } from './errors.js';

/** A collection or plan file larger than this is refused before it is read. */
const MAX_INPUT_BYTES = 50 * 1024 * 1024;

export interface LoadedPlan {
  plan: RunPlan;
  warnings: string[];
}

/**
 * The plan a file holds: a Postman collection (with the environment and globals files), a plan exported from the
 * server (`RunPlan`, or the `testPlan` call's answer saved as is), all refused with a Chinese message otherwise.
 */
export async function planFromFile(path: string, options: RunOptionsFromArgs, cwd: string): Promise<LoadedPlan> {
  const full = resolve(cwd, path);
  const json = await readJson(full, '集合或测试计划');
  const exported = exportedPlan(json);
  if (exported) {
    const plan = structuredClone(exported);
    await mergeVariableFiles(plan, options, cwd);
    return { plan, warnings: [] };
  }
  const environment = options.environmentFile
    ? await readJson(resolve(cwd, options.environmentFile), '环境')
    : undefined;
  const globals = options.globalsFile ? await readJson(resolve(cwd, options.globalsFile), '全局变量') : undefined;
  const { isPostmanCollection } = await import('../postman/index.js');
  if (!isPostmanCollection(json)) throw new UsageError(`无法识别 ${path}：既不是 Postman 集合，也不是导出的测试计划`);
  const { postmanPlanInThread } = await import('./postmanPlan.js');
  return postmanPlanInThread({ collection: json, environment, globals, folder: dirname(full) });
}

/** Postman environment and globals files over a plan's own: same names replaced, others added. */
export async function mergeVariableFiles(plan: RunPlan, options: RunOptionsFromArgs, cwd: string): Promise<void> {
  if (!options.environmentFile && !options.globalsFile) return;
  const { variableFile } = await import('../postman/variables.js');
  if (options.environmentFile) {
    const file = variableFile(await readJson(resolve(cwd, options.environmentFile), '环境'), '环境');
    plan.environment.variables = merged(plan.environment.variables, file.variables);
    if (file.name) plan.environment.name = file.name;
  }
  if (options.globalsFile) {
    const file = variableFile(await readJson(resolve(cwd, options.globalsFile), '全局变量'), '全局变量');
    plan.globals = merged(plan.globals ?? [], file.variables);
  }
}

/** A plan as the server exports it: bare, `{plan}`, or the call's whole answer `{code, msg, data: {plan}}`. */
export function exportedPlan(json: unknown): RunPlan | undefined {
  const candidates = [json, (json as { plan?: unknown })?.plan, (json as { data?: { plan?: unknown } })?.data?.plan];
  return candidates.find(isRunPlan);
}

function isRunPlan(value: unknown): value is RunPlan {
  if (typeof value !== 'object' || value === null) return false;
  const plan = value as Partial<RunPlan>;
  return (
    typeof plan.cases === 'object' &&
    typeof plan.scenarios === 'object' &&
    typeof plan.entry === 'object' &&
    typeof plan.environment === 'object'
  );
}

/** What the command line adds to any plan: variables, data, iterations, bail, the request timeout. */
export async function applyRunOptions(plan: RunPlan, options: RunOptionsFromArgs, cwd: string): Promise<void> {
  if (options.envVars.length > 0) plan.environment.variables = merged(plan.environment.variables, options.envVars);
  if (options.dataFile) plan.data = await readData(resolve(cwd, options.dataFile));
  if (options.iterationCount !== undefined) {
    if (plan.data && plan.data.rows.length > 0)
      plan.data = { ...plan.data, rows: fitRows(plan.data, options.iterationCount) };
    else plan.iterationCount = options.iterationCount;
  }
  if (options.bail) plan.stopOnFailure = true;
  if (options.timeoutRequestMs !== undefined)
    plan.limits = { ...plan.limits, requestTimeoutMs: options.timeoutRequestMs };
}

/** newman's -n with a data file: the first n rows, the last row repeated when n is more than there are. */
function fitRows(data: PlanData, count: number): string[][] {
  const rows = data.rows.slice(0, count);
  const last = data.rows[data.rows.length - 1]!;
  while (rows.length < count) rows.push(last);
  return rows;
}

async function readData(path: string): Promise<PlanData> {
  const { checkDataFileSize, parseDataFile } = await import('../data/index.js');
  const size = await stat(path).then(
    (s) => s.size,
    () => {
      throw new UsageError(`数据文件不存在：${path}`);
    },
  );
  checkDataFileSize(size);
  return parseDataFile(await readFile(path), basename(path));
}

async function readJson(path: string, what: string): Promise<unknown> {
  const size = await stat(path).then(
    (s) => (s.isFile() ? s.size : -1),
    () => undefined,
  );
  if (size === undefined) throw new UsageError(`${what}文件不存在：${path}`);
  if (size < 0) throw new UsageError(`${what}文件不是普通文件：${path}`);
  if (size > MAX_INPUT_BYTES) throw new UsageError(`${what}文件超过 ${MAX_INPUT_BYTES / 1024 / 1024} MB：${path}`);
  const text = await readFile(path, 'utf8');
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new UsageError(
      `${what}文件不是有效的 JSON：${path}（${error instanceof Error ? error.message : String(error)}）`,
    );
  }
}

/** Variables with later ones replacing earlier ones of the same name. */
function merged(base: PlanVariable[], overrides: PlanVariable[]): PlanVariable[] {
  const byName = new Map(base.map((variable) => [variable.name, variable]));
  for (const variable of overrides) byName.set(variable.name, { ...byName.get(variable.name), ...variable });
  return [...byName.values()];
}

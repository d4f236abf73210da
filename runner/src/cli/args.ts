import { type ParseArgsConfig, parseArgs } from 'node:util';
import { UsageError } from './errors.js';

export type ReporterName = 'cli' | 'junit' | 'json' | 'html';
const REPORTERS: ReporterName[] = ['cli', 'junit', 'json', 'html'];
const DEFAULT_EXPORTS: Record<Exclude<ReporterName, 'cli'>, string> = {
  junit: 'pmbok-reports/junit.xml',
  json: 'pmbok-reports/report.json',
  html: 'pmbok-reports/report.html',
};

export const USAGE = `用法：pmbok-test run <collection.json | plan.json> [选项]
      pmbok-test run --server <url> --token <token> --project <id> [选项]

运行 Postman 集合、导出的测试计划，或 pmbok 服务器上项目的测试场景，写出 JUnit XML、JSON、HTML 报告。

输入
  -e, --environment <file>            Postman 环境文件
  -g, --globals <file>                Postman 全局变量文件
  -d, --iteration-data <file>         数据文件（csv、xlsx 或 json），每行一轮
  -n, --iteration-count <n>           运行轮数
      --env-var <name=value>          设置环境变量（可重复）

从服务器运行
      --server <url>                  pmbok 服务器地址，如 https://pmbok.example.com
      --token <token>                 项目的 API 令牌（也可用环境变量 PMBOK_TOKEN）
      --project <id>                  项目 ID
      --scenario <id>                 只运行这个场景（默认：项目的全部场景）
      --case <id>                     只运行这些用例（可重复）
      --environment-name <name>       使用项目中这个名字的环境
      --upload                        运行后把报告上传到服务器

运行
      --bail                          第一个失败后停止
      --timeout-request <ms>          每个请求的超时（毫秒）
  -k, --insecure                      不校验 TLS 证书（自签名证书的本地服务）
      --resolve <host:port:address>   把 host:port 的连接发往 address（同 curl --resolve，可重复）

报告
  -r, --reporters <list>              cli,junit,json,html 中的若干个（默认 cli）
      --reporter-junit-export <path>  默认 ${DEFAULT_EXPORTS.junit}
      --reporter-json-export <path>   默认 ${DEFAULT_EXPORTS.json}
      --reporter-html-export <path>   默认 ${DEFAULT_EXPORTS.html}
  -q, --quiet                         终端不输出运行过程

  -h, --help                          显示帮助
  -v, --version                       显示版本

退出码：0 全部通过；1 有断言、测试脚本或请求失败；2 用法错误、输入无法读取或服务器调用失败。`;

const OPTIONS = {
  environment: { type: 'string', short: 'e' },
  globals: { type: 'string', short: 'g' },
  'iteration-data': { type: 'string', short: 'd' },
  'iteration-count': { type: 'string', short: 'n' },
  'env-var': { type: 'string', multiple: true },
  server: { type: 'string' },
  token: { type: 'string' },
  project: { type: 'string' },
  scenario: { type: 'string' },
  case: { type: 'string', multiple: true },
  'environment-name': { type: 'string' },
  upload: { type: 'boolean' },
  bail: { type: 'boolean' },
  'timeout-request': { type: 'string' },
  insecure: { type: 'boolean', short: 'k' },
  resolve: { type: 'string', multiple: true },
  reporters: { type: 'string', short: 'r' },
  'reporter-junit-export': { type: 'string' },
  'reporter-json-export': { type: 'string' },
  'reporter-html-export': { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} satisfies ParseArgsConfig['options'];

export interface ServerSource {
  url: string;
  token: string;
  projectId: number;
  scenarioId?: number;
  caseIds?: number[];
  environmentName?: string;
  upload: boolean;
}

export interface RunOptionsFromArgs {
  /** A collection or plan file, or the server to ask for the plan. */
  source: { file: string } | { server: ServerSource };
  environmentFile?: string;
  globalsFile?: string;
  dataFile?: string;
  iterationCount?: number;
  envVars: { name: string; value: string }[];
  bail: boolean;
  timeoutRequestMs?: number;
  insecure: boolean;
  resolve: Record<string, string>;
  reporters: Set<ReporterName>;
  exports: Record<Exclude<ReporterName, 'cli'>, string>;
  quiet: boolean;
}

export type Command = { kind: 'help' } | { kind: 'version' } | { kind: 'run'; options: RunOptionsFromArgs };

/** Reads the command line; a mistake in it is a `UsageError` (exit code 2) with a one-line Chinese message. */
export function readArgs(argv: string[], env: Record<string, string | undefined>): Command {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw usageErrorOf(error);
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  const [command, file, ...extra] = positionals;
  if (command === undefined) throw new UsageError('缺少命令（用 pmbok-test run …，--help 查看用法）');
  if (command !== 'run') throw new UsageError(`未知命令 ${command}（只有 run，--help 查看用法）`);
  if (extra.length > 0) throw new UsageError(`多余的参数 ${extra.join(' ')}`);

  let source: RunOptionsFromArgs['source'];
  if (values.server !== undefined) {
    if (file !== undefined) throw new UsageError('--server 与文件只能二选一');
    source = { server: serverSource(values, env) };
  } else {
    if (file === undefined)
      throw new UsageError('缺少要运行的文件（集合或测试计划的 JSON），或用 --server 从服务器运行');
    for (const flag of ['token', 'project', 'scenario', 'case', 'environment-name', 'upload'] as const) {
      if (values[flag] !== undefined) throw new UsageError(`--${flag} 只能与 --server 一起使用`);
    }
    source = { file };
  }
  const reporters = reportersOf(values.reporters);
  const exports = { ...DEFAULT_EXPORTS };
  for (const name of ['junit', 'json', 'html'] as const) {
    const path = values[`reporter-${name}-export`];
    if (path !== undefined) {
      exports[name] = path;
      reporters.add(name);
    }
  }
  const options: RunOptionsFromArgs = {
    source,
    envVars: (values['env-var'] ?? []).map(envVar),
    bail: values.bail === true,
    insecure: values.insecure === true,
    resolve: Object.fromEntries((values.resolve ?? []).map(resolveEntry)),
    reporters,
    exports,
    quiet: values.quiet === true,
  };
  if (values.environment !== undefined) options.environmentFile = values.environment;
  if (values.globals !== undefined) options.globalsFile = values.globals;
  if (values['iteration-data'] !== undefined) options.dataFile = values['iteration-data'];
  if (values['iteration-count'] !== undefined) {
    options.iterationCount = positiveInteger(values['iteration-count'], '--iteration-count', 10_000);
  }
  if (values['timeout-request'] !== undefined) {
    options.timeoutRequestMs = positiveInteger(values['timeout-request'], '--timeout-request', 10 * 60_000);
  }
  return { kind: 'run', options };
}

function serverSource(values: Record<string, unknown>, env: Record<string, string | undefined>): ServerSource {
  const url = String(values.server).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]/i.test(url)) throw new UsageError(`--server 应是 http(s) 地址，收到 ${String(values.server)}`);
  const token = (values.token as string | undefined) ?? env.PMBOK_TOKEN;
  if (!token) throw new UsageError('缺少 API 令牌：用 --token 或环境变量 PMBOK_TOKEN');
  if (values.project === undefined) throw new UsageError('缺少 --project（项目 ID）');
  if (values.scenario !== undefined && values.case !== undefined)
    throw new UsageError('--scenario 与 --case 只能二选一');
  const source: ServerSource = {
    url,
    token,
    projectId: positiveInteger(values.project as string, '--project'),
    upload: values.upload === true,
  };
  if (values.scenario !== undefined) source.scenarioId = positiveInteger(values.scenario as string, '--scenario');
  if (values.case !== undefined) source.caseIds = (values.case as string[]).map((id) => positiveInteger(id, '--case'));
  if (values['environment-name'] !== undefined) source.environmentName = values['environment-name'] as string;
  return source;
}

function reportersOf(list: string | undefined): Set<ReporterName> {
  if (list === undefined) return new Set(['cli']);
  const names = list
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const unknown = names.filter((name) => !REPORTERS.includes(name as ReporterName));
  if (unknown.length > 0) throw new UsageError(`未知的报告格式 ${unknown.join(', ')}（可选 ${REPORTERS.join(',')}）`);
  return new Set(names as ReporterName[]);
}

function envVar(text: string): { name: string; value: string } {
  const at = text.indexOf('=');
  if (at <= 0) throw new UsageError(`--env-var 应写成 name=value，收到 ${text}`);
  return { name: text.slice(0, at), value: text.slice(at + 1) };
}

/** curl's `host:port:address`; the address may be an IPv6 literal, bracketed or not. */
function resolveEntry(text: string): [string, string] {
  const match = /^(\[[^\]]+\]|[^:]+):(\d{1,5}):(.+)$/.exec(text);
  if (!match) throw new UsageError(`--resolve 应写成 host:port:address，收到 ${text}`);
  return [`${match[1]!.toLowerCase()}:${match[2]}`, match[3]!];
}

function positiveInteger(text: string, flag: string, max = Number.MAX_SAFE_INTEGER): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > max) {
    throw new UsageError(`${flag} 应是 1 到 ${max} 之间的整数，收到 ${text}`);
  }
  return value;
}

function usageErrorOf(error: unknown): UsageError {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const option = /--[\w-]+/.exec(message)?.[0] ?? /'(-[^' ,]+)/.exec(message)?.[1] ?? '';
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return new UsageError(`未知选项 ${option}（--help 查看用法）`);
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return new UsageError(`选项 ${option} 缺少值或值不对（--help 查看用法）`);
    default:
      return new UsageError(message);
  }
}

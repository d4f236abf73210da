import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'junit2json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanCase, RunPlan, RunReport } from '../src/model.js';
import { json, localServer, runCli, tempDir } from './cliHarness.js';

/** The CLI end to end in this process: real files, a real local server, the real engine and HTTP client. */

let api: Awaited<ReturnType<typeof localServer>>;
let dir: ReturnType<typeof tempDir>;

beforeAll(async () => {
  dir = tempDir();
  api = await localServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname === '/users/1') return json(res, 200, { id: 1, name: '张三' });
    if (url.pathname === '/echo') {
      return json(res, 200, { query: Object.fromEntries(url.searchParams), body: req.body, host: req.headers.host });
    }
    json(res, 404, { error: 'not found' });
  });
});
afterAll(async () => {
  await api.close();
  dir.remove();
});

const write = (name: string, content: unknown) => {
  const path = join(dir.path, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};

const plan = (cases: PlanCase[], extra: Partial<RunPlan> = {}): RunPlan => ({
  name: '导出的计划',
  environment: { name: '本地', baseUrl: api.url, variables: [] },
  cases: Object.fromEntries(cases.map((c) => [c.key, c])),
  scenarios: {},
  entry: { caseKeys: cases.map((c) => c.key) },
  ...extra,
});
const statusIs = (expected: string) => [{ id: 'a1', source: 'status' as const, operator: 'equals' as const, expected }];

describe('usage', () => {
  it('--help and --version answer 0', async () => {
    const help = await runCli(['--help'], { cwd: dir.path });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('pmbok-test run <collection.json | plan.json>');
    expect(help.stdout).toContain('--reporter-junit-export');
    const version = await runCli(['--version'], { cwd: dir.path });
    expect(version).toEqual({ code: 0, stdout: '0.1.0\n', stderr: '' });
  });

  it.each([
    [[], '缺少命令'],
    [['run'], '缺少要运行的文件'],
    [['run', 'x.json', '--colour'], '未知选项 --colour'],
    [['run', 'x.json', '-e'], '选项 --environment 缺少值'],
    [['run', 'x.json', '-n', '0'], '--iteration-count 应是 1 到 10000 之间的整数'],
    [['run', 'x.json', '--env-var', 'novalue'], '--env-var 应写成 name=value'],
    [['run', 'x.json', '--resolve', 'host:443'], '--resolve 应写成 host:port:address'],
    [['run', 'x.json', '-r', 'cli,pdf'], '未知的报告格式 pdf'],
    [['run', '--server', 'https://p.test', '--project', '1'], '缺少 API 令牌'],
    [['run', 'x.json', '--upload'], '--upload 只能与 --server 一起使用'],
    [['run', 'missing.json'], '集合或测试计划文件不存在'],
  ])('%j is a usage error (2) with one Chinese line', async (argv, message) => {
    const result = await runCli(argv, { cwd: dir.path });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stdout).toBe('');
  });

  it('refuses unreadable inputs: not JSON, not a collection, a v1 collection, a data file of a million rows', async () => {
    const cases = [
      [write('bad.json', '{nope'), '不是有效的 JSON'],
      [write('other.json', { hello: 1 }), '既不是 Postman 集合，也不是导出的测试计划'],
      [write('v1.json', { name: 'old', order: [], requests: [] }), '不支持 Postman Collection v1'],
    ] as const;
    for (const [file, message] of cases) {
      const result = await runCli(['run', file], { cwd: dir.path });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(message);
    }
    const rows = ['n'];
    for (let i = 0; i < 1_000_000; i++) rows.push(String(i));
    write('million.csv', rows.join('\n'));
    const ok = write('ok.json', plan([{ key: 'c', name: 'c', request: { method: 'GET', url: '/users/1' } }]));
    const result = await runCli(['run', ok, '-d', 'million.csv'], { cwd: dir.path });
    expect(result).toMatchObject({ code: 2, stderr: 'pmbok-test: 数据文件最多 10000 行，当前 1000000 行\n' });
  });
});

describe('running a plan file', () => {
  it('passes (0), prints a line per request and the summary, writes reports a JUnit parser reads', async () => {
    const file = write(
      'pass.json',
      plan([
        { key: 'u', name: '查用户', request: { method: 'GET', url: '/users/1' }, assertions: statusIs('200') },
        { key: 'e', name: '回显', request: { method: 'GET', url: '/echo?x=1' }, assertions: statusIs('200') },
      ]),
    );
    const result = await runCli(['run', file, '-r', 'cli,junit,json,html'], { cwd: dir.path });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`GET ${api.url}/users/1 [200 OK`);
    expect(result.stdout).toContain('✓ ');
    expect(result.stdout).toMatch(/│ 请求\s+│\s+2 │\s+0 │/);
    expect(result.stdout).not.toContain('\u001b['); // no colours when not a terminal
    expect(result.stdout).toContain('报告已写入 pmbok-reports/junit.xml');
    const junit = (await parse(readFileSync(join(dir.path, 'pmbok-reports/junit.xml'), 'utf8'))) as {
      tests: number;
      failures: number;
      testsuite: { name: string }[];
    };
    expect(junit).toMatchObject({ tests: 2, failures: 0 });
    expect(junit.testsuite.map((s) => s.name)).toEqual(['查用户', '回显']);
    const report = JSON.parse(readFileSync(join(dir.path, 'pmbok-reports/report.json'), 'utf8')) as RunReport;
    expect(report.status).toBe('passed');
    expect(readFileSync(join(dir.path, 'pmbok-reports/report.html'), 'utf8')).toContain('查用户');
  });

  it('fails (1) on a failed assertion and lists it at the end; --quiet prints nothing', async () => {
    const file = write(
      'fail.json',
      plan([{ key: 'u', name: '查用户', request: { method: 'GET', url: '/users/1' }, assertions: statusIs('201') }]),
    );
    const loud = await runCli(['run', file, '--reporter-junit-export', 'out/j.xml'], { cwd: dir.path });
    expect(loud.code).toBe(1);
    expect(loud.stdout).toContain('✗ ');
    expect(loud.stdout).toMatch(/失败：\n\s+1\. 查用户：/);
    const junit = (await parse(readFileSync(join(dir.path, 'out/j.xml'), 'utf8'))) as { failures: number };
    expect(junit.failures).toBe(1);
    const quiet = await runCli(['run', file, '--quiet'], { cwd: dir.path });
    expect(quiet).toEqual({ code: 1, stdout: '', stderr: '' });
  });

  it('--env-var, -d with -n, --resolve and --timeout-request reach the run', async () => {
    const file = write(
      'data.json',
      plan(
        [
          {
            key: 'e',
            name: '回显',
            request: { method: 'GET', url: 'http://api.example.test:{{port}}/echo?who={{who}}&tag={{tag}}' },
            assertions: statusIs('200'),
          },
        ],
        { environment: { name: '本地', baseUrl: '', variables: [{ name: 'tag', value: 'old' }] } },
      ),
    );
    write('rows.csv', 'who\n甲\n乙\n');
    const seenBefore = api.seen.length;
    const result = await runCli(
      [
        'run',
        file,
        '--env-var',
        `port=${api.port}`,
        '--env-var',
        'tag=new',
        '-d',
        'rows.csv',
        '-n',
        '3',
        '--resolve',
        `api.example.test:${api.port}:127.0.0.1`,
        '--timeout-request',
        '5000',
        '-r',
        'json',
      ],
      { cwd: dir.path },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const urls = api.seen.slice(seenBefore).map((r) => decodeURIComponent(r.url));
    // Three iterations: the rows, then the last row again (newman's -n beyond the data).
    expect(urls).toEqual(['/echo?who=甲&tag=new', '/echo?who=乙&tag=new', '/echo?who=乙&tag=new']);
    expect(api.seen.at(-1)!.headers.host).toBe(`api.example.test:${api.port}`);
  });

  it('a request that gets no answer fails the run (1)', async () => {
    const closed = await localServer(() => {});
    await closed.close();
    const file = write(
      'down.json',
      plan([{ key: 'd', name: '不可达', request: { method: 'GET', url: `${closed.url}/x` } }]),
    );
    const result = await runCli(['run', file, '-r', 'junit'], { cwd: dir.path });
    expect(result.code).toBe(1);
    const junit = (await parse(readFileSync(join(dir.path, 'pmbok-reports/junit.xml'), 'utf8'))) as { errors: number };
    expect(junit.errors).toBe(1);
  });
});

describe('running a plan from the server', () => {
  let pmbok: Awaited<ReturnType<typeof localServer>>;
  const uploads: Record<string, string>[] = [];

  beforeAll(async () => {
    pmbok = await localServer((req, res) => {
      const form = Object.fromEntries(new URLSearchParams(req.body));
      if (req.headers.authorization !== 'Bearer pmbok_pt_good')
        return json(res, 200, { code: 400, msg: 'API 令牌无效或已被撤销', data: null });
      if (req.url === '/pmbok/api/project/testPlan') {
        const answer = plan(
          [{ key: '7', name: '查用户', request: { method: 'GET', url: '/users/1' }, assertions: statusIs('200') }],
          {
            name: `项目 ${form.projectId} 场景 ${form.testScenarioId} 环境 ${form.environment}`,
          },
        );
        return json(res, 200, { code: 200, msg: '', data: { plan: answer } });
      }
      if (req.url === '/pmbok/api/project/testReport') {
        uploads.push(form);
        return json(res, 200, { code: 200, msg: '', data: { testRunId: 42 } });
      }
      json(res, 404, {});
    });
  });
  afterAll(() => pmbok.close());

  it('asks for the plan with the token, runs it, uploads the report', async () => {
    const result = await runCli(
      [
        'run',
        '--server',
        `${pmbok.url}/`,
        '--project',
        '3',
        '--scenario',
        '5',
        '--environment-name',
        '测试',
        '--upload',
      ],
      { cwd: dir.path, env: { PMBOK_TOKEN: 'pmbok_pt_good' } },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('项目 3 场景 5 环境 测试');
    expect(result.stdout).toContain('报告已上传（运行 42）');
    const asked = pmbok.seen.find((r) => r.url === '/pmbok/api/project/testPlan')!;
    expect(asked.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(asked.body))).toEqual({
      projectId: '3',
      testScenarioId: '5',
      environment: '测试',
    });
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.projectId).toBe('3');
    expect(uploads[0]!.testScenarioId).toBe('5');
    expect((JSON.parse(uploads[0]!.report!) as RunReport).status).toBe('passed');
  });

  it('a refused token is exit code 2 with the server message', async () => {
    const result = await runCli(['run', '--server', pmbok.url, '--token', 'pmbok_pt_bad', '--project', '3'], {
      cwd: dir.path,
    });
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toBe('pmbok-test: 服务器拒绝了 project/testPlan：API 令牌无效或已被撤销\n');
  });

  it('a server that cannot be reached is exit code 2', async () => {
    const gone = await localServer(() => {});
    await gone.close();
    const result = await runCli(['run', '--server', gone.url, '--token', 't', '--project', '1'], { cwd: dir.path });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`无法连接服务器 ${gone.url}`);
  });
});

it('the bin script is where package.json says and imports the built CLI', () => {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    bin: Record<string, string>;
  };
  const bin = new URL(`../${pkg.bin['pmbok-test']}`, import.meta.url);
  expect(existsSync(bin)).toBe(true);
  expect(readFileSync(bin, 'utf8')).toContain("import('../dist/cli/main.js')");
});

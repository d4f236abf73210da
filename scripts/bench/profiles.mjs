// Issue 24 asks for a CPU profile summary of each request-path target next to its numbers. The profiles come from
// profiled runs of their own (requestPath.mjs for getUserInfo, taskPath.mjs for taskList and moveFlow, each with
// --cpu-prof, a fresh app, the profile cut to the measured run): profiling slows the app, so the numbers of the
// goals table come from the unprofiled runs of scripts/bench.mjs.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(new URL('../..', import.meta.url).pathname);

/** Runs a bench script and returns the JSON lines it printed. */
function runScript(script, args) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(root, 'scripts/bench', script), ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      err = `${err}${chunk}`.slice(-4_000);
    });
    child.once('exit', (code) => {
      if (code !== 0) return fail(new Error(`${script} exited with ${code}: ${err.trim().split('\n').at(-1)}`));
      const lines = out.split('\n').filter((line) => line.startsWith('{'));
      done(lines.map((line) => JSON.parse(line)));
    });
  });
}

/** One profiled run of each target: `{ getUserInfo, taskList, moveFlow }`, each `{ perSecond, cpuMsPerRequest, byPlace }`. */
export async function profileTargets({ seconds = 10, tasks = 10_000 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'pmbok-profiles-'));
  try {
    const request = await runScript('requestPath.mjs', [
      '--rounds=1',
      `--seconds=${seconds}`,
      '--top=6',
      `--cpu-prof=${join(dir, 'request')}`,
    ]);
    const round = request.find((line) => line.getUserInfo);
    const task = await runScript('taskPath.mjs', [
      '--rounds=1',
      `--seconds=${seconds}`,
      `--tasks=${tasks}`,
      '--top=6',
      `--cpu-prof=${join(dir, 'task')}`,
    ]);
    const measured = task.find((line) => line.taskList && line.moveFlow);
    const of = (run) => ({
      perSecond: run.perSecond,
      cpuMsPerRequest: run.cpuMsPerRequest,
      // both scripts summarize through profileSummary.mjs: by place and by function
      byPlace: run.profile?.byPlace ?? {},
      topSelf: run.profile?.topSelf ?? {},
    });
    return {
      getUserInfo: of(round.getUserInfo),
      taskList: of(measured.taskList),
      moveFlow: of(measured.moveFlow),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const percent = (share) => (share === undefined ? '' : `${(share * 100).toFixed(1)} %`);

/** The section: where each target's main thread spent its samples, by place, then its busiest functions. */
export function profilesSection(p) {
  const targets = [
    ['`userInfo/getUserInfo`', p.getUserInfo],
    ['`task/taskList`', p.taskList],
    ['`task/moveFlow`', p.moveFlow],
  ];
  const places = [...new Set(targets.flatMap(([, t]) => Object.keys(t.byPlace)))].sort(
    (a, b) =>
      targets.reduce((sum, [, t]) => sum + (t.byPlace[b] ?? 0), 0) -
      targets.reduce((sum, [, t]) => sum + (t.byPlace[a] ?? 0), 0),
  );
  const lines = [
    '## Issue 24: where each target spends its CPU (profiled runs)',
    '',
    'One profiled run of each target after the measurements above, on a fresh app each (`scripts/bench/requestPath.mjs`',
    'and `scripts/bench/taskPath.mjs` with `--cpu-prof`, 10 connections): the share of the main thread’s samples over',
    'the measured run, by the first place on each stack from the innermost frame out. `idle` is native work in the',
    'poll phase (socket reads and writes), not waiting (docs/adr/0017-request-path-idle-time.md). The profiler slows the',
    'app, so its req/s are not the table’s. The socket write of each answer (`writev`) is counted under HTTP/1 and',
    'sockets; the hello-world spends the same share of its own time there.',
    '',
    `| place | ${targets.map(([name]) => name).join(' | ')} |`,
    `| --- | ${targets.map(() => '---:').join(' | ')} |`,
    ...places.map((place) => `| ${place} | ${targets.map(([, t]) => percent(t.byPlace[place])).join(' | ')} |`),
    `| *req/s while profiled* | ${targets.map(([, t]) => String(t.perSecond)).join(' | ')} |`,
    `| *CPU per request while profiled* | ${targets.map(([, t]) => `${t.cpuMsPerRequest} ms`).join(' | ')} |`,
    '',
  ];
  for (const [name, t] of targets) {
    const top = Object.entries(t.topSelf);
    if (top.length === 0) continue;
    lines.push(
      `${name}, the functions with the most self time: ${top.map(([f, s]) => `\`${f}\` ${percent(s)}`).join(', ')}.`,
      '',
    );
  }
  return lines;
}

#!/usr/bin/env node
// Adds up what CI ran and prints, as its last line, `N passed, M failed`.
//
//   node scripts/ci-summary.mjs --vitest .artifacts/vitest.json --k6 .artifacts/k6-summary.json \
//     [--failed-step lint] [--failed-step typecheck] [--failed-run vitest] [--failed-run k6]
//
// - vitest (`--reporter=json --outputFile=…`): numPassedTests and numFailedTests, plus one failure for each test
//   file that failed without a failed test in it (a file that does not even load reports no tests at all).
// - k6 (`k6 run --summary-export=…`): the passes and fails of every check, plus one failure for each crossed
//   threshold (a run can pass every check and still be too slow).
// - every `--failed-step NAME` (lint, typecheck, a step that crashed) counts as one failure, and so does a
//   report that was asked for but is missing or unreadable, so the line never looks green when CI was not.
// - `--failed-run vitest|k6` says that runner exited non-zero: one failure more only when its report shows
//   none (an unhandled error after the tests, say), so a failed test is not counted twice.
// Exits 1 when anything failed, 0 otherwise.
import { readFileSync } from 'node:fs';

function parseArgs(argv) {
  const args = { vitest: [], k6: [], failedSteps: [], failedRuns: [] };
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) throw new Error(`${flag} needs a value`);
    switch (flag) {
      case '--vitest':
        args.vitest.push(value);
        break;
      case '--k6':
        args.k6.push(value);
        break;
      case '--failed-step':
        args.failedSteps.push(value);
        break;
      case '--failed-run':
        if (value !== 'vitest' && value !== 'k6') throw new Error(`--failed-run takes vitest or k6, not ${value}`);
        args.failedRuns.push(value);
        break;
      default:
        throw new Error(`unknown option ${flag}`);
    }
  }
  return args;
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

const count = (value) => (Number.isFinite(value) ? value : 0);

/** Counts of one vitest JSON report. */
export function countVitest(report) {
  const passed = count(report.numPassedTests);
  let failed = count(report.numFailedTests);
  const skipped = count(report.numPendingTests) + count(report.numTodoTests);
  const brokenFiles = [];
  for (const file of report.testResults ?? []) {
    const failedInside = (file.assertionResults ?? []).some((a) => a.status === 'failed');
    if (file.status === 'failed' && !failedInside) brokenFiles.push(file.name);
  }
  failed += brokenFiles.length;
  return { passed, failed, skipped, brokenFiles };
}

function walkChecks(group, out) {
  for (const check of Object.values(group?.checks ?? {})) out.push(check);
  for (const sub of Object.values(group?.groups ?? {})) walkChecks(sub, out);
  return out;
}

/** Counts of one k6 `--summary-export` report. */
export function countK6(report) {
  const checks = report.metrics?.checks;
  let passed = count(checks?.passes);
  let failed = count(checks?.fails);
  // Older exports or a run without the checks metric: fall back to the per-check counters of the groups.
  if (!checks) {
    for (const check of walkChecks(report.root_group, [])) {
      passed += count(check.passes);
      failed += count(check.fails);
    }
  }
  const failedChecks = walkChecks(report.root_group, [])
    .filter((check) => count(check.fails) > 0)
    .map((check) => `${check.name} (${check.fails} of ${count(check.passes) + count(check.fails)})`);
  // In the summary export a threshold maps to `true` when it was crossed.
  const crossedThresholds = [];
  for (const [metric, values] of Object.entries(report.metrics ?? {})) {
    for (const [expression, crossed] of Object.entries(values?.thresholds ?? {})) {
      if (crossed === true) crossedThresholds.push(`${metric}: ${expression}`);
    }
  }
  return { passed, failed: failed + crossedThresholds.length, checkFails: failed, failedChecks, crossedThresholds };
}

export function summarize(args) {
  const lines = [];
  let passed = 0;
  let failed = 0;
  const failedBy = { vitest: 0, k6: 0 };
  const load = (kind, file) => {
    try {
      return readJson(file);
    } catch (error) {
      failed += 1;
      failedBy[kind] += 1;
      lines.push(`${kind}: no readable report at ${file} (${error.message.split('\n')[0]}), counted as 1 failed`);
      return null;
    }
  };
  for (const file of args.vitest) {
    const report = load('vitest', file);
    if (!report) continue;
    const v = countVitest(report);
    passed += v.passed;
    failed += v.failed;
    failedBy.vitest += v.failed;
    lines.push(`vitest: ${v.passed} passed, ${v.failed} failed, ${v.skipped} skipped`);
    for (const name of v.brokenFiles) lines.push(`  test file failed without a failed test (did it load?): ${name}`);
  }
  for (const file of args.k6) {
    const report = load('k6', file);
    if (!report) continue;
    const k = countK6(report);
    passed += k.passed;
    failed += k.failed;
    failedBy.k6 += k.failed;
    lines.push(
      `k6: ${k.passed} checks passed, ${k.checkFails} failed, ${k.crossedThresholds.length} thresholds crossed`,
    );
    for (const name of k.failedChecks) lines.push(`  failed check: ${name}`);
    for (const name of k.crossedThresholds) lines.push(`  crossed threshold: ${name}`);
  }
  for (const kind of args.failedRuns) {
    if (failedBy[kind] > 0) continue;
    failed += 1;
    lines.push(`${kind} exited non-zero although its report shows no failure, counted as 1 failed`);
  }
  for (const step of args.failedSteps) {
    failed += 1;
    lines.push(`step failed: ${step}`);
  }
  lines.push(`${passed} passed, ${failed} failed`);
  return { passed, failed, lines };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let result;
  try {
    result = summarize(parseArgs(process.argv.slice(2)));
  } catch (error) {
    console.error(`ci-summary: ${error.message}`);
    process.exit(2);
  }
  for (const line of result.lines) console.log(line);
  process.exit(result.failed > 0 ? 1 : 0);
}

import type { RequestResult, RunReport } from '../model.js';
import {
  escapeAttribute as attr,
  junitTimestamp,
  phaseName,
  resultTitle,
  scriptErrorText,
  seconds,
  escapeText as text,
} from './text.js';

/**
 * JUnit XML as Jenkins, GitLab and GitHub's test reporters read it: `testsuites` > one `testsuite` per request
 * result > one `testcase` per assertion or `pm.test` (a `failure` with the message and expected/actual), a
 * script's own error or an unanswered request as an `error`. Times in seconds. Written in pieces so a large run
 * need not be held twice.
 */
export function* junitXml(report: RunReport): Generator<string> {
  const counts = report.results.map(countsOf);
  const total = counts.reduce(
    (sum, c) => ({ tests: sum.tests + c.tests, failures: sum.failures + c.failures, errors: sum.errors + c.errors }),
    {
      tests: 0,
      failures: 0,
      errors: 0,
    },
  );
  yield '<?xml version="1.0" encoding="UTF-8"?>\n';
  yield `<testsuites name="${attr(report.name)}" tests="${total.tests}" failures="${total.failures}" errors="${total.errors}" time="${seconds(report.finishedAt - report.startedAt)}" timestamp="${junitTimestamp(report.startedAt)}">\n`;
  for (const [index, result] of report.results.entries()) {
    yield suite(report, result, index, counts[index]!);
  }
  yield '</testsuites>\n';
}

export function toJUnitXml(report: RunReport): string {
  return [...junitXml(report)].join('');
}

interface TestCase {
  name: string;
  outcome?: { element: 'failure' | 'error'; type: string; message: string; detail: string };
}

function testCases(result: RequestResult): TestCase[] {
  const cases: TestCase[] = [];
  for (const assertion of result.assertions) {
    // A test from an inherited script (collection, folder) says which; the request's own needs no note.
    const inherited = assertion.script && assertion.script !== result.name;
    const name = inherited ? `${assertion.name}（${assertion.script}）` : assertion.name;
    if (assertion.passed) {
      cases.push({ name });
      continue;
    }
    const detail = [
      assertion.message,
      assertion.expected !== undefined ? `期望：${assertion.expected}` : undefined,
      assertion.actual !== undefined ? `实际：${assertion.actual}` : undefined,
      ...(assertion.schemaErrors ?? []).map((e) => `${e.path || '/'}：${e.message}`),
    ].filter((line) => line !== undefined);
    const message = assertion.message ?? '断言失败';
    cases.push({ name, outcome: { element: 'failure', type: 'AssertionFailure', message, detail: detail.join('\n') } });
  }
  for (const script of result.scripts) {
    if (!script.error) continue;
    const message = scriptErrorText(script.error);
    const name = `${phaseName(script)}「${script.name}」`;
    cases.push({
      name,
      outcome: { element: 'error', type: `ScriptError.${script.error.kind}`, message, detail: message },
    });
  }
  const request = `请求 ${result.request?.method ?? ''} ${result.request?.url ?? result.name}`.replace(/\s+/g, ' ');
  if (result.error) {
    const detail = [
      result.error.message,
      ...(result.unresolved?.length ? [`未解析的变量：${result.unresolved.join('、')}`] : []),
    ];
    cases.push({
      name: request,
      outcome: {
        element: 'error',
        type: `RequestError.${result.error.kind}`,
        message: result.error.message,
        detail: detail.join('\n'),
      },
    });
  }
  if (!result.passed && !cases.some((c) => c.outcome)) {
    cases.push({
      name: request,
      outcome: { element: 'error', type: 'RequestError', message: '请求未通过', detail: '请求未通过' },
    });
  }
  // A request with no checks is still one test: it was sent and answered.
  if (cases.length === 0) cases.push({ name: result.skipped ? `${request}（已跳过）` : request });
  return cases;
}

function countsOf(result: RequestResult) {
  const cases = testCases(result);
  return {
    cases,
    tests: cases.length,
    failures: cases.filter((c) => c.outcome?.element === 'failure').length,
    errors: cases.filter((c) => c.outcome?.element === 'error').length,
  };
}

function suite(report: RunReport, result: RequestResult, index: number, counts: ReturnType<typeof countsOf>): string {
  const classname = [report.name, ...(result.source?.folder ?? []), result.name].join('.');
  const parts: string[] = [];
  parts.push(
    `  <testsuite name="${attr(resultTitle(result, report))}" id="${index}" timestamp="${junitTimestamp(result.startedAt)}" tests="${counts.tests}" failures="${counts.failures}" errors="${counts.errors}" skipped="0" time="${seconds(result.durationMs)}">\n`,
  );
  parts.push('    <properties>\n');
  const properties: [string, string | number | undefined][] = [
    ['iteration', result.iteration + 1],
    ['method', result.request?.method],
    ['url', result.request?.url],
    ['status', result.response?.status],
  ];
  for (const [name, value] of properties) {
    if (value !== undefined) parts.push(`      <property name="${name}" value="${attr(value)}"/>\n`);
  }
  parts.push('    </properties>\n');
  // The request's time goes to its first test case so the cases' times add up to the run's.
  for (const [n, testCase] of counts.cases.entries()) {
    const time = n === 0 ? seconds(result.durationMs) : '0.000';
    const open = `    <testcase name="${attr(testCase.name)}" classname="${attr(classname)}" time="${time}"`;
    const outcome = testCase.outcome;
    if (!outcome) {
      parts.push(`${open}/>\n`);
      continue;
    }
    parts.push(
      `${open}>\n      <${outcome.element} type="${attr(outcome.type)}" message="${attr(outcome.message)}">${text(outcome.detail)}</${outcome.element}>\n    </testcase>\n`,
    );
  }
  const out = systemOut(result);
  if (out) parts.push(`    <system-out>${text(out)}</system-out>\n`);
  parts.push('  </testsuite>\n');
  return parts.join('');
}

/** What a CI page shows next to the suite: the exchange in one line, the scripts' console output. */
function systemOut(result: RequestResult): string {
  const lines: string[] = [];
  if (result.request) {
    const answer = result.response
      ? `${result.response.status} ${result.response.statusText}，${result.response.size} 字节，${Math.round(result.response.timings.totalMs)} ms`
      : (result.error?.message ?? '无响应');
    lines.push(`${result.request.method} ${result.request.url} → ${answer}`);
  }
  for (const script of result.scripts) {
    for (const entry of script.console) lines.push(`[${script.name}] ${entry.level}: ${entry.text}`);
  }
  return lines.join('\n');
}

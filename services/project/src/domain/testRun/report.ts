import { invalid } from '@pmbok/infra';
import type { RequestResult, RunReport, RunSummary } from '@pmbok/runner';
import { isObject } from '../testCase/fields.js';
import type { FinalStatus } from './testRun.js';

const FINAL: readonly FinalStatus[] = ['passed', 'failed', 'error', 'interrupted', 'cancelled'];
const SUMMARY_FIELDS: (keyof RunSummary)[] = [
  'requests',
  'failedRequests',
  'assertions',
  'failedAssertions',
  'scriptErrors',
  'iterations',
  'durationMs',
];
export const RESULTS_MAX = 100_000;

const refuse = (what: string): never => {
  throw invalid(`报告格式错误：${what}`);
};
const count = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
const time = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/**
 * A finished run's report as the CLI sends it (`project/testReport`): the runner's `RunReport`, checked for what the
 * history reads of it (the summary, each result's outcome, checks, scripts and case). The rest is kept as sent.
 */
export function checkReport(value: unknown): RunReport {
  if (!isObject(value)) return refuse('必须是一个对象');
  const { name, status, environment, startedAt, finishedAt, summary, results, message } = value;
  if (typeof name !== 'string' || name.length > 200) refuse('name 必须是最多 200 个字符的文字');
  if (!FINAL.includes(status as FinalStatus)) refuse(`status 只能是 ${FINAL.join('、')}`);
  if (typeof environment !== 'string' || environment.length > 200) refuse('environment 必须是文字');
  if (message !== undefined && typeof message !== 'string') refuse('message 必须是文字');
  if (!time(startedAt) || !time(finishedAt)) refuse('startedAt 和 finishedAt 必须是时间（毫秒）');
  if (!isObject(summary) || !SUMMARY_FIELDS.every((field) => count(summary[field])))
    refuse(`summary 必须有非负整数 ${SUMMARY_FIELDS.join('、')}`);
  if (!Array.isArray(results) || results.length > RESULTS_MAX)
    return refuse(`results 必须是最多 ${RESULTS_MAX} 项的列表`);
  results.forEach((result: unknown, i) => {
    const label = `第 ${i + 1} 个结果`;
    if (!isObject(result)) refuse(`${label}必须是一个对象`);
    const r = result as Record<string, unknown>;
    if (typeof r.passed !== 'boolean') refuse(`${label}的 passed 必须是 true 或 false`);
    if (typeof r.stepId !== 'string' || typeof r.caseKey !== 'string' || typeof r.name !== 'string')
      refuse(`${label}的 stepId、caseKey 和 name 必须是文字`);
    if (!count(r.iteration) || !time(r.startedAt) || !time(r.durationMs))
      refuse(`${label}的 iteration、startedAt 和 durationMs 必须是数字`);
    if (!Array.isArray(r.assertions) || !r.assertions.every((a) => isObject(a) && typeof a.passed === 'boolean'))
      refuse(`${label}的 assertions 必须是有 passed 的列表`);
    if (!Array.isArray(r.scripts) || !r.scripts.every(isObject)) refuse(`${label}的 scripts 必须是列表`);
    if (r.source !== undefined && (!isObject(r.source) || (r.source.caseId !== undefined && !count(r.source.caseId))))
      refuse(`${label}的 source 格式不对`);
  });
  return value as unknown as RunReport;
}

/** The cases of a report's results, as the service numbers them (a server plan's results carry `source.caseId`). */
export const caseIdsOfReport = (results: readonly RequestResult[]) => [
  ...new Set(results.flatMap((result) => (result.source?.caseId ? [result.source.caseId] : []))),
];

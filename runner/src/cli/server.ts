import type { RunPlan, RunReport } from '../model.js';
import type { ServerSource } from './args.js';
import { UsageError } from './errors.js';

/** The server's answers: `{code, msg, data}`, code 200 for success (docs/api/tests.md). */
interface Answer<T> {
  code: number;
  msg?: string;
  data?: T;
}

/** Asks the server for the plan of a project's scenario, cases, or every scenario (`project/testPlan`). */
export async function fetchPlan(server: ServerSource): Promise<RunPlan> {
  const form: Record<string, string> = { projectId: String(server.projectId) };
  if (server.scenarioId !== undefined) form.testScenarioId = String(server.scenarioId);
  if (server.caseIds !== undefined) form.testCaseIds = JSON.stringify(server.caseIds);
  if (server.environmentName !== undefined) form.environment = server.environmentName;
  const data = await call<{ plan?: RunPlan }>(server, 'project/testPlan', form);
  if (!data?.plan || typeof data.plan !== 'object') throw new UsageError('服务器的回答中没有测试计划');
  return data.plan;
}

/** Records a run's report in the project's run history (`project/testReport`); answers the run's id. */
export async function uploadReport(server: ServerSource, report: RunReport): Promise<number | undefined> {
  const form: Record<string, string> = { projectId: String(server.projectId), report: JSON.stringify(report) };
  if (server.scenarioId !== undefined) form.testScenarioId = String(server.scenarioId);
  const data = await call<{ testRunId?: number }>(server, 'project/testReport', form);
  return data?.testRunId;
}

async function call<T>(server: ServerSource, path: string, form: Record<string, string>): Promise<T | undefined> {
  const url = `${server.url}/pmbok/api/${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${server.token}`,
        'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
        accept: 'application/json',
      },
      body: new URLSearchParams(form),
      signal: AbortSignal.timeout(120_000),
    });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
    throw new UsageError(`无法连接服务器 ${server.url}：${cause}`);
  }
  const text = await response.text();
  let answer: Answer<T>;
  try {
    answer = JSON.parse(text) as Answer<T>;
  } catch {
    throw new UsageError(`服务器 ${url} 的回答不是 JSON（HTTP ${response.status}）`);
  }
  if (answer.code !== 200) throw new UsageError(`服务器拒绝了 ${path}：${answer.msg || `错误码 ${answer.code}`}`);
  return answer.data;
}

import type { RunPlan, RunReport } from '../model.js';
import type { HttpResponse } from '../ports.js';
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

/** The server's answers may be large (every scenario of a project with its cases); they are still bounded. */
const MAX_ANSWER_BYTES = 256 * 1024 * 1024;
const CALL_TIMEOUT_MS = 120_000;

async function call<T>(server: ServerSource, path: string, form: Record<string, string>): Promise<T | undefined> {
  const url = `${server.url}/pmbok/api/${path}`;
  // The runner's own client (node:http): the CLI loads one HTTP stack, not also fetch's undici.
  const { createHttpClient } = await import('../http/index.js');
  const client = createHttpClient({ allowPrivate: true }, { maxRedirects: 5, responseMaxBytes: MAX_ANSWER_BYTES });
  let response: HttpResponse;
  try {
    response = await client.send({
      method: 'POST',
      url,
      headers: [
        ['authorization', `Bearer ${server.token}`],
        ['content-type', 'application/x-www-form-urlencoded;charset=UTF-8'],
        ['accept', 'application/json'],
      ],
      body: new URLSearchParams(form).toString(),
      timeoutMs: CALL_TIMEOUT_MS,
    });
  } catch (error) {
    throw new UsageError(`无法连接服务器 ${server.url}：${(error as Error).message}`);
  } finally {
    await client.close();
  }
  let answer: Answer<T>;
  try {
    answer = JSON.parse(response.body) as Answer<T>;
  } catch {
    throw new UsageError(`服务器 ${url} 的回答不是 JSON（HTTP ${response.status}）`);
  }
  if (answer.code !== 200) throw new UsageError(`服务器拒绝了 ${path}：${answer.msg || `错误码 ${answer.code}`}`);
  return answer.data;
}

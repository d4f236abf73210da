import { createHash, randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { type Caller, forbidden, invalid, nextNumericId, notFound } from '@pmbok/infra';
import { messages } from '../domain/project/rules.js';
import { type RecordTestReport, testRunDecider } from '../domain/testRun/businessLogic.js';
import { caseIdsOfReport, checkReport } from '../domain/testRun/report.js';
import { testRunStreamId } from '../domain/testRun/testRun.js';
import { testScenarioMessages } from '../domain/testScenario/businessLogic.js';
import {
  type TestTokenCommand,
  testTokenMessages,
  testTokensDecider,
  testTokensStreamId,
} from '../domain/testToken/testToken.js';
import { namesOf } from '../projections/people/index.js';
import type { ProjectDoc } from '../projections/projects/index.js';
import { testCases, testScenarios } from '../projections/testCases/index.js';
import { type TestTokenDoc, testTokens } from '../projections/testTokens/index.js';
import type { ProjectContext } from './context.js';
import type { PlanTarget, TestPlans } from './testPlan.js';

/** `pmbok_pt_` and 43 base64url characters (32 random bytes). */
const TOKEN = /^pmbok_pt_[A-Za-z0-9_-]{43}$/;
const PREFIX_LENGTH = 'pmbok_pt_'.length + 4;
/** A CLI report, uncompressed (docs/api/tests.md). */
export const REPORT_MAX_BYTES = 20 * 1024 * 1024;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export const tokenMessages = {
  ...testTokenMessages,
  reportTooLarge: '报告不能超过 20 MB',
  reportGzip: '报告压缩格式错误',
  reportJson: '报告不是正确的 JSON',
} as const;

const tokenView = (doc: TestTokenDoc, createdByName: string) => ({
  testTokenId: doc.testTokenId,
  name: doc.name,
  prefix: `${doc.prefix}…`,
  createdBy: doc.createdBy,
  createdByName,
  createdAt: doc.createdAt,
  lastUsedAt: doc.lastUsedAt,
  revoked: doc.revoked,
});

/**
 * API tokens and the CLI's calls (docs/api/tests.md, "API tokens and the CLI"): managers make and revoke tokens; a
 * token reads its project's plans and records its reports, nothing else, until revoked. A CLI report is recorded as
 * a finished run of the token's creator.
 */
export function createTestTokens(context: ProjectContext, plans: TestPlans) {
  const { readStore, now, runCommand } = context;

  async function managed(projectId: number, caller: Caller) {
    const access = await context.readable(projectId, caller);
    if (!access.canManage) throw forbidden(access.canWrite ? messages.notManager : messages.readOnly);
    return access.project;
  }

  const run = (project: Pick<ProjectDoc, 'projectId' | 'teamId'>, command: TestTokenCommand, caller: Partial<Caller>) =>
    runCommand(testTokensStreamId(project.projectId), testTokensDecider, command, caller, { teamId: project.teamId });

  async function planOf(
    project: ProjectDoc,
    input: { target: PlanTarget; projectConfigId?: number; environment: string; serverUrl: string },
  ) {
    const environment = { projectConfigId: input.projectConfigId, name: input.environment || undefined };
    const built = await plans.build(project, input.target, { environment, serverUrl: input.serverUrl });
    return { plan: built.plan };
  }

  /** The token's project, when the token is one of its own and not revoked; its use is recorded. */
  async function authenticated(token: string, projectId: number) {
    const doc = TOKEN.test(token) ? await testTokens(readStore).findOne({ hash: hashOf(token) }) : null;
    const project = doc && !doc.revoked && doc.projectId === projectId ? await context.findProject(projectId) : null;
    if (!doc || !project) throw forbidden(tokenMessages.invalid);
    await run(
      project,
      { type: 'RecordTestTokenUse', data: { testTokenId: doc.testTokenId, at: now() } },
      {
        userId: doc.createdBy,
      },
    );
    return { token: doc, project };
  }

  return {
    async list(projectId: number, caller: Caller) {
      await managed(projectId, caller);
      const docs = await testTokens(readStore).find({ projectId }, { sort: { createdAt: -1, testTokenId: -1 } });
      const names = await namesOf(
        readStore,
        docs.map((doc) => doc.createdBy),
      );
      return { list: docs.map((doc) => tokenView(doc, names.get(doc.createdBy) ?? '')) };
    },

    async create(projectId: number, name: string, caller: Caller) {
      const project = await managed(projectId, caller);
      const token = `pmbok_pt_${randomBytes(32).toString('base64url')}`;
      const testTokenId = nextNumericId(now());
      const data = {
        testTokenId,
        projectId,
        name,
        prefix: token.slice(0, PREFIX_LENGTH),
        hash: hashOf(token),
        createdBy: caller.userId,
        createdAt: now(),
      };
      await run(project, { type: 'CreateTestToken', data }, caller);
      return { testTokenId, token };
    },

    async revoke(projectId: number, testTokenId: number, caller: Caller) {
      const project = await managed(projectId, caller);
      const doc = testTokenId > 0 ? await testTokens(readStore).findOne({ _id: String(testTokenId) }) : null;
      if (doc?.projectId !== projectId) throw notFound(tokenMessages.notFound);
      const data = { testTokenId, revokedBy: caller.userId, revokedAt: now() };
      await run(project, { type: 'RevokeTestToken', data }, caller);
    },

    /** The plan the CLI runs, built as a console run's; `serverUrl` is where the CLI reached this instance. */
    async plan(
      token: string,
      projectId: number,
      input: { target: PlanTarget; projectConfigId?: number; environment: string; serverUrl: string },
    ) {
      const { project } = await authenticated(token, projectId);
      return planOf(project, input);
    },

    /**
     * The same plan for a member who may write (it carries the environment's secrets), saved by the console as a
     * file the CLI runs: `project/exportTestPlan`.
     */
    async exportPlan(
      caller: Caller,
      projectId: number,
      input: { target: PlanTarget; projectConfigId?: number; environment: string; serverUrl: string },
    ) {
      const { project } = await context.writable(projectId, caller);
      return planOf(project, input);
    },

    /** Records a CLI run (its report gzipped) as a finished run of the token's creator. */
    async report(token: string, projectId: number, input: { reportGzip: Uint8Array; testScenarioId: number }) {
      const authorized = await authenticated(token, projectId);
      const { project } = authorized;
      let text: string;
      try {
        text = gunzipSync(input.reportGzip, { maxOutputLength: REPORT_MAX_BYTES + 1 }).toString('utf8');
      } catch (error) {
        const tooLarge = (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
        throw invalid(tooLarge ? tokenMessages.reportTooLarge : tokenMessages.reportGzip);
      }
      if (Buffer.byteLength(text) > REPORT_MAX_BYTES) throw invalid(tokenMessages.reportTooLarge);
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw invalid(tokenMessages.reportJson);
      }
      const report = checkReport(value);
      if (input.testScenarioId) {
        const scenario = await testScenarios(readStore).findOne({ _id: String(input.testScenarioId) });
        if (scenario?.projectId !== projectId) throw notFound(testScenarioMessages.notFound);
      }
      // The project's own cases among those the results name (a report of a Postman collection names none).
      const named = caseIdsOfReport(report.results);
      const own = await testCases(readStore).find({ _id: { $in: named.map(String) }, projectId });
      const testRunId = nextNumericId(now());
      const { createdBy } = authorized.token;
      const command: RecordTestReport = {
        type: 'RecordTestReport',
        data: {
          run: {
            testRunId,
            projectId,
            name: report.name,
            testScenarioId: input.testScenarioId,
            testCaseIds: [],
            caseIds: own.map((c) => c.testCaseId),
            environment: report.environment,
            projectConfigId: 0,
            trigger: 'cli',
            userId: createdBy,
            rerunOf: 0,
            host: '',
            startedAt: report.startedAt,
          },
          results: report.results,
          finish: {
            status: report.status === 'running' ? 'error' : report.status,
            summary: report.summary,
            message: report.message ?? '',
            finishedAt: report.finishedAt,
          },
        },
      };
      await runCommand(
        testRunStreamId(testRunId),
        testRunDecider,
        command,
        { userId: createdBy },
        {
          teamId: project.teamId,
        },
      );
      return { testRunId };
    },
  };
}

import { DomainError } from '@pmbok/infra';
import { deciderSpec } from '@pmbok/infra/testing';
import type { RequestResult } from '@pmbok/runner';
import { describe, expect, it } from 'vitest';
import { resultBatches, testRunDecider } from '../src/domain/testRun/businessLogic.js';
import { checkReport } from '../src/domain/testRun/report.js';
import { emptySummary, summaryWith, type TestRunEvent } from '../src/domain/testRun/testRun.js';
import { type TestTokenEvent, testTokensDecider } from '../src/domain/testToken/testToken.js';

const run = {
  testRunId: 3,
  projectId: 1,
  name: '冒烟',
  testScenarioId: 9,
  testCaseIds: [],
  caseIds: [5],
  environment: 'Mock 服务',
  projectConfigId: 0,
  trigger: 'console' as const,
  userId: 7,
  rerunOf: 0,
  host: 'h1',
  startedAt: 1_000,
};
const result = (passed: boolean, over: Partial<RequestResult> = {}): RequestResult => ({
  stepPath: 's',
  stepId: 's',
  caseKey: '5',
  name: '查询',
  iteration: 0,
  assertions: [{ name: '状态码', passed, origin: 'assertion' }],
  scripts: [],
  passed,
  startedAt: 1_100,
  durationMs: 50,
  ...over,
});
const started: TestRunEvent = { type: 'TestRunStarted', data: run };
const finish = { status: 'failed' as const, summary: emptySummary(), message: '', finishedAt: 2_000 };
const finished: TestRunEvent = { type: 'TestRunFinished', data: { testRunId: 3, projectId: 1, ...finish } };

describe('the projectTestRun aggregate', () => {
  const spec = deciderSpec(testRunDecider);

  it('starts once, takes results while running, and ends once', () => {
    spec.given([]).when({ type: 'StartTestRun', data: run }).then([started]);
    spec.given([started]).when({ type: 'StartTestRun', data: run }).then([]);
    spec
      .given([started])
      .when({ type: 'RecordTestResults', data: { results: [result(true)] } })
      .then([{ type: 'TestRunResultsRecorded', data: { testRunId: 3, projectId: 1, results: [result(true)] } }]);
    spec.given([started]).when({ type: 'FinishTestRun', data: finish }).then([finished]);
    spec
      .given([started, finished])
      .when({ type: 'FinishTestRun', data: { ...finish, status: 'interrupted' } })
      .then([]);
  });

  describe('when it was finished elsewhere (cancelled, marked interrupted)', () => {
    it('takes no late results', () => {
      spec
        .given([started, finished])
        .when({ type: 'RecordTestResults', data: { results: [result(true)] } })
        .then([]);
    });
  });

  it('records a CLI report whole, its results cut into events', () => {
    const results = Array.from({ length: 120 }, (_, i) => result(i % 2 === 0));
    const events = testRunDecider.decide(
      { type: 'RecordTestReport', data: { run: { ...run, trigger: 'cli' }, results, finish } },
      testRunDecider.initialState(),
    );
    expect(events.map((e) => e.type)).toEqual([
      'TestRunStarted',
      'TestRunResultsRecorded',
      'TestRunResultsRecorded',
      'TestRunResultsRecorded',
      'TestRunFinished',
    ]);
    expect(resultBatches(results).map((batch) => batch.length)).toEqual([50, 50, 20]);
    const big = { ...result(true), response: { body: 'x'.repeat(600_000) } } as unknown as RequestResult;
    expect(resultBatches([big, big, big]).map((batch) => batch.length)).toEqual([1, 1, 1]);
  });

  it('sums results as they come', () => {
    const summary = summaryWith(emptySummary(), [result(true), result(false, { iteration: 2 })], 1_000);
    expect(summary).toEqual({
      requests: 2,
      failedRequests: 1,
      assertions: 2,
      failedAssertions: 1,
      scriptErrors: 0,
      iterations: 3,
      durationMs: 150,
    });
  });
});

describe('a CLI report', () => {
  const valid = {
    name: 'CI',
    status: 'passed',
    environment: '预发',
    startedAt: 1,
    finishedAt: 2,
    summary: emptySummary(),
    results: [result(true)],
  };
  it('is taken as sent when the history can read it, refused naming the field otherwise', () => {
    expect(checkReport(valid)).toBe(valid);
    expect(() => checkReport([])).toThrow('报告格式错误：必须是一个对象');
    expect(() => checkReport({ ...valid, status: 'running' })).toThrow(/^报告格式错误：status 只能是/);
    expect(() => checkReport({ ...valid, results: [{ ...result(true), assertions: [{}] }] })).toThrow(
      '报告格式错误：第 1 个结果的 assertions 必须是有 passed 的列表',
    );
    expect(() => checkReport({ ...valid, results: [{ ...result(true), source: { caseId: -1 } }] })).toThrow(
      DomainError,
    );
  });
});

describe('the projectTestTokens aggregate', () => {
  const spec = deciderSpec(testTokensDecider);
  const token = {
    testTokenId: 4,
    projectId: 1,
    name: 'CI',
    prefix: 'pmbok_pt_abcd',
    hash: 'h',
    createdBy: 7,
    createdAt: 10,
  };
  const created: TestTokenEvent = { type: 'TestTokenCreated', data: token };
  const used: TestTokenEvent = { type: 'TestTokenUsed', data: { testTokenId: 4, projectId: 1, at: 100_000 } };
  const revoked: TestTokenEvent = {
    type: 'TestTokenRevoked',
    data: { testTokenId: 4, projectId: 1, revokedBy: 7, revokedAt: 200_000 },
  };
  const use = (at: number) => ({ type: 'RecordTestTokenUse', data: { testTokenId: 4, at } }) as const;

  it('is made with a name of 1–50 characters, at most 50 live per project', () => {
    spec
      .given([])
      .when({ type: 'CreateTestToken', data: { ...token, name: ' CI ' } })
      .then([created]);
    spec
      .given([])
      .when({ type: 'CreateTestToken', data: { ...token, name: '' } })
      .thenThrows(DomainError, 'API 令牌名称为 1–50 个字符');
    const many = Array.from(
      { length: 50 },
      (_, i): TestTokenEvent => ({ type: 'TestTokenCreated', data: { ...token, testTokenId: 100 + i } }),
    );
    spec
      .given(many)
      .when({ type: 'CreateTestToken', data: token })
      .thenThrows(DomainError, '一个项目最多 50 个有效的 API 令牌');
  });

  it('records its use at most once a minute, and none once revoked', () => {
    spec.given([created]).when(use(100_000)).then([used]);
    spec.given([created, used]).when(use(130_000)).then([]);
    spec
      .given([created, used])
      .when(use(160_000))
      .then([{ ...used, data: { ...used.data, at: 160_000 } }]);
    const revoke = { type: 'RevokeTestToken', data: { testTokenId: 4, revokedBy: 7, revokedAt: 200_000 } } as const;
    spec.given([created]).when(revoke).then([revoked]);
    spec.given([created, revoked]).when(revoke).then([]);
    spec.given([created, revoked]).when(use(300_000)).then([]);
    spec.given([]).when(revoke).thenThrows(DomainError, 'API 令牌不存在');
  });
});

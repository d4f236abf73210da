import { randomBytes } from 'node:crypto';
import { type Caller, invalid, nextNumericId, notFound } from '@pmbok/infra';
import { type TestCaseCommand, testCaseDecider, testCaseMessages } from '../domain/testCase/businessLogic.js';
import { checkCaseContent } from '../domain/testCase/content.js';
import { isObject } from '../domain/testCase/fields.js';
import { testCaseStreamId } from '../domain/testCase/testCase.js';
import { namesOf } from '../projections/people/index.js';
import type { ProjectDoc } from '../projections/projects/index.js';
import { type TestCaseDoc, testCases, testScenarios } from '../projections/testCases/index.js';
import { structureNodes } from '../projections/tree/index.js';
import type { ProjectContext } from './context.js';
import { lastRunsOf } from './testRunViews.js';

export const testMessages = {
  apiNotFound: '接口不存在或已删除',
  caseUsedBy: (name: string, user: string) => `用例「${name}」被场景「${user}」引用，不能删除`,
  contentJson: '内容不是正确的 JSON',
} as const;

/** 8 URL-safe random characters: the id of an assertion, an extraction or a step that came without one. */
export const newCheckId = () => randomBytes(6).toString('base64url');

/** A content field sent as JSON text. */
export function parsedContent(json: string): unknown {
  try {
    return JSON.parse(json || '{}');
  } catch {
    throw invalid(testMessages.contentJson);
  }
}

const caseView = (doc: TestCaseDoc, updatedByName: string) => ({
  testCaseId: doc.testCaseId,
  projectId: doc.projectId,
  projectStructureId: doc.projectStructureId,
  projectDocId: doc.projectDocId,
  name: doc.name,
  version: doc.version,
  content: doc.content,
  updatedBy: doc.updatedBy,
  updatedByName,
  updatedAt: doc.updatedAt,
});

/** A new case starts with its document's method and path where it names none. */
function startingRequest(value: unknown, node: { method: string; path: string }): unknown {
  if (!isObject(value)) return value;
  const request = isObject(value.request) ? value.request : {};
  return {
    ...value,
    request: { ...request, method: request.method ?? (node.method || 'GET'), url: request.url || node.path },
  };
}

/** Test cases (docs/api/tests.md, "Cases"): whoever sees the project reads them; writers save and delete them. */
export function createTestCases(context: ProjectContext) {
  const { readStore, now, runCommand } = context;

  const run = (project: ProjectDoc, testCaseId: number, command: TestCaseCommand, caller: Caller) =>
    runCommand(testCaseStreamId(testCaseId), testCaseDecider, command, caller, { teamId: project.teamId });
  const meta = (caller: Caller) => ({ metadata: { actorId: caller.userId, now: now() } });

  /** A case of the project; another project's is as unknown as a missing one. */
  async function found(projectId: number, testCaseId: number): Promise<TestCaseDoc> {
    const doc = testCaseId > 0 ? await testCases(readStore).findOne({ _id: String(testCaseId) }) : null;
    if (doc?.projectId !== projectId) throw notFound(testCaseMessages.notFound);
    return doc;
  }

  /** An api document of the project (not an API template): cases belong to nothing else. */
  async function apiNode(projectId: number, projectStructureId: number) {
    const node =
      projectStructureId > 0 ? await structureNodes(readStore).findOne({ _id: String(projectStructureId) }) : null;
    if (node?.projectId !== projectId || node.kind !== 'api' || node.isTemplate) {
      throw notFound(testMessages.apiNotFound);
    }
    return node;
  }

  return {
    found,

    async list(projectId: number, projectStructureId: number, caller: Caller) {
      await context.readable(projectId, caller);
      const filter = projectStructureId > 0 ? { projectId, projectStructureId } : { projectId };
      const docs = await testCases(readStore).find(filter, { sort: { projectStructureId: 1, testCaseId: 1 } });
      const lastRuns = await lastRunsOf(
        readStore,
        docs.map((doc) => `case-${doc.testCaseId}`),
      );
      const places = new Map<number, number>();
      return {
        list: docs.map((doc) => {
          const sort = (places.get(doc.projectStructureId) ?? 0) + 1;
          places.set(doc.projectStructureId, sort);
          return {
            testCaseId: doc.testCaseId,
            projectStructureId: doc.projectStructureId,
            projectDocId: doc.projectDocId,
            name: doc.name,
            method: doc.method,
            url: doc.url,
            assertionCount: doc.assertionCount,
            sort,
            lastRun: lastRuns.get(`case-${doc.testCaseId}`) ?? null,
            updatedBy: doc.updatedBy,
            updatedAt: doc.updatedAt,
          };
        }),
      };
    },

    async detail(projectId: number, testCaseId: number, caller: Caller) {
      await context.readable(projectId, caller);
      const doc = await found(projectId, testCaseId);
      const names = await namesOf(readStore, [doc.updatedBy]);
      return caseView(doc, names.get(doc.updatedBy) ?? '');
    },

    async save(
      projectId: number,
      input: { testCaseId: number; projectStructureId: number; name: string; content: unknown; baseVersion: number },
      caller: Caller,
    ) {
      const { project } = await context.writable(projectId, caller);
      if (input.testCaseId) {
        const before = await found(projectId, input.testCaseId);
        const content = checkCaseContent(input.content, newCheckId);
        const data = { name: input.name, content, baseVersion: input.baseVersion };
        const { state } = await run(
          project,
          before.testCaseId,
          { type: 'SaveTestCase', data, ...meta(caller) },
          caller,
        );
        return { testCaseId: before.testCaseId, version: state.status === 'active' ? state.version : 0 };
      }
      const node = await apiNode(projectId, input.projectStructureId);
      const content = checkCaseContent(startingRequest(input.content, node), newCheckId);
      const testCaseId = nextNumericId(now());
      const data = {
        testCaseId,
        projectId,
        projectStructureId: node.projectStructureId,
        projectDocId: node.projectDocId,
        name: input.name,
        content,
      };
      await run(project, testCaseId, { type: 'CreateTestCase', data, ...meta(caller) }, caller);
      return { testCaseId, version: 1 };
    },

    async remove(projectId: number, testCaseId: number, caller: Caller) {
      const { project } = await context.writable(projectId, caller);
      const doc = await found(projectId, testCaseId);
      const user = await testScenarios(readStore).findOne({ projectId, caseIds: testCaseId });
      if (user) throw invalid(testMessages.caseUsedBy(doc.name, user.name));
      await run(project, testCaseId, { type: 'DeleteTestCase', ...meta(caller) }, caller);
    },
  };
}

export type TestCaseUseCases = ReturnType<typeof createTestCases>;

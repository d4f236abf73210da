import { type Caller, invalid, nextNumericId, notFound } from '@pmbok/infra';
import {
  type TestScenarioCommand,
  testScenarioDecider,
  testScenarioMessages,
} from '../domain/testScenario/businessLogic.js';
import { checkScenarioContent, cycleThrough } from '../domain/testScenario/content.js';
import { testScenarioStreamId } from '../domain/testScenario/testScenario.js';
import { namesOf } from '../projections/people/index.js';
import type { ProjectDoc } from '../projections/projects/index.js';
import { projectSettings } from '../projections/settings/index.js';
import { type TestScenarioDoc, testCases, testScenarios } from '../projections/testCases/index.js';
import type { ProjectContext } from './context.js';
import { newCheckId } from './testCases.js';
import { lastRunsOf } from './testRunViews.js';

const cycleMessage = (path: string) => `场景循环引用：${path}`;

/**
 * Test scenarios (docs/api/tests.md, "Scenarios"): whoever sees the project reads them; writers save them (steps
 * naming the project's cases and scenarios, no scenario reaching itself) and delete those no other one uses.
 */
export function createTestScenarios(context: ProjectContext) {
  const { readStore, now, runCommand } = context;

  const run = (project: ProjectDoc, id: number, command: TestScenarioCommand, caller: Caller) =>
    runCommand(testScenarioStreamId(id), testScenarioDecider, command, caller, { teamId: project.teamId });
  const meta = (caller: Caller) => ({ metadata: { actorId: caller.userId, now: now() } });

  async function found(projectId: number, testScenarioId: number): Promise<TestScenarioDoc> {
    const doc = testScenarioId > 0 ? await testScenarios(readStore).findOne({ _id: String(testScenarioId) }) : null;
    if (doc?.projectId !== projectId) throw notFound(testScenarioMessages.notFound);
    return doc;
  }

  /** The content checked against the project's cases, scenarios and environments, and no cycle through `id`. */
  async function checked(projectId: number, id: number, name: string, value: unknown) {
    const [cases, scenarios, settings] = await Promise.all([
      testCases(readStore).find({ projectId }),
      testScenarios(readStore).find({ projectId }),
      projectSettings(readStore).findOne({ _id: String(projectId) }),
    ]);
    const refs = {
      caseIds: new Set(cases.map((c) => c.testCaseId)),
      scenarioIds: new Set([...scenarios.map((s) => s.testScenarioId), id]),
      environmentIds: new Set((settings?.environments ?? []).map((e) => e.projectConfigId)),
    };
    const result = checkScenarioContent(value, refs, newCheckId);
    const uses = new Map(scenarios.map((s) => [s.testScenarioId, s.scenarioIds]));
    uses.set(id, result.scenarioIds);
    const names = new Map(scenarios.map((s) => [s.testScenarioId, s.name]));
    names.set(id, name.trim());
    const cycle = cycleThrough(id, uses, (scenarioId) => names.get(scenarioId) ?? String(scenarioId));
    if (cycle) throw invalid(cycleMessage(cycle));
    return result.content;
  }

  return {
    found,

    async list(projectId: number, caller: Caller) {
      await context.readable(projectId, caller);
      const docs = await testScenarios(readStore).find({ projectId }, { sort: { testScenarioId: 1 } });
      const lastRuns = await lastRunsOf(
        readStore,
        docs.map((doc) => `scenario-${doc.testScenarioId}`),
      );
      return {
        list: docs.map((doc) => ({
          testScenarioId: doc.testScenarioId,
          name: doc.name,
          description: doc.description,
          stepCount: doc.stepCount,
          dataRows: doc.dataRows,
          lastRun: lastRuns.get(`scenario-${doc.testScenarioId}`) ?? null,
          updatedBy: doc.updatedBy,
          updatedAt: doc.updatedAt,
        })),
      };
    },

    async detail(projectId: number, testScenarioId: number, caller: Caller) {
      await context.readable(projectId, caller);
      const doc = await found(projectId, testScenarioId);
      const names = await namesOf(readStore, [doc.updatedBy]);
      return {
        testScenarioId: doc.testScenarioId,
        projectId: doc.projectId,
        name: doc.name,
        description: doc.description,
        version: doc.version,
        content: doc.content,
        updatedBy: doc.updatedBy,
        updatedByName: names.get(doc.updatedBy) ?? '',
        updatedAt: doc.updatedAt,
      };
    },

    async save(
      projectId: number,
      input: { testScenarioId: number; name: string; description: string; content: unknown; baseVersion: number },
      caller: Caller,
    ) {
      const { project } = await context.writable(projectId, caller);
      const { name, description, baseVersion } = input;
      if (input.testScenarioId) {
        const before = await found(projectId, input.testScenarioId);
        const content = await checked(projectId, before.testScenarioId, name, input.content);
        const data = { name, description, content, baseVersion };
        const command = { type: 'SaveTestScenario' as const, data, ...meta(caller) };
        const { state } = await run(project, before.testScenarioId, command, caller);
        return { testScenarioId: before.testScenarioId, version: state.status === 'active' ? state.version : 0 };
      }
      const testScenarioId = nextNumericId(now());
      const content = await checked(projectId, testScenarioId, name, input.content);
      const data = { testScenarioId, projectId, name, description, content };
      await run(project, testScenarioId, { type: 'CreateTestScenario', data, ...meta(caller) }, caller);
      return { testScenarioId, version: 1 };
    },

    async remove(projectId: number, testScenarioId: number, caller: Caller) {
      const { project } = await context.writable(projectId, caller);
      const doc = await found(projectId, testScenarioId);
      const users = await testScenarios(readStore).find({ projectId, scenarioIds: testScenarioId });
      const user = users.find((other) => other.testScenarioId !== testScenarioId);
      if (user) throw invalid(testScenarioMessages.usedBy(doc.name, user.name));
      await run(project, testScenarioId, { type: 'DeleteTestScenario', ...meta(caller) }, caller);
    },
  };
}

export type TestScenarioUseCases = ReturnType<typeof createTestScenarios>;

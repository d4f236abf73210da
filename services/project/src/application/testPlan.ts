import { invalid, notFound } from '@pmbok/infra';
import type { PlanCase, PlanEnvironment, PlanScenario, PlanScript, RunPlan, Step } from '@pmbok/runner';
import { testScenarioMessages } from '../domain/testScenario/businessLogic.js';
import { projectDocs } from '../projections/docs/index.js';
import type { ProjectDoc } from '../projections/projects/index.js';
import { projectSettings } from '../projections/settings/index.js';
import { type TestCaseDoc, type TestScenarioDoc, testCases, testScenarios } from '../projections/testCases/index.js';
import { structureNodes } from '../projections/tree/index.js';
import type { ProjectContext } from './context.js';
import { mockSettingsWithToken } from './mockConfig.js';

/** What a run runs: a scenario, cases in order, or (the CLI without either) every scenario. */
export type PlanTarget = { testScenarioId: number } | { testCaseIds: number[] } | { everyScenario: true };

/** The environment: an id (0 the project's mock), a name (the CLI's), or unset (the scenario's, else the mock). */
export interface PlanEnvironmentChoice {
  projectConfigId?: number;
  name?: string;
}

export interface BuiltPlan {
  plan: RunPlan;
  /** Every case of the plan, and the environment's id (0 the mock) and name, for the run's record. */
  caseIds: number[];
  projectConfigId: number;
}

export const planMessages = {
  environmentNotFound: '环境不存在或已删除',
  environmentNamed: (name: string) => `环境「${name}」不存在`,
  noScenarios: '项目中还没有场景',
  casesMissing: '用例不存在或已删除',
} as const;

export const PROJECT_PRE_SCRIPT = '项目前置脚本';
export const PROJECT_TEST_SCRIPT = '项目后置脚本';
export const CASE_PRE_SCRIPT = '用例前置脚本';
export const CASE_TEST_SCRIPT = '用例测试脚本';
export const MOCK_ENVIRONMENT = 'Mock 服务';
/** The key of the scenario a run of every scenario starts from (no scenario has it: theirs are numbers). */
const EVERY_SCENARIO = 'all';
/** The mock's token travels as a secret variable, so reports show the header as ******. */
const MOCK_TOKEN_VARIABLE = 'pmbokMockToken';

/** Where this instance serves, as the service reaches it: its own mock is always reachable from a run. */
export const internalUrl = () =>
  (process.env.PMBOK_INTERNAL_URL || `http://127.0.0.1:${process.env.PORT ?? 8080}`).replace(/\/+$/, '');

const scripts = (...entries: [string, string][]): PlanScript[] =>
  entries.filter(([, code]) => code.trim() !== '').map(([name, code]) => ({ name, code }));

/**
 * Run plans from a project's read models (docs/api/tests.md, "Runs"): the cases with their document's response
 * schemas and the project's scripts, the scenarios reachable from the entry, the schema documents as components,
 * the environment. The same for a console run and the CLI's `testPlan`.
 */
export function createTestPlans(context: ProjectContext) {
  const { readStore } = context;

  /** The scenarios reachable from `start` through scenario steps, `start` first. */
  function reachable(start: number, byId: Map<number, TestScenarioDoc>): TestScenarioDoc[] {
    const seen = new Set<number>();
    const order: TestScenarioDoc[] = [];
    const visit = (id: number) => {
      const scenario = byId.get(id);
      if (!scenario || seen.has(id)) return;
      seen.add(id);
      order.push(scenario);
      for (const next of scenario.scenarioIds) visit(next);
    };
    visit(start);
    return order;
  }

  /** Each api document's response schemas by status, and the project's schema documents by node name. */
  async function documentsOf(projectId: number, cases: TestCaseDoc[]) {
    const docIds = [...new Set(cases.map((c) => c.projectDocId))];
    const [docs, models] = await Promise.all([
      projectDocs(readStore).find({ _id: { $in: docIds.map(String) } }),
      structureNodes(readStore).find({ projectId, kind: 'schema', isTemplate: false }),
    ]);
    const responses = new Map<number, Record<string, unknown>>();
    for (const doc of docs) {
      const schemas: Record<string, unknown> = {};
      const list = Array.isArray(doc.content.responses) ? doc.content.responses : [];
      for (const response of list as { status?: unknown; schema?: unknown }[]) {
        const { status, schema } = response;
        if (typeof status === 'string' && schema && typeof schema === 'object' && Object.keys(schema).length > 0)
          schemas[status] = schema;
      }
      responses.set(doc.docId, schemas);
    }
    const modelDocs = await projectDocs(readStore).find({
      _id: { $in: models.map((node) => String(node.projectDocId)) },
    });
    const schemaOf = new Map(modelDocs.map((doc) => [doc.docId, doc.content.schema]));
    const components: Record<string, unknown> = {};
    for (const node of [...models].sort((a, b) => a.projectStructureId - b.projectStructureId)) {
      const schema = schemaOf.get(node.projectDocId);
      if (schema !== undefined && !(node.name in components)) components[node.name] = schema;
    }
    return { responses, components };
  }

  async function environmentOf(
    project: ProjectDoc,
    choice: PlanEnvironmentChoice,
    fallback: number,
    serverUrl: string,
  ): Promise<{ environment: PlanEnvironment; projectConfigId: number }> {
    const settings = await projectSettings(readStore).findOne({ _id: String(project.projectId) });
    const environments = settings?.environments ?? [];
    let chosen = choice.projectConfigId ?? fallback;
    if (choice.projectConfigId === undefined && choice.name) {
      const named = environments.find((env) => env.name === choice.name);
      if (!named) throw invalid(planMessages.environmentNamed(choice.name));
      chosen = named.projectConfigId;
    }
    if (chosen === 0) {
      const mock = await mockSettingsWithToken(context, project);
      const token = mock.access === 'token' ? mock.token : '';
      const environment: PlanEnvironment = {
        name: MOCK_ENVIRONMENT,
        baseUrl: `${serverUrl || internalUrl()}/mock/${project.projectId}`,
        variables: token ? [{ name: MOCK_TOKEN_VARIABLE, value: token, secret: true }] : [],
        headers: token ? [{ name: 'X-Mock-Token', value: `{{${MOCK_TOKEN_VARIABLE}}}` }] : [],
      };
      return { environment, projectConfigId: 0 };
    }
    const env = environments.find((e) => e.projectConfigId === chosen);
    if (!env) throw invalid(planMessages.environmentNotFound);
    const environment: PlanEnvironment = {
      name: env.name,
      baseUrl: env.baseUrl,
      variables: env.variables.map((v) => ({ name: v.name, value: v.value, ...(v.secret ? { secret: true } : {}) })),
      headers: env.headers.map((h) => ({ name: h.name, value: h.value })),
    };
    return { environment, projectConfigId: env.projectConfigId };
  }

  return {
    /**
     * The plan of `target` in `project`. `serverUrl`: where the runner reaches this instance (the CLI's address of
     * the server; a console run uses the internal one).
     */
    async build(
      project: ProjectDoc,
      target: PlanTarget,
      options: { environment?: PlanEnvironmentChoice; onlyStepIds?: string[]; serverUrl?: string } = {},
    ): Promise<BuiltPlan> {
      const { projectId } = project;
      const all = await testScenarios(readStore).find({ projectId }, { sort: { testScenarioId: 1 } });
      const byId = new Map(all.map((s) => [s.testScenarioId, s]));
      let scenarios: TestScenarioDoc[] = [];
      /** The entry of a run of every scenario: one step per scenario, in the order they were made. */
      const synthetic: Record<string, PlanScenario> = {};
      let entry: RunPlan['entry'];
      let settingsOfRun: Pick<RunPlan, 'stopOnFailure' | 'variables' | 'data'> = { stopOnFailure: false };
      let name = '';
      let fallbackEnvironment = 0;
      let caseIds: number[];
      if ('testScenarioId' in target) {
        const scenario = byId.get(target.testScenarioId);
        if (!scenario) throw notFound(testScenarioMessages.notFound);
        scenarios = reachable(scenario.testScenarioId, byId);
        entry = { scenarioKey: String(scenario.testScenarioId) };
        const { content } = scenario;
        settingsOfRun = {
          stopOnFailure: content.stopOnFailure,
          ...(content.variables.length ? { variables: content.variables } : {}),
          ...(content.data && content.data.rows.length > 0 ? { data: content.data } : {}),
        };
        name = scenario.name;
        fallbackEnvironment = content.projectConfigId;
        caseIds = [...new Set(scenarios.flatMap((s) => s.caseIds))];
      } else if ('testCaseIds' in target) {
        caseIds = [...new Set(target.testCaseIds)];
        entry = { caseKeys: target.testCaseIds.map(String) };
      } else {
        if (all.length === 0) throw invalid(planMessages.noScenarios);
        scenarios = all;
        name = `${project.name} 全部场景`;
        const steps: Step[] = all.map((s) => ({
          id: `all-${s.testScenarioId}`,
          kind: 'scenario',
          scenarioKey: String(s.testScenarioId),
        }));
        synthetic[EVERY_SCENARIO] = { key: EVERY_SCENARIO, name, steps };
        entry = { scenarioKey: EVERY_SCENARIO };
        caseIds = [...new Set(all.flatMap((s) => s.caseIds))];
      }

      const cases = await testCases(readStore).find({ _id: { $in: caseIds.map(String) } });
      const found = cases.filter((c) => c.projectId === projectId);
      if ('testCaseIds' in target && found.length !== caseIds.length) throw notFound(planMessages.casesMissing);
      if (!name) name = found.length === 1 ? found[0]!.name : `${found[0]?.name ?? ''} 等 ${found.length} 个用例`;

      const [{ responses, components }, settings, env] = await Promise.all([
        documentsOf(projectId, found),
        projectSettings(readStore).findOne({ _id: String(projectId) }),
        environmentOf(project, options.environment ?? {}, fallbackEnvironment, options.serverUrl ?? ''),
      ]);
      const before = settings?.beforeScript ?? '';
      const after = settings?.afterScript ?? '';
      const planCases: Record<string, PlanCase> = {};
      for (const c of found) {
        const { content } = c;
        planCases[String(c.testCaseId)] = {
          key: String(c.testCaseId),
          name: c.name,
          request: content.request,
          assertions: content.assertions,
          extractions: content.extractions,
          preScripts: scripts([PROJECT_PRE_SCRIPT, before], [CASE_PRE_SCRIPT, content.preScript]),
          testScripts: scripts([PROJECT_TEST_SCRIPT, after], [CASE_TEST_SCRIPT, content.testScript]),
          responseSchemas: responses.get(c.projectDocId) ?? {},
          source: { projectDocId: c.projectDocId, caseId: c.testCaseId },
        };
      }
      const planScenarios: Record<string, PlanScenario> = {};
      for (const s of scenarios) {
        const key = String(s.testScenarioId);
        planScenarios[key] = { key, name: s.name, steps: s.content.steps };
      }
      const plan: RunPlan = {
        name,
        environment: env.environment,
        cases: planCases,
        scenarios: { ...planScenarios, ...synthetic },
        ...(Object.keys(components).length ? { components } : {}),
        entry,
        ...settingsOfRun,
        ...(options.onlyStepIds ? { onlyStepIds: options.onlyStepIds } : {}),
      };
      return { plan, caseIds: found.map((c) => c.testCaseId), projectConfigId: env.projectConfigId };
    },
  };
}

export type TestPlans = ReturnType<typeof createTestPlans>;

import { type Doc, documentProjection, ownLog, type Recorded, readModel } from '@pmbok/infra';
import { type ExistingTestCase, evolveTestCase, type TestCaseEvent } from '../../domain/testCase/testCase.js';
import { allSteps } from '../../domain/testScenario/content.js';
import {
  type ExistingTestScenario,
  evolveTestScenario,
  type TestScenarioEvent,
} from '../../domain/testScenario/testScenario.js';

/** A live test case as its stream folds, with what the list shows (method, URL, number of assertions). */
export interface TestCaseDoc extends Doc, ExistingTestCase {
  method: string;
  url: string;
  assertionCount: number;
}

/** A live scenario as its stream folds, with what the list shows and the cases and scenarios its steps name. */
export interface TestScenarioDoc extends Doc, ExistingTestScenario {
  stepCount: number;
  dataRows: number;
  caseIds: number[];
  scenarioIds: number[];
}

export const testCases = readModel<TestCaseDoc>('testCases', [
  { fields: { projectId: 1 } },
  { fields: { projectStructureId: 1 } },
]);
export const testScenarios = readModel<TestScenarioDoc>('testScenarios', [{ fields: { projectId: 1 } }]);

const caseDoc = (event: Recorded<TestCaseEvent>, doc: TestCaseDoc | null): TestCaseDoc | null => {
  const state = evolveTestCase(doc ?? { status: 'none' }, event);
  if (state.status !== 'active') return null;
  const { request, assertions } = state.content;
  return {
    ...state,
    _id: String(state.testCaseId),
    method: request.method,
    url: request.url,
    assertionCount: assertions.length,
  };
};

const scenarioDoc = (event: Recorded<TestScenarioEvent>, doc: TestScenarioDoc | null): TestScenarioDoc | null => {
  const state = evolveTestScenario(doc ?? { status: 'none' }, event);
  if (state.status !== 'active') return null;
  const steps = [...allSteps(state.content.steps)];
  const caseIds = new Set<number>();
  const scenarioIds = new Set<number>();
  for (const step of steps) {
    if (step.kind === 'case') caseIds.add(Number(step.caseKey));
    else if (step.kind === 'scenario') scenarioIds.add(Number(step.scenarioKey));
  }
  return {
    ...state,
    _id: String(state.testScenarioId),
    stepCount: steps.length,
    dataRows: state.content.data?.rows.length ?? 0,
    caseIds: [...caseIds],
    scenarioIds: [...scenarioIds],
  };
};

export const testCasesProjection = documentProjection({
  source: ownLog<TestCaseEvent>(),
  collection: testCases,
  stream: 'projectTestCase',
  on: { TestCaseCreated: caseDoc, TestCaseSaved: caseDoc, TestCaseDeleted: caseDoc },
});

export const testScenariosProjection = documentProjection({
  source: ownLog<TestScenarioEvent>(),
  collection: testScenarios,
  stream: 'projectTestScenario',
  on: { TestScenarioCreated: scenarioDoc, TestScenarioSaved: scenarioDoc, TestScenarioDeleted: scenarioDoc },
});

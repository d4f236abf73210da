import type { PlanVariable, TestScenarioContent } from '@pmbok/runner';
import { VARIABLE_NAME } from './assertionModel';
import { stepProblems } from './stepTree';

/** A scenario as its editor holds it, and what the server would refuse of it (docs/api/tests.md, "Scenarios"). */
export interface ScenarioDraft {
  name: string;
  description: string;
  content: TestScenarioContent;
}

export const SCENARIO_LIMITS = { name: 100, description: 500, variables: 200 };

export const emptyScenario = (name: string, projectConfigId: number): ScenarioDraft => ({
  name,
  description: '',
  content: { steps: [], stopOnFailure: true, projectConfigId, variables: [], data: null },
});

export function normalizeScenario(raw: unknown): TestScenarioContent {
  const value = (raw && typeof raw === 'object' ? raw : {}) as Partial<TestScenarioContent>;
  return {
    steps: Array.isArray(value.steps) ? value.steps : [],
    stopOnFailure: value.stopOnFailure ?? true,
    projectConfigId: value.projectConfigId ?? 0,
    variables: Array.isArray(value.variables) ? value.variables : [],
    data: value.data && Array.isArray(value.data.columns) ? value.data : null,
  };
}

const named = (variables: PlanVariable[]) =>
  variables
    .filter((v) => v.name.trim())
    .map((v) => ({ ...v, name: v.name.trim(), ...(v.secret ? {} : { secret: undefined }) }));

export const cleanScenario = (draft: ScenarioDraft): ScenarioDraft => ({
  name: draft.name.trim(),
  description: draft.description.trim(),
  content: { ...draft.content, variables: named(draft.content.variables) },
});

export const sameScenario = (a: ScenarioDraft, b: ScenarioDraft) =>
  JSON.stringify(cleanScenario(a)) === JSON.stringify(cleanScenario(b));

export interface ScenarioProblem {
  key: string;
  args?: Record<string, string | number>;
  stepId?: string;
}

export function scenarioProblems(
  draft: ScenarioDraft,
  known: { cases: Set<string>; scenarios: Set<string>; self?: string },
): ScenarioProblem[] {
  const problems: ScenarioProblem[] = [];
  const name = draft.name.trim();
  if (!name) problems.push({ key: 'name_required' });
  if (name.length > SCENARIO_LIMITS.name) problems.push({ key: 'name_long', args: { max: SCENARIO_LIMITS.name } });
  for (const variable of named(draft.content.variables)) {
    if (!VARIABLE_NAME.test(variable.name)) problems.push({ key: 'variable_name', args: { name: variable.name } });
  }
  return [...problems, ...stepProblems(draft.content.steps, known)];
}

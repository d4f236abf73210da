import type { Step } from '@pmbok/runner';
import { newId } from './assertionModel';

/**
 * A scenario's steps as a tree: conditions and loops hold steps of their own. Every edit names a step by its id
 * and answers a new tree; `null` as a parent is the scenario's own list.
 */

export type StepKind = Step['kind'];
type Parent = Extract<Step, { steps: Step[] }>;

export const STEP_LIMITS = { steps: 500, depth: 10, waitMs: 60_000, loopCount: 1_000 };

const hasChildren = (step: Step): step is Parent => step.kind === 'if' || step.kind === 'loop';

export function newStep(kind: 'case', caseKey: string): Step;
export function newStep(kind: 'scenario', scenarioKey: string): Step;
export function newStep(kind: 'wait' | 'if' | 'loop'): Step;
export function newStep(kind: StepKind, key = ''): Step {
  const id = newId('s');
  switch (kind) {
    case 'case':
      return { id, kind, caseKey: key };
    case 'scenario':
      return { id, kind, scenarioKey: key };
    case 'wait':
      return { id, kind, ms: 1_000 };
    case 'if':
      return { id, kind, condition: { left: '', operator: 'equals', right: '' }, steps: [] };
    case 'loop':
      return { id, kind, count: 3, steps: [] };
  }
}

/** The step with this id anywhere in the tree. */
export function findStep(steps: readonly Step[], id: string): Step | undefined {
  for (const step of steps) {
    if (step.id === id) return step;
    const found = hasChildren(step) ? findStep(step.steps, id) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** Applies `change` to the list that `parentId` holds (the top list for null). */
function editList(steps: Step[], parentId: string | null, change: (list: Step[]) => Step[]): Step[] {
  if (parentId === null) return change(steps);
  return steps.map((step) =>
    !hasChildren(step)
      ? step
      : step.id === parentId
        ? { ...step, steps: change(step.steps) }
        : { ...step, steps: editList(step.steps, parentId, change) },
  );
}

export function updateStep(steps: Step[], id: string, patch: Partial<Step>): Step[] {
  return steps.map((step) => {
    if (step.id === id) return { ...step, ...patch } as Step;
    return hasChildren(step) ? { ...step, steps: updateStep(step.steps, id, patch) } : step;
  });
}

export function removeStep(steps: Step[], id: string): Step[] {
  return steps
    .filter((step) => step.id !== id)
    .map((step) => (hasChildren(step) ? { ...step, steps: removeStep(step.steps, id) } : step));
}

/** Adds steps at the end of a list (or at `index`). */
export function insertSteps(steps: Step[], parentId: string | null, added: Step[], index?: number): Step[] {
  return editList(steps, parentId, (list) => {
    const at = index === undefined ? list.length : Math.max(0, Math.min(index, list.length));
    return [...list.slice(0, at), ...added, ...list.slice(at)];
  });
}

/** Moves the step at `from` to `to` within one list (drag and drop, or the arrows). */
export function moveStep(steps: Step[], parentId: string | null, from: number, to: number): Step[] {
  return editList(steps, parentId, (list) => {
    if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
    const next = [...list];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved as Step);
    return next;
  });
}

/** A copy with fresh ids all the way down, placed right after the original. */
export function duplicateStep(steps: Step[], id: string): Step[] {
  const fresh = (step: Step): Step =>
    hasChildren(step) ? { ...step, id: newId('s'), steps: step.steps.map(fresh) } : { ...step, id: newId('s') };
  const copyIn = (list: Step[]): Step[] =>
    list.flatMap((step) => {
      if (step.id === id) return [step, fresh(step)];
      return [hasChildren(step) ? { ...step, steps: copyIn(step.steps) } : step];
    });
  return copyIn(steps);
}

/** Every step, nested ones included. */
export const countSteps = (steps: readonly Step[]): number =>
  steps.reduce((sum, step) => sum + 1 + (hasChildren(step) ? countSteps(step.steps) : 0), 0);

/** How deep the nesting goes: a flat list is 1. */
export const depthOf = (steps: readonly Step[]): number =>
  steps.length === 0 ? 0 : 1 + Math.max(...steps.map((step) => (hasChildren(step) ? depthOf(step.steps) : 0)));

/** The case ids the steps run, in order, each once. */
export function caseKeysOf(steps: readonly Step[]): string[] {
  const keys: string[] = [];
  const walk = (list: readonly Step[]) => {
    for (const step of list) {
      if (step.kind === 'case' && !keys.includes(step.caseKey)) keys.push(step.caseKey);
      if (hasChildren(step)) walk(step.steps);
    }
  };
  walk(steps);
  return keys;
}

/**
 * About how many requests one pass through the steps sends: a loop's count multiplied in, a loop over a variable
 * and a condition counted once, another scenario by `scenarioRequests` (its own estimate, 1 when unknown).
 */
export function expectedRequests(steps: readonly Step[], scenarioRequests: (key: string) => number = () => 1): number {
  return steps.reduce((sum, step) => {
    if (step.enabled === false) return sum;
    switch (step.kind) {
      case 'case':
        return sum + 1;
      case 'scenario':
        return sum + scenarioRequests(step.scenarioKey);
      case 'wait':
        return sum;
      case 'if':
        return sum + expectedRequests(step.steps, scenarioRequests);
      case 'loop':
        return sum + (step.overVariable ? 1 : (step.count ?? 1)) * expectedRequests(step.steps, scenarioRequests);
    }
    return sum;
  }, 0);
}

export interface StepProblem {
  /** The step at fault, or '' for the whole list. */
  stepId: string;
  key: string;
  args?: Record<string, string | number>;
}

/** What the server would refuse in the steps (docs/api/tests.md, scenarios' content rules). */
export function stepProblems(
  steps: readonly Step[],
  known: { cases: Set<string>; scenarios: Set<string>; self?: string },
): StepProblem[] {
  const problems: StepProblem[] = [];
  const total = countSteps(steps);
  if (total > STEP_LIMITS.steps)
    problems.push({ stepId: '', key: 'steps_many', args: { max: STEP_LIMITS.steps, n: total } });
  if (depthOf(steps) > STEP_LIMITS.depth)
    problems.push({ stepId: '', key: 'steps_deep', args: { max: STEP_LIMITS.depth } });
  const walk = (list: readonly Step[]) => {
    for (const step of list) {
      const add = (key: string, args?: StepProblem['args']) => problems.push({ stepId: step.id, key, args });
      if (step.kind === 'case' && !known.cases.has(step.caseKey)) add('step_case_missing');
      if (step.kind === 'scenario') {
        if (step.scenarioKey === known.self) add('step_self');
        else if (!known.scenarios.has(step.scenarioKey)) add('step_scenario_missing');
      }
      if (step.kind === 'wait' && !(step.ms >= 0 && step.ms <= STEP_LIMITS.waitMs)) add('step_wait', { max: 60 });
      if (step.kind === 'if' && !step.condition.left.trim()) add('step_condition');
      if (step.kind === 'loop') {
        if (
          step.overVariable !== undefined
            ? !step.overVariable.trim()
            : !(step.count && step.count >= 1 && step.count <= STEP_LIMITS.loopCount)
        ) {
          add('step_loop', { max: STEP_LIMITS.loopCount });
        }
      }
      if (hasChildren(step)) walk(step.steps);
    }
  };
  walk(steps);
  return problems;
}

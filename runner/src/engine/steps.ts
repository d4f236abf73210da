import type { ConditionOperator, PlanScenario, RequestResult, Step } from '../model.js';
import { replaceVariables } from '../variables/index.js';
import { type CaseContext, runCase } from './caseRun.js';
import { compare } from './checks.js';
import { parseExpected } from './values.js';

/** A run ends early: cancelled, over a limit, or a plan that cannot run (a circular scenario). */
export class RunStop extends Error {
  constructor(
    readonly status: 'cancelled' | 'error',
    message: string,
  ) {
    super(message);
    this.name = 'RunStop';
  }
}

export interface StepsContext extends CaseContext {
  signal: AbortSignal;
  stopOnFailure: boolean;
  onlyStepIds?: Set<string>;
  /** Counts every request against the run's bound. */
  countRequest: () => void;
  onStep: (step: Step, stepPath: string, iteration: number) => void;
  onResult: (result: RequestResult) => void;
}

/** How a list of steps ended: on to what follows, or the iteration stops (a failure with stop-on-failure, setNextRequest(null)). */
type Flow = 'continue' | 'stop';

const MAX_WAIT_MS = 60_000;
const MAX_LOOP = 1_000;

export async function runSteps(
  steps: Step[],
  scenarioStack: PlanScenario[],
  prefix: string,
  iteration: number,
  context: StepsContext,
): Promise<Flow> {
  for (let index = 0; index < steps.length; index++) {
    const step = steps[index]!;
    if (step.enabled === false) continue;
    if (context.signal.aborted) throw new RunStop('cancelled', '运行已取消');
    const stepPath = prefix ? `${prefix}/${step.id}` : step.id;
    switch (step.kind) {
      case 'case': {
        if (context.onlyStepIds && !context.onlyStepIds.has(step.id)) continue;
        const planCase = context.plan.cases[step.caseKey];
        if (!planCase) throw new RunStop('error', `步骤「${step.name ?? step.id}」引用的用例不存在（${step.caseKey}）`);
        context.countRequest();
        context.onStep(step, stepPath, iteration);
        const outcome = await runCase(
          step.name ? { ...planCase, name: step.name } : planCase,
          { stepId: step.id, stepPath, iteration },
          context,
        );
        context.onResult(outcome.result);
        if (outcome.next === null) return 'stop';
        if (typeof outcome.next === 'string') {
          const target = steps.findIndex(
            (other) =>
              other.kind === 'case' && (other.name ?? context.plan.cases[other.caseKey]?.name) === outcome.next,
          );
          if (target >= 0) {
            index = target - 1;
            continue;
          }
        }
        if (!outcome.result.passed && context.stopOnFailure) return 'stop';
        break;
      }
      case 'scenario': {
        const scenario = context.plan.scenarios[step.scenarioKey];
        if (!scenario)
          throw new RunStop('error', `步骤「${step.name ?? step.id}」引用的场景不存在（${step.scenarioKey}）`);
        if (scenarioStack.some((entry) => entry.key === scenario.key)) {
          const names = [...scenarioStack.map((entry) => entry.name), scenario.name];
          throw new RunStop('error', `场景循环引用：${names.join(' → ')}`);
        }
        context.onStep(step, stepPath, iteration);
        const flow = await runSteps(scenario.steps, [...scenarioStack, scenario], stepPath, iteration, context);
        if (flow === 'stop') return 'stop';
        break;
      }
      case 'wait': {
        if (context.onlyStepIds) continue;
        context.onStep(step, stepPath, iteration);
        await wait(Math.min(Math.max(0, step.ms), MAX_WAIT_MS), context.signal);
        break;
      }
      case 'if': {
        const resolve = (text: string) => replaceVariables(text, context.scopes).text;
        const holds = conditionHolds(
          step.condition.operator,
          resolve(step.condition.left),
          resolve(step.condition.right ?? ''),
        );
        context.onStep(step, stepPath, iteration);
        if (holds && (await runSteps(step.steps, scenarioStack, stepPath, iteration, context)) === 'stop')
          return 'stop';
        break;
      }
      case 'loop': {
        context.onStep(step, stepPath, iteration);
        const items = loopItems(step, context);
        for (let round = 0; round < items.length; round++) {
          context.scopes.local.set('$index', String(round));
          const item = items[round];
          context.scopes.local.set('$item', typeof item === 'string' ? item : JSON.stringify(item ?? null));
          const flow = await runSteps(step.steps, scenarioStack, `${stepPath}[${round}]`, iteration, context);
          if (flow === 'stop') return 'stop';
        }
        break;
      }
    }
  }
  return 'continue';
}

function loopItems(step: Extract<Step, { kind: 'loop' }>, context: StepsContext): unknown[] {
  if (step.overVariable) {
    const name = step.overVariable.replace(/^\{\{|\}\}$/g, '');
    const value = replaceVariables(`{{${name}}}`, context.scopes);
    if (value.unresolved.length) throw new RunStop('error', `循环「${step.name ?? step.id}」的变量 ${name} 不存在`);
    const parsed = parseExpected(value.text);
    if (!Array.isArray(parsed))
      throw new RunStop('error', `循环「${step.name ?? step.id}」的变量 ${name} 不是 JSON 数组`);
    return parsed.slice(0, MAX_LOOP);
  }
  return Array.from({ length: Math.min(Math.max(0, Math.floor(step.count ?? 1)), MAX_LOOP) }, (_, i) => i);
}

/** A step's condition: the assertions' comparisons (one set of rules), plus whether a variable resolved at all. */
export function conditionHolds(operator: ConditionOperator, leftText: string, rightText: string): boolean {
  const unresolved = leftText === '' || /^\{\{.+\}\}$/.test(leftText);
  if (operator === 'exists') return !unresolved;
  if (operator === 'notExists') return unresolved;
  return compare(operator, parseExpected(leftText), parseExpected(rightText)) === true;
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

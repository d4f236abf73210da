import { invalid } from '@pmbok/infra';
import type { ConditionOperator, PlanData, PlanVariable, Step, TestScenarioContent } from '@pmbok/runner';
import { compact, VARIABLE_NAME, variableNameMessage } from '../testCase/content.js';
import { Fields } from '../testCase/fields.js';

/**
 * Checks of a scenario's content (docs/api/tests.md, "Scenarios"): the runner's `TestScenarioContent` in its
 * canonical shape, the cases and scenarios its steps name, or a refusal naming the step and field in Chinese.
 */
export const STEPS_MAX = 500;
export const DEPTH_MAX = 10;
export const WAIT_MAX_MS = 60_000;
export const LOOP_MAX = 1_000;
export const VARIABLES_MAX = 200;
export const DATA_ROWS_MAX = 10_000;
export const DATA_COLUMNS_MAX = 100;
export const SCENARIO_MAX_BYTES = 6 * 1024 * 1024;

const KINDS = ['case', 'scenario', 'wait', 'if', 'loop'] as const;
const CONDITIONS: readonly ConditionOperator[] = [
  'equals',
  'notEquals',
  'contains',
  'notContains',
  'greaterThan',
  'lessThan',
  'exists',
  'notExists',
];
const KEY = /^[1-9]\d{0,18}$/;

/** What the steps may name: the project's cases, its other scenarios and its environments. */
export interface ScenarioRefs {
  caseIds: ReadonlySet<number>;
  scenarioIds: ReadonlySet<number>;
  environmentIds: ReadonlySet<number>;
}

export interface CheckedScenario {
  content: TestScenarioContent;
  /** The cases and scenarios its steps name, each once, in order. */
  caseIds: number[];
  scenarioIds: number[];
}

class StepReader {
  count = 0;
  readonly ids = new Set<string>();
  readonly caseIds = new Set<number>();
  readonly scenarioIds = new Set<number>();
  constructor(
    private readonly refs: ScenarioRefs,
    private readonly newId: () => string,
  ) {}

  steps(list: unknown, label: string, depth: number): Step[] {
    if (!Array.isArray(list)) throw invalid(`${label === '步骤' ? label : `${label}的步骤`}必须是列表`);
    if (depth > DEPTH_MAX) throw invalid(`步骤最多嵌套 ${DEPTH_MAX} 层`);
    return list.map((item, i) => this.step(item, `${label === '步骤' ? '' : `${label} › `}第 ${i + 1} 步`, depth));
  }

  private id(given: unknown): string {
    const id = typeof given === 'string' && /^[\w-]{1,64}$/.test(given) && !this.ids.has(given) ? given : this.newId();
    this.ids.add(id);
    return id;
  }

  private step(value: unknown, label: string, depth: number): Step {
    if (++this.count > STEPS_MAX) throw invalid(`一个场景最多 ${STEPS_MAX} 个步骤（含嵌套的步骤）`);
    const known = ['id', 'kind', 'enabled', 'name', 'caseKey', 'scenarioKey', 'ms', 'condition', 'steps', 'count'];
    const s = Fields.of(value, label, [...known, 'overVariable']);
    const kind = s.oneOf('kind', '类型', KINDS);
    const common = {
      id: this.id(s.raw('id')),
      enabled: s.optionalBoolean('enabled', '启用'),
      name: s.optionalText('name', '名称', 100),
    };
    const only = (fields: string[]) => Fields.of(value, label, ['id', 'kind', 'enabled', 'name', ...fields]);
    switch (kind) {
      case 'case': {
        const key = only(['caseKey']).text('caseKey', '用例', 20);
        if (!KEY.test(key) || !this.refs.caseIds.has(Number(key))) throw invalid(`${label}的用例不存在或已删除`);
        this.caseIds.add(Number(key));
        return compact({ ...common, kind, caseKey: key });
      }
      case 'scenario': {
        const key = only(['scenarioKey']).text('scenarioKey', '场景', 20);
        if (!KEY.test(key) || !this.refs.scenarioIds.has(Number(key))) throw invalid(`${label}的场景不存在或已删除`);
        this.scenarioIds.add(Number(key));
        return compact({ ...common, kind, scenarioKey: key });
      }
      case 'wait':
        return compact({ ...common, kind, ms: only(['ms']).integer('ms', '等待时间（毫秒）', 0, WAIT_MAX_MS) });
      case 'if': {
        const r = only(['condition', 'steps']);
        const c = Fields.of(r.raw('condition'), `${label}的条件`, ['left', 'operator', 'right']);
        const condition = compact({
          left: c.text('left', '左边', 1_000, { min: 1 }),
          operator: c.oneOf('operator', '运算符', CONDITIONS),
          right: c.optionalText('right', '右边', 1_000),
        });
        return compact({ ...common, kind, condition, steps: this.steps(r.raw('steps') ?? [], label, depth + 1) });
      }
      case 'loop': {
        const r = only(['count', 'overVariable', 'steps']);
        const count = r.optionalInteger('count', '次数', 1, LOOP_MAX);
        const overVariable = r.optionalText('overVariable', '遍历的变量', 64);
        if ((count === undefined) === (overVariable === undefined))
          throw invalid(`${label}要么写循环次数，要么写遍历的变量`);
        if (overVariable !== undefined && !VARIABLE_NAME.test(overVariable))
          throw invalid(variableNameMessage(`${label}遍历的变量`));
        const steps = this.steps(r.raw('steps') ?? [], label, depth + 1);
        return compact({ ...common, kind, count, overVariable, steps });
      }
    }
  }
}

function variables(r: Fields): PlanVariable[] {
  const names = new Set<string>();
  return r.list('variables', '变量', VARIABLES_MAX).map((item, i) => {
    const label = `第 ${i + 1} 个变量`;
    const v = Fields.of(item, label, ['name', 'value', 'secret']);
    const name = v.text('name', '名称', 64, { min: 1 });
    if (!VARIABLE_NAME.test(name)) throw invalid(variableNameMessage(`${label}的名称`));
    if (names.has(name)) throw invalid(`变量 ${name} 重复`);
    names.add(name);
    return compact({
      name,
      value: v.text('value', '值', 100_000, { fallback: '' }),
      secret: v.optionalBoolean('secret', '保密'),
    });
  });
}

function data(value: unknown): PlanData | null {
  if (value === null || value === undefined) return null;
  const d = Fields.of(value, '数据文件', ['fileName', 'columns', 'rows']);
  const columns = d.raw('columns');
  const rows = d.raw('rows');
  if (!Array.isArray(columns) || !columns.every((c) => typeof c === 'string' && c.length <= 200))
    throw invalid('数据文件的列名必须是文字（每个最多 200 个字符）');
  if (columns.length > DATA_COLUMNS_MAX)
    throw invalid(`数据文件最多 ${DATA_COLUMNS_MAX} 列，当前 ${columns.length} 列`);
  if (!Array.isArray(rows)) throw invalid('数据文件的行必须是列表');
  if (rows.length > DATA_ROWS_MAX) throw invalid(`数据文件最多 ${DATA_ROWS_MAX} 行，当前 ${rows.length} 行`);
  rows.forEach((row, i) => {
    if (!Array.isArray(row) || row.length > columns.length || !row.every((cell) => typeof cell === 'string'))
      throw invalid(`数据文件第 ${i + 1} 行必须是不多于列数的文字`);
  });
  return compact({ fileName: d.optionalText('fileName', '文件名', 255), columns, rows: rows as string[][] });
}

export function checkScenarioContent(value: unknown, refs: ScenarioRefs, newId: () => string): CheckedScenario {
  const known = ['steps', 'stopOnFailure', 'projectConfigId', 'variables', 'data'];
  const c = Fields.of(value, '场景内容', known);
  const reader = new StepReader(refs, newId);
  const projectConfigId = c.integer('projectConfigId', '默认环境', 0, Number.MAX_SAFE_INTEGER, 0);
  if (projectConfigId > 0 && !refs.environmentIds.has(projectConfigId)) throw invalid('场景的默认环境不存在或已删除');
  const content: TestScenarioContent = {
    steps: reader.steps(c.raw('steps') ?? [], '步骤', 1),
    stopOnFailure: c.boolean('stopOnFailure', '失败时停止', true),
    projectConfigId,
    variables: variables(c),
    data: data(c.raw('data')),
  };
  if (Buffer.byteLength(JSON.stringify(content)) > SCENARIO_MAX_BYTES) throw invalid('场景内容不能超过 6 MB');
  return { content, caseIds: [...reader.caseIds], scenarioIds: [...reader.scenarioIds] };
}

/** Every step of a list, nested ones included. */
export function* allSteps(steps: readonly Step[]): Generator<Step> {
  for (const step of steps) {
    yield step;
    if (step.kind === 'if' || step.kind === 'loop') yield* allSteps(step.steps);
  }
}

/**
 * The first cycle through `start` in the graph of scenarios naming scenarios (`uses`: id → the ids its steps
 * name), as names: 登录流程 → 下单 → 登录流程. `uses` holds the scenario being saved with its new steps.
 */
export function cycleThrough(
  start: number,
  uses: ReadonlyMap<number, readonly number[]>,
  nameOf: (id: number) => string,
): string | undefined {
  const done = new Set<number>();
  const path: number[] = [];
  const visit = (id: number): number[] | undefined => {
    if (path.includes(id)) return id === start ? [...path, id] : undefined;
    if (done.has(id)) return undefined;
    path.push(id);
    for (const next of uses.get(id) ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    path.pop();
    done.add(id);
    return undefined;
  };
  const cycle = visit(start);
  return cycle?.map(nameOf).join(' → ');
}

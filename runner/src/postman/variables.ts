import type { PlanVariable } from '../model.js';
import { PostmanFormatError } from './errors.js';
import { isObject, type RawVariable, type RawVariableFile, variableText } from './shapes.js';

/** Collection variables: every entry not disabled, `key` (v2.1) or `id` (v2.0) as its name. */
export function collectionVariables(list: RawVariable[] | undefined): PlanVariable[] {
  return variablesOf(list, (entry) => entry.disabled !== true);
}

/**
 * An environment or globals file as Postman exports it (`{name, values}`, possibly wrapped as the Postman API
 * answers: `{environment: {...}}`, `{globals: {...}}`): its enabled values, `secret` for `type: 'secret'`.
 */
export function variableFile(json: unknown, what: '环境' | '全局变量'): { name: string; variables: PlanVariable[] } {
  const file = unwrap(json);
  if (!isObject(file) || !Array.isArray(file.values)) {
    throw new PostmanFormatError(`不是 Postman ${what}文件：缺少 values 列表`);
  }
  const typed = file as RawVariableFile;
  const variables = variablesOf(typed.values, (entry) => entry.enabled !== false && entry.disabled !== true);
  return { name: typeof typed.name === 'string' ? typed.name : '', variables };
}

function unwrap(json: unknown): unknown {
  if (!isObject(json) || Array.isArray(json.values)) return json;
  if (isObject(json.environment)) return json.environment;
  if (isObject(json.globals)) return json.globals;
  return json;
}

function variablesOf(list: RawVariable[] | undefined, keep: (entry: RawVariable) => boolean): PlanVariable[] {
  const variables: PlanVariable[] = [];
  for (const entry of Array.isArray(list) ? list : []) {
    if (!isObject(entry) || !keep(entry)) continue;
    const name = typeof entry.key === 'string' ? entry.key : typeof entry.id === 'string' ? entry.id : undefined;
    if (!name) continue;
    const variable: PlanVariable = { name, value: variableText(entry.value) };
    if (entry.type === 'secret') variable.secret = true;
    variables.push(variable);
  }
  return variables;
}

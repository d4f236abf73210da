export { DYNAMIC_VARIABLES, dynamicValue } from './dynamic.js';
export {
  emptyScopes,
  lookupVariable,
  type Replaced,
  type ReplaceOptions,
  replaceVariables,
  SCOPE_PRECEDENCE,
  type ScopeName,
} from './replace.js';

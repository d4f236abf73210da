import { invalid } from '@pmbok/infra';
import type { projectv1 } from '@pmbok/proto';
import type { PublishingDeps } from './grpcPublishing.js';

/** The field-standard rpcs (docs/api/mock-and-fields.md, "Field libraries"). */
export type FieldsCallName =
  | 'searchDataFields'
  | 'saveDataField'
  | 'saveDataFields'
  | 'deleteDataFields'
  | 'parseFieldSource'
  | 'compareFields'
  | 'applyFieldFixes';

export function fieldCalls(_deps: PublishingDeps): Pick<projectv1.ProjectServiceImplementation, FieldsCallName> {
  const todo = async (): Promise<never> => {
    throw invalid('字段标准尚未上线');
  };
  return {
    searchDataFields: todo,
    saveDataField: todo,
    saveDataFields: todo,
    deleteDataFields: todo,
    parseFieldSource: todo,
    compareFields: todo,
    applyFieldFixes: todo,
  };
}

import { invalid } from '@pmbok/infra';
import type { projectv1 } from '@pmbok/proto';
import type { PublishingDeps } from './grpcPublishing.js';

/** The rpcs this file implements (docs/api/publishing.md); grpc.ts leaves them to grpcPublishing.ts. */
export type ImportCallName =
  | 'importPreview'
  | 'import'
  | 'listImportSchedules'
  | 'saveImportSchedule'
  | 'deleteImportSchedule'
  | 'exportProject';

export function importCalls(_deps: PublishingDeps): Pick<projectv1.ProjectServiceImplementation, ImportCallName> {
  const pending = async (): Promise<never> => {
    throw invalid('导入导出功能即将上线');
  };
  return {
    importPreview: pending,
    import: pending,
    listImportSchedules: pending,
    saveImportSchedule: pending,
    deleteImportSchedule: pending,
    exportProject: pending,
  };
}

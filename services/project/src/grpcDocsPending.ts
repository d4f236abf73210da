import type { projectv1 } from '@pmbok/proto';
import { ServerError, Status } from 'nice-grpc-common';

/** The tree, document, API-template, search, task-link and creator-centre calls (backend-docs' grpcDocs.ts). */
export type DocsCallName =
  | 'listApiTemplates'
  | 'saveApiTemplate'
  | 'deleteApiTemplate'
  | 'getStructure'
  | 'addStructure'
  | 'renameStructure'
  | 'copyStructure'
  | 'deleteStructure'
  | 'moveStructure'
  | 'saveDoc'
  | 'getDoc'
  | 'getPublicDoc'
  | 'searchDocs'
  | 'linkTask'
  | 'unlinkTask'
  | 'listMyDocs';

export type DocsCalls = Pick<projectv1.ProjectServiceImplementation, DocsCallName>;

const names: DocsCallName[] = [
  'listApiTemplates',
  'saveApiTemplate',
  'deleteApiTemplate',
  'getStructure',
  'addStructure',
  'renameStructure',
  'copyStructure',
  'deleteStructure',
  'moveStructure',
  'saveDoc',
  'getDoc',
  'getPublicDoc',
  'searchDocs',
  'linkTask',
  'unlinkTask',
  'listMyDocs',
];

/**
 * PLACEHOLDER until `grpcDocs.ts` (backend-docs) implements these calls: each answers UNIMPLEMENTED. index.ts
 * spreads whichever implementation it is given over this one, so a missing call keeps answering UNIMPLEMENTED.
 */
export function pendingDocsImplementation(): DocsCalls {
  const unimplemented = (name: string) => async () => {
    throw new ServerError(Status.UNIMPLEMENTED, `${name} is not implemented yet`);
  };
  return Object.fromEntries(names.map((name) => [name, unimplemented(name)])) as unknown as DocsCalls;
}

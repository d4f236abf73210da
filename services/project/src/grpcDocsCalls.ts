import type { projectv1 } from '@pmbok/proto';

/**
 * The tree, document, API-template, search, task-link and creator-centre calls: grpcDocs.ts implements them and
 * index.ts spreads them into grpc.ts's implementation.
 */
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

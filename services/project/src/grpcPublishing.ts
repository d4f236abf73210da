import type { ServiceContext } from '@pmbok/infra';
import type { projectv1 } from '@pmbok/proto';
import type { ProjectContext } from './application/context.js';
import type { ProjectUseCases } from './application/index.js';
import type { DocUseCasesOf } from './grpcDocs.js';
import { type FieldsCallName, fieldCalls } from './grpcFields.js';
import { type ImportCallName, importCalls } from './grpcImport.js';
import { type MockCallName, mockCalls } from './grpcMock.js';
import { type ShareCallName, shareCalls } from './grpcShare.js';
import { type VersionsCallName, versionCalls } from './grpcVersions.js';

/** What the publishing calls (docs/api/publishing.md) are built on: the service and its other use cases. */
export interface PublishingDeps {
  service: ServiceContext;
  context: ProjectContext;
  projectUseCases: ProjectUseCases;
  docUseCases: DocUseCasesOf;
}

export type PublishingCallName = ImportCallName | VersionsCallName | ShareCallName | FieldsCallName | MockCallName;

/**
 * Import and export, versions and history, share links, field standards and the mock's reads: index.ts spreads them
 * next to grpc.ts's calls.
 */
export function publishingImplementation(
  deps: PublishingDeps,
): Pick<projectv1.ProjectServiceImplementation, PublishingCallName> {
  return {
    ...importCalls(deps),
    ...versionCalls(deps),
    ...shareCalls(deps),
    ...fieldCalls(deps),
    ...mockCalls(deps),
  };
}

import type { projectv1 } from '@pmbok/proto';
import type { PublishingDeps } from './grpcPublishing.js';

/** The rpcs this file implements (docs/api/publishing.md); grpc.ts leaves them to grpcPublishing.ts. */
export type ImportCallName = never;

export function importCalls(_deps: PublishingDeps): Pick<projectv1.ProjectServiceImplementation, ImportCallName> {
  return {};
}

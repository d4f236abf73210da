import type { projectv1 } from '@pmbok/proto';
import type { PublishingDeps } from './grpcPublishing.js';

/** The rpcs this file implements (docs/api/publishing.md); grpc.ts leaves them to grpcPublishing.ts. */
export type ShareCallName = never;

export function shareCalls(_deps: PublishingDeps): Pick<projectv1.ProjectServiceImplementation, ShareCallName> {
  return {};
}

import type { ServiceRuntime, Stop } from '@pmbok/infra';
import type { WorkDirectory } from './types.js';

export type { ScopeInfo, TargetInfo, WorkDirectory } from './types.js';

/** The read models of the other services' events (placeholder until the feeds are built: knows nothing). */
export async function startWork(_runtime: ServiceRuntime): Promise<{ work: WorkDirectory; stops: Stop[] }> {
  const work: WorkDirectory = {
    team: async () => null,
    project: async () => null,
    taskProject: async () => null,
    projectsOf: async () => [],
    target: async () => null,
    userName: async () => '',
    caughtUp: async () => {},
  };
  return { work, stops: [] };
}

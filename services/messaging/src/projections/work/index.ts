import { feed, type ServiceRuntime, type Subscription, startReactions, teamMembersProjection } from '@pmbok/infra';
import { workDirectory } from './directory.js';
import { workProjectProjection } from './projectFeed.js';
import { workTaskProjection } from './taskFeed.js';
import { workTeamProjection } from './teamFeed.js';
import type { WorkDirectory } from './types.js';

export { readsProject } from './directory.js';
export { links } from './links.js';
export * from './models.js';
export type { ScopeInfo, TargetInfo, WorkDirectory } from './types.js';

/** The feeds of the work read models by topic, for reactions that must read them as of the event they handle. */
export interface WorkFeeds {
  team: Subscription[];
  project: Subscription[];
  task: Subscription[];
}

/**
 * The read models of the other services' events (team roster and names, knowledge projects, tree and documents, task
 * projects and tasks), fed from the team, project and task topics with their positions in the read store, so an
 * in-memory store rebuilds them at start (ADR 5). `users` is the auth feed already started (names).
 */
export async function startWork(
  runtime: Pick<ServiceRuntime, 'eventStore' | 'eventBus' | 'readStore'>,
  options: { users?: Subscription } = {},
) {
  const { subscriptions, stops } = await startReactions(runtime, {
    roster: feed(teamMembersProjection, 'messaging-team-members'),
    teams: feed(workTeamProjection, 'messaging-work-teams'),
    project: feed(workProjectProjection, 'messaging-work-project'),
    task: feed(workTaskProjection, 'messaging-work-task'),
  });
  const all = [...Object.values(subscriptions), ...(options.users ? [options.users] : [])];
  const caughtUp = async (timeoutMs: number) => {
    await Promise.all(all.map((subscription) => subscription.catchUp(timeoutMs)));
  };
  const work: WorkDirectory = workDirectory(runtime.readStore, caughtUp);
  const feeds: WorkFeeds = {
    team: [subscriptions.roster, subscriptions.teams],
    project: [subscriptions.project],
    task: [subscriptions.task],
  };
  return { work, feeds, stops };
}

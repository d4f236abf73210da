import type { ServiceRuntime, Stop } from '@pmbok/infra';
import { startKnowledgeFeeds } from '../projections/knowledge/index.js';
import type { Retriever } from './model.js';
import { createRetriever } from './retriever.js';

export * from './model.js';
export { createRetriever } from './retriever.js';
export { TeamIndex } from './teamIndex.js';
export { tokenize } from './tokenize.js';

export interface Knowledge {
  retriever: Retriever;
  /** Resolves once every feed (roster, names, projects, tasks) has applied its topic as it was at the call. */
  caughtUp(timeoutMs?: number): Promise<void>;
  stops: Stop[];
}

/**
 * What the assistant knows (ADR 14): the read models fed from the team, auth, project and task topics, and the
 * retriever over them. Started from the ai service's `reactions`; `stops` end the feeds.
 */
export async function startKnowledge(
  runtime: Pick<ServiceRuntime, 'eventStore' | 'eventBus' | 'readStore'>,
  options: { now?: () => number; maxSources?: number } = {},
): Promise<Knowledge> {
  const { subscriptions, stops } = await startKnowledgeFeeds(runtime);
  const feeds = Object.values(subscriptions);
  const retriever = createRetriever({
    readStore: runtime.readStore,
    rosterCaughtUp: () => subscriptions.roster.catchUp(2_000),
    now: options.now,
    maxSources: options.maxSources,
  });
  return {
    retriever,
    caughtUp: async (timeoutMs = 5_000) => {
      await Promise.all(feeds.map((feed) => feed.catchUp(timeoutMs)));
    },
    stops,
  };
}

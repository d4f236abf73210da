import { feed, type ServiceRuntime, startReactions, teamMembersProjection } from '@pmbok/infra';
import { peopleProjection } from './people.js';
import { knowledgeProjection } from './projectFeed.js';
import { taskKnowledgeProjection } from './taskFeed.js';

export * from './models.js';
export { namesOf, peopleProjection } from './people.js';
export { knowledgeProjection } from './projectFeed.js';
export { taskKnowledgeProjection } from './taskFeed.js';
export { docText, fieldText, plainText, schemaLines } from './text.js';

/**
 * The read models of what the assistant knows, fed from the team (roster), auth (names), project and task topics;
 * their positions live in the read store, so an in-memory store rebuilds them from the topics at start (ADR 5).
 */
export function startKnowledgeFeeds(runtime: Pick<ServiceRuntime, 'eventStore' | 'eventBus' | 'readStore'>) {
  return startReactions(runtime, {
    roster: feed(teamMembersProjection, 'ai-team-members'),
    people: feed(peopleProjection, 'ai-people'),
    project: feed(knowledgeProjection, 'ai-knowledge'),
    task: feed(taskKnowledgeProjection, 'ai-tasks'),
  });
}

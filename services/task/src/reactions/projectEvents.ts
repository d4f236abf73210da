import { feed, type ServiceRuntime, startReactions } from '@pmbok/infra';
import { knowledgeProjectsProjection, linkedDocsProjection } from '../projections/linkedDocs/index.js';

/**
 * The knowledge projects' documents and who may see them, fed from the project service's topic (their positions
 * live in the read store, so an in-memory read model is rebuilt): a task's detail lists its linked documents.
 */
export async function startProjectReactions(runtime: ServiceRuntime) {
  const { stops } = await startReactions(runtime, {
    knowledgeProjects: feed(knowledgeProjectsProjection, 'task-knowledge-projects'),
    linkedDocs: feed(linkedDocsProjection, 'task-linked-docs'),
  });
  return stops;
}

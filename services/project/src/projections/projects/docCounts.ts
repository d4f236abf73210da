import type { Doc, ReadStore } from '@pmbok/infra';

/**
 * How many documents (api, page and schema nodes, templates left out) each project holds: the hook for
 * `docCount` of the project list and detail. The documents are backend-docs' (domain/tree, domain/doc): a
 * projection of theirs keeps one `{ _id: String(projectId), projectId, docCount }` per project in this collection,
 * from their tree events. Until it does, every project counts 0.
 */
export interface ProjectDocCountDoc extends Doc {
  projectId: number;
  docCount: number;
}

export const PROJECT_DOC_COUNTS = 'projectDocCounts';

export async function docCountsOf(store: ReadStore, projectIds: number[]): Promise<Map<number, number>> {
  const found = await store
    .collection<ProjectDocCountDoc>(PROJECT_DOC_COUNTS)
    .find({ _id: { $in: projectIds.map(String) } });
  return new Map(found.map((doc) => [doc.projectId, doc.docCount]));
}

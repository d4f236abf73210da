import { type Doc, documentProjection, type IndexSpec, ownLog, type Recorded, readModel } from '@pmbok/infra';
import { type DocEvent, type ExistingDoc, evolveDoc } from '../../domain/doc/doc.js';

/** A document as its stream folds (content, version, who created and last saved it, linked tasks). */
export interface ProjectDocDoc extends Doc, ExistingDoc {}

const indexes: IndexSpec[] = [{ fields: { projectId: 1 } }, { fields: { nodeId: 1 } }];
export const projectDocs = readModel<ProjectDocDoc>('projectDocs', indexes);

/** The read model is the aggregate's own state: the domain's evolve keeps both in step. A deleted one leaves. */
const apply = (event: Recorded<DocEvent>, doc: ProjectDocDoc | null): ProjectDocDoc | null => {
  const state = evolveDoc(doc ?? { status: 'none' }, event);
  return state.status === 'active' ? { ...state, _id: String(state.docId) } : null;
};

export const docsProjection = documentProjection({
  source: ownLog<DocEvent>(),
  collection: projectDocs,
  stream: 'projectDoc',
  on: { DocCreated: apply, DocSaved: apply, DocDeleted: apply, DocTaskLinked: apply, DocTaskUnlinked: apply },
});

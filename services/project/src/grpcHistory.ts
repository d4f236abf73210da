import { signedInCaller } from '@pmbok/infra';
import type { projectv1 } from '@pmbok/proto';
import { createHistory } from './application/history.js';
import { createHistoryRestore } from './application/historyRestore.js';
import type { PublishingDeps } from './grpcPublishing.js';

/** The change history's rpcs (docs/api/publishing.md, "Change history"); grpcVersions.ts spreads them in. */
export type HistoryCallName = 'listHistory' | 'restoreHistoryDoc' | 'revertChange';

export function historyCalls({
  context,
  docUseCases,
  projectUseCases,
}: PublishingDeps): Pick<projectv1.ProjectServiceImplementation, HistoryCallName> {
  const history = createHistory(context);
  const restore = createHistoryRestore(context, docUseCases, projectUseCases);
  const who = signedInCaller;
  return {
    listHistory: async (r, c) => {
      const query = { ...r, nodeId: r.projectStructureId };
      return { pageJson: JSON.stringify(await history.list(query, who(c))) };
    },
    restoreHistoryDoc: (r, c) => restore.restoreDoc(r.projectId, r.projectStructureId, r.entryId, who(c)),
    revertChange: (r, c) => restore.revertChange(r.projectId, r.changeId, who(c)),
  };
}

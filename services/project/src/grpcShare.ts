import { callerOf, signedInCaller } from '@pmbok/infra';
import type { projectv1 } from '@pmbok/proto';
import { createShares } from './application/shares.js';
import { createTreeReads } from './application/treeReads.js';
import type { PublishingDeps } from './grpcPublishing.js';

/** The rpcs this file implements (docs/api/publishing.md); grpc.ts leaves them to grpcPublishing.ts. */
export type ShareCallName =
  | 'listShares'
  | 'createShare'
  | 'revokeShare'
  | 'getShareInfo'
  | 'unlockShare'
  | 'getShareStructure'
  | 'getShareDoc'
  | 'searchShare';

export function shareCalls({
  context,
  docUseCases,
}: PublishingDeps): Pick<projectv1.ProjectServiceImplementation, ShareCallName> {
  const shares = createShares(context, {
    reads: createTreeReads(context.readStore),
    docs: docUseCases.docs,
    search: docUseCases.search,
  });
  const who = signedInCaller;
  return {
    listShares: async (r, c) => ({ shares: await shares.list(r.projectId, who(c)) }),
    createShare: async ({ projectId, ...input }, c) => ({ share: await shares.create(projectId, input, who(c)) }),
    revokeShare: async (r, c) => {
      await shares.revoke(r.projectId, r.shareId, who(c));
      return {};
    },
    // The public reads: no account; the client's address (from the gateway) limits password guesses.
    getShareInfo: (r) => shares.info(r.token),
    unlockShare: (r, c) => shares.unlock(r.token, r.password, callerOf(c).clientIp),
    getShareStructure: async (r) => ({ nodesJson: JSON.stringify(await shares.structure(r.token, r.access)) }),
    getShareDoc: async (r) => {
      const { linkedTasks: _tasks, ...doc } = await shares.doc(r.token, r.access, r.projectStructureId);
      // A reader without an account learns the document, not the team's people.
      const people = { createdBy: 0, createdByName: '', updatedBy: 0, updatedByName: '', linkedTasks: [] };
      const content = doc.kind === 'api' ? { ...doc.content, ownerId: 0 } : doc.content;
      return { docJson: JSON.stringify({ ...doc, ...people, content }) };
    },
    searchShare: async (r) => ({ hitsJson: JSON.stringify(await shares.search(r.token, r.access, r.keyword)) }),
  };
}

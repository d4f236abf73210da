import { signedInCaller } from '@pmbok/infra';
import { projectv1 } from '@pmbok/proto';
import type { DocView } from './application/docs.js';
import { projectAtOf } from './application/projectAt.js';
import type { NodeView } from './application/treeReads.js';
import { createCompare } from './application/versionCompare.js';
import { createRestore } from './application/versionRestore.js';
import { createVersions } from './application/versions.js';
import { nodeKinds } from './grpcDocs.js';
import { historyCalls } from './grpcHistory.js';
import type { PublishingDeps } from './grpcPublishing.js';

/** The rpcs this file implements (docs/api/publishing.md); grpc.ts leaves them to grpcPublishing.ts. */
export type VersionsCallName =
  | 'listProjectVersions'
  | 'saveProjectVersion'
  | 'deleteProjectVersion'
  | 'compareVersions'
  | 'getVersionStructure'
  | 'getVersionDoc'
  | 'restoreVersion'
  // The history section's rpcs: grpcHistory.ts (spread in below).
  | 'listHistory'
  | 'restoreHistoryDoc'
  | 'revertChange';

// publishing_versions.proto cannot import project_service.proto (which imports it), so a version's tree and
// document travel as the JSON of project_service.proto's own messages.
const nodesJson = (nodes: NodeView[]) =>
  JSON.stringify(nodes.map((n) => projectv1.StructureNode.toJSON({ ...n, kind: nodeKinds.toProto(n.kind) })));
const docJson = ({ content, kind, ...view }: DocView) =>
  JSON.stringify(
    projectv1.DocDetail.toJSON({ ...view, kind: nodeKinds.toProto(kind), contentJson: JSON.stringify(content) }),
  );

export function versionCalls(deps: PublishingDeps): Pick<projectv1.ProjectServiceImplementation, VersionsCallName> {
  const { context } = deps;
  const at = projectAtOf(context);
  const versions = createVersions(context, at);
  const compare = createCompare(context, versions, at);
  const restore = createRestore(context, versions, at);
  const who = signedInCaller;
  return {
    ...historyCalls(deps),
    listProjectVersions: async (r, c) => {
      const { list, count, pages } = await versions.list(r.projectId, r.page, r.pageSize, who(c));
      return { versions: list, count, pages };
    },
    saveProjectVersion: (r, c) => versions.save(r.projectId, { name: r.name, notes: r.notes }, who(c)),
    deleteProjectVersion: async (r, c) => {
      await versions.remove(r.projectId, r.versionId, who(c));
      return {};
    },
    compareVersions: async (r, c) => ({
      diffJson: JSON.stringify(await compare(r.projectId, r.fromVersionId, r.toVersionId, who(c))),
    }),
    getVersionStructure: async (r, c) => ({
      nodesJson: nodesJson(await versions.structure(r.projectId, r.versionId, who(c))),
    }),
    getVersionDoc: async (r, c) => ({
      docJson: docJson(await versions.doc(r.projectId, r.versionId, r.projectStructureId, who(c))),
    }),
    restoreVersion: (r, c) => restore(r.projectId, r.versionId, r.projectStructureId, who(c)),
  };
}

import { enumCodec, forbidden, invalid, signedInCaller } from '@pmbok/infra';
import { projectv1 } from '@pmbok/proto';
import type { CallContext } from 'nice-grpc-common';
import { createProjectContext, type ProjectContext, type ProjectDeps } from './application/context.js';
import { createDocs, type DocView } from './application/docs.js';
import { createProjectUseCases } from './application/index.js';
import { createSearch } from './application/search.js';
import { createTree } from './application/tree.js';
import { createTreeReads, type NodeView } from './application/treeReads.js';
import { messages as projectMessages } from './domain/project/rules.js';
import type { NodeKind } from './domain/tree/tree.js';
import type { DocsCalls } from './grpcDocsCalls.js';

export const nodeKinds = enumCodec(projectv1.NodeKind, 'NODE_KIND_');

const node = (view: NodeView) => ({ ...view, kind: nodeKinds.toProto(view.kind) });
/** A remembered tree's nodes in their wire form, made once per tree (treeReads keeps the array while it is current). */
const wireTrees = new WeakMap<readonly NodeView[], ReturnType<typeof node>[]>();
const protoNodes = (views: readonly NodeView[]) => {
  let wire = wireTrees.get(views);
  if (!wire) {
    wire = views.map(node);
    wireTrees.set(views, wire);
  }
  return wire;
};
const doc = ({ content, kind, ...view }: DocView) => ({
  ...view,
  kind: nodeKinds.toProto(kind),
  contentJson: JSON.stringify(content),
});
const kindOf = (value: number): NodeKind => {
  const kind = nodeKinds.fromProto(value);
  if (!kind) throw invalid('节点类型只能是目录、接口、文档或数据模型');
  return kind;
};
const done = async (work: Promise<unknown>) => {
  await work;
  return {};
};

/** The tree, document, template, search and creator-centre use cases, on the project service's shared context. */
export function createDocUseCases(context: ProjectContext) {
  const reads = createTreeReads(context.readStore);
  return {
    tree: createTree(context, reads),
    docs: createDocs(context, reads),
    search: createSearch(context),
  };
}

export type DocUseCasesOf = ReturnType<typeof createDocUseCases>;

/** The tree and document rpcs: requests in, use cases called, responses out (grpc.ts spreads them in). */
export function docsServiceImplementation({ tree, docs, search }: DocUseCasesOf): DocsCalls {
  const who = signedInCaller;
  return {
    listApiTemplates: async (r, c) => ({ templates: (await tree.templates(r.projectId, who(c))).map(node) }),
    saveApiTemplate: (r, c) => tree.saveTemplate(r.projectId, r.projectStructureId, r.name, who(c)),
    deleteApiTemplate: (r, c) => done(tree.remove(r.projectId, r.projectStructureId, who(c), true)),

    getStructure: async (r, c: CallContext) => {
      // A public reader has no account: the caller is only asked for when the project is read as a member.
      const caller = r.isPublic ? { userId: 0 } : who(c);
      const { nodes, version } = await tree.structure(r.projectId, caller, r.isPublic);
      // Every member sees the same tree, so a caller holding this version (a gateway's kept answer) needs no nodes.
      if (r.knownVersion > 0 && r.knownVersion === version) return { nodes: [], version, unchanged: true };
      return { nodes: protoNodes(nodes), version, unchanged: false };
    },
    addStructure: ({ projectId, kind, ...input }, c) => tree.add(projectId, { ...input, kind: kindOf(kind) }, who(c)),
    renameStructure: (r, c) => done(tree.rename(r.projectId, r.projectStructureId, r.name, who(c))),
    copyStructure: (r, c) => tree.copy(r.projectId, r.projectStructureId, r.parentId, who(c)),
    deleteStructure: (r, c) => done(tree.remove(r.projectId, r.projectStructureId, who(c))),
    moveStructure: (r, c) =>
      done(
        tree.move(
          r.projectId,
          r.moves.map((m) => ({ nodeId: m.projectStructureId, parentId: m.parentId, sort: m.sort })),
          who(c),
        ),
      ),

    saveDoc: async (r, c) => {
      const { contentJson, baseVersion, name } = r;
      const saved = await docs.save(r.projectId, r.projectStructureId, { contentJson, baseVersion, name }, who(c));
      const { conflict } = saved;
      return {
        version: saved.version,
        updatedAt: saved.updatedAt,
        conflict: conflict && { ...conflict, current: doc(conflict.current) },
      };
    },
    getDoc: async (r, c) => ({ doc: doc(await docs.detail(r.projectId, r.projectStructureId, who(c))) }),
    // Without a share link nothing is readable signed out (GetShareDoc, grpcShare.ts, reads through one).
    getPublicDoc: async () => {
      throw forbidden(projectMessages.notVisible);
    },
    searchDocs: async (r, c) => ({
      hits: (await search.search(r.projectId, r.keyword, who(c))).map((hit) => ({
        ...hit,
        kind: nodeKinds.toProto(hit.kind),
      })),
    }),
    linkTask: (r, c) => done(docs.link(r.projectId, r.projectStructureId, r, who(c))),
    unlinkTask: (r, c) => done(docs.unlink(r.projectId, r.projectStructureId, r, who(c))),
    listMyDocs: async (r, c) => {
      const page = await docs.mine(r.page, r.pageSize, who(c));
      return { ...page, docs: page.docs.map((d) => ({ ...d, kind: nodeKinds.toProto(d.kind) })) };
    },
  };
}

/**
 * The project use cases with the documents' side plugged in (the content copier of template copies), and the
 * document use cases, on one set of dependencies: what index.ts builds for its calls and its reactions.
 */
export function createServiceUseCases(deps: ProjectDeps) {
  const context = createProjectContext(deps);
  const docUseCases = createDocUseCases(context);
  const projectUseCases = createProjectUseCases({ ...deps, copyContent: docUseCases.tree.copyContent });
  return { context, projectUseCases, docUseCases };
}

import { randomBytes } from 'node:crypto';
import { type Caller, digestsEqual, fold, forbidden, hmacSha256, invalid, nextNumericId, notFound } from '@pmbok/infra';
import { messages } from '../domain/project/rules.js';
import { checkAttempts, guardLimits, shareGuardDecider, shareGuardStreamId } from '../domain/share/guard.js';
import { type ShareData, shareDecider, shareMessages, shareStreamId } from '../domain/share/share.js';
import { type ShareViewEvent, shareViewsDecider, shareViewsStreamId } from '../domain/share/views.js';
import { namesOf } from '../projections/people/index.js';
import { projectSettings } from '../projections/settings/index.js';
import { type ShareLinkDoc, shareLinks } from '../projections/shares/index.js';
import { type ProjectVersionDoc, projectVersions } from '../projections/versions/index.js';
import type { ProjectContext } from './context.js';
import type { DocUseCases } from './docs.js';
import { type ProjectAt, projectAtOf } from './projectAt.js';
import type { SearchUseCases } from './search.js';
import { hashSharePassword, verifySharePassword } from './sharePasswords.js';
import { docAtVersion, liveVersion, searchAtVersion, treeAtVersion } from './shareVersion.js';
import type { TreeReads } from './treeReads.js';

export interface NewShareInput {
  name: string;
  nodeIds: number[];
  versionId: number;
  password: string;
  expiresAt: number;
}

/** How long an `access` from a password stays good (never past the link's own expiry). */
export const ACCESS_TTL_MS = 12 * 60 * 60 * 1000;

/** A link as the share screen lists it (`ShareLink` of gateway/src/schemas/publishing.ts). */
export interface ShareLinkView {
  shareId: number;
  token: string;
  name: string;
  nodeIds: number[];
  nodeNames: string[];
  versionId: number;
  versionName: string;
  hasPassword: boolean;
  expiresAt: number;
  revoked: boolean;
  openCount: number;
  lastOpenedAt: number;
  createdBy: number;
  createdByName: string;
  createdAt: number;
}

const gone = () => notFound(shareMessages.gone);

/** A working link, with the version it is fixed to (null: the project as it is now). */
type Opened = ShareLinkDoc & { version: ProjectVersionDoc | null };

/**
 * Share links: managers create and revoke them, whoever sees the project lists them, and anyone holding one reads
 * what it covers, nothing else. Every public read resolves the link again (revoked, expired, a project gone or made
 * private all refuse at once) and computes the covered nodes from the tree as it is now.
 */
export function createShares(
  context: ProjectContext,
  deps: { reads: TreeReads; docs: DocUseCases; search: SearchUseCases; at?: ProjectAt },
) {
  const { readStore, now, runCommand } = context;
  const { reads } = deps;
  const at = deps.at ?? projectAtOf(context);

  async function view(links: ShareLinkDoc[]): Promise<ShareLinkView[]> {
    const names = await namesOf(
      readStore,
      links.map((link) => link.createdBy),
    );
    const versionIds = [...new Set(links.map((link) => link.versionId).filter(Boolean))];
    const versions = versionIds.length
      ? await projectVersions(readStore).find({ _id: { $in: versionIds.map(String) } })
      : [];
    const versionNames = new Map(versions.map((v) => [v.versionId, v.deleted ? `${v.name}（已删除）` : v.name]));
    const projectIds = [...new Set(links.map((link) => link.projectId))];
    const trees = new Map(await Promise.all(projectIds.map(async (id) => [id, await reads.treeOf(id)] as const)));
    return links.map((link) => {
      const nodes = new Map(trees.get(link.projectId)?.nodes.map((node) => [node.projectStructureId, node.name]));
      return {
        shareId: link.shareId,
        token: link.token,
        name: link.name,
        nodeIds: link.nodeIds,
        // A node removed since the link was made shows as removed rather than vanishing from the list.
        nodeNames: link.nodeIds.map((id) => nodes.get(id) ?? '（已删除）'),
        versionId: link.versionId,
        versionName: versionNames.get(link.versionId) ?? '',
        hasPassword: link.passwordHash !== '',
        expiresAt: link.expiresAt,
        revoked: link.revoked,
        openCount: link.openCount,
        lastOpenedAt: link.lastOpenedAt,
        createdBy: link.createdBy,
        createdByName: names.get(link.createdBy) ?? '',
        createdAt: link.createdAt,
      };
    });
  }

  async function manageable(projectId: number, caller: Caller) {
    const access = await context.readable(projectId, caller);
    if (!access.canManage) throw forbidden(messages.notManager);
    return access;
  }

  /**
   * The link of a token while it works: not revoked, not expired, its project there and still publishable, and
   * the version it is fixed to (if any) not deleted.
   */
  async function openLink(token: string): Promise<Opened> {
    if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{16,64}$/.test(token)) throw gone();
    const link = await shareLinks(readStore).findOne({ token });
    if (!link || link.revoked || (link.expiresAt && link.expiresAt <= now())) throw gone();
    const project = await context.findProject(link.projectId);
    if (!project || project.docPrivateType === 'private') throw gone();
    const version = link.versionId ? await liveVersion(readStore, link.projectId, link.versionId) : null;
    if (link.versionId && !version) throw gone();
    return { ...link, version };
  }

  /** The tree the link reads: the project's now, or as at its version. */
  const treeOf = async (link: Pick<Opened, 'projectId' | 'version'>) =>
    link.version ? treeAtVersion(at, link.version) : (await reads.treeOf(link.projectId)).nodes;

  const signature = (link: ShareData, expiresAt: number) =>
    hmacSha256(link.accessKey, `share-access:${link.shareId}:${expiresAt}`);

  /** The project's environments by name and base URL only: variables and headers may hold secrets. */
  async function serversOf(projectId: number) {
    const settings = await projectSettings(context.readStore).findOne({ _id: String(projectId) });
    return [...(settings?.environments ?? [])]
      .sort((a, b) => a.sort - b.sort || a.projectConfigId - b.projectConfigId)
      .map(({ name, baseUrl }) => ({ name, baseUrl }));
  }

  /** A link with a password needs the `access` its unlock answered, signed with the link's own key, unexpired. */
  function checkAccess(link: ShareLinkDoc, access: string) {
    if (!link.passwordHash) return;
    // Strictly the shape unlock answers: an expiry, a dot, a 64-digit hex signature.
    const [, at, signed] = /^(\d{1,16})\.([0-9a-f]{64})$/.exec(access ?? '') ?? [];
    const expiresAt = Number(at);
    const good = !!signed && expiresAt > now() && digestsEqual(signed, signature(link, expiresAt));
    if (!good) throw invalid(shareMessages.passwordNeeded);
  }

  async function reading(token: string, access: string) {
    const link = await openLink(token);
    checkAccess(link, access);
    return link;
  }

  /** The nodes the link covers now (folders cover their subtree) and the tree it shows (with their folders). */
  async function coverage(link: Opened) {
    const nodes = await treeOf(link);
    if (link.nodeIds.length === 0) {
      const all = new Set(nodes.map((node) => node.projectStructureId));
      return { covered: all, shown: nodes };
    }
    const children = new Map<number, number[]>();
    for (const node of nodes)
      children.set(node.parentId, [...(children.get(node.parentId) ?? []), node.projectStructureId]);
    const byId = new Map(nodes.map((node) => [node.projectStructureId, node]));
    const covered = new Set<number>();
    const walk = (id: number) => {
      if (covered.has(id) || !byId.has(id)) return;
      covered.add(id);
      for (const child of children.get(id) ?? []) walk(child);
    };
    for (const id of link.nodeIds) walk(id);
    const visible = new Set(covered);
    for (const id of covered) {
      for (let parent = byId.get(id)?.parentId ?? 0; parent && !visible.has(parent); ) {
        visible.add(parent);
        parent = byId.get(parent)?.parentId ?? 0;
      }
    }
    return { covered, shown: nodes.filter((node) => visible.has(node.projectStructureId)) };
  }

  const count = (link: ShareLinkDoc, event: ShareViewEvent) =>
    runCommand(shareViewsStreamId(link.shareId), shareViewsDecider, { type: 'Count', event }, {});

  return {
    async list(projectId: number, caller: Caller) {
      await context.readable(projectId, caller);
      const links = await shareLinks(readStore).find({ projectId }, { sort: { createdAt: -1 } });
      return view(links);
    },

    async create(projectId: number, input: NewShareInput, caller: Caller) {
      const { project } = await manageable(projectId, caller);
      if (project.docPrivateType === 'private') throw invalid(shareMessages.privateDocs);
      const version = input.versionId ? await liveVersion(readStore, projectId, input.versionId) : null;
      if (input.versionId && !version) throw invalid(shareMessages.unknownVersion);
      const password = input.password ?? '';
      if (password && ([...password].length < 4 || [...password].length > 32))
        throw invalid(shareMessages.passwordLength);
      const nodeIds = [...new Set(input.nodeIds)];
      if (nodeIds.length) {
        // The nodes of the tree the link will show: the version's, or the project's now.
        const shown = new Set((await treeOf({ projectId, version })).map((node) => node.projectStructureId));
        if (nodeIds.some((id) => !shown.has(id))) throw invalid(shareMessages.unknownNode);
      }
      const shareId = nextNumericId(now());
      const data: ShareData = {
        shareId,
        projectId,
        token: randomBytes(18).toString('base64url'),
        name: (input.name ?? '').trim(),
        nodeIds,
        versionId: version?.versionId ?? 0,
        passwordHash: password ? await hashSharePassword(password) : '',
        accessKey: randomBytes(32).toString('hex'),
        expiresAt: input.expiresAt || 0,
        createdBy: caller.userId,
        createdAt: now(),
      };
      await runCommand(shareStreamId(shareId), shareDecider, { type: 'CreateShare', data }, caller, {
        teamId: project.teamId,
      });
      const link = await shareLinks(readStore).findOne({ _id: String(shareId) });
      if (!link) throw gone();
      return (await view([link]))[0]!;
    },

    async revoke(projectId: number, shareId: number, caller: Caller) {
      const { project } = await manageable(projectId, caller);
      const link =
        Number.isSafeInteger(shareId) && shareId > 0
          ? await shareLinks(readStore).findOne({ _id: String(shareId) })
          : null;
      if (!link || link.projectId !== projectId) throw gone();
      const command = { type: 'RevokeShare', data: { revokedBy: caller.userId, revokedAt: now() } } as const;
      await runCommand(shareStreamId(shareId), shareDecider, command, caller, { teamId: project.teamId });
    },

    /** What a reader learns before reading; an open of the link. */
    async info(token: string) {
      const link = await openLink(token);
      const project = await context.findProject(link.projectId);
      await count(link, { type: 'ShareOpened', data: { shareId: link.shareId, projectId: link.projectId, at: now() } });
      return {
        projectName: project?.name ?? '',
        logo: project?.logo ?? '',
        name: link.name,
        needsPassword: link.passwordHash !== '',
        versionName: link.version?.name ?? '',
        expiresAt: link.expiresAt,
        servers: await serversOf(link.projectId),
      };
    },

    /** Checks a password within the attempt limits of the link from this address and from all of them. */
    async unlock(token: string, password: string, clientIp: string) {
      const link = await openLink(token);
      const at = now();
      const expiresAt = link.expiresAt ? Math.min(link.expiresAt, at + ACCESS_TTL_MS) : at + ACCESS_TTL_MS;
      if (!link.passwordHash) return { access: '', expiresAt };
      const guards = [shareGuardStreamId(link.shareId), shareGuardStreamId(link.shareId, clientIp || 'unknown')];
      const limits = [guardLimits.perLink, guardLimits.perAddress];
      const states = await Promise.all(
        guards.map(async (streamId) => fold(shareGuardDecider, await context.eventStore.readStream(streamId))),
      );
      for (const [i, state] of states.entries()) checkAttempts(state, at, limits[i]!);
      if (!password || !(await verifySharePassword(password, link.passwordHash))) {
        for (const streamId of guards)
          await runCommand(streamId, shareGuardDecider, { type: 'RecordFailure', metadata: { now: at } }, {});
        throw invalid(shareMessages.passwordWrong);
      }
      return { access: `${expiresAt}.${signature(link, expiresAt)}`, expiresAt };
    },

    async structure(token: string, access: string) {
      const link = await reading(token, access);
      return (await coverage(link)).shown;
    },

    /** A covered document; any other id answers like a dead link, so ids outside it cannot be probed. */
    async doc(token: string, access: string, nodeId: number) {
      const link = await reading(token, access);
      const { covered } = await coverage(link);
      if (!covered.has(nodeId)) throw gone();
      const doc = link.version
        ? await docAtVersion(at, link.version, nodeId)
        : await deps.docs.sharedDetail(link.projectId, nodeId).catch(() => null);
      if (!doc) throw gone();
      await count(link, {
        type: 'ShareDocRead',
        data: { shareId: link.shareId, projectId: link.projectId, nodeId, docId: doc.projectDocId, at: now() },
      });
      return doc;
    },

    async search(token: string, access: string, keyword: string) {
      const link = await reading(token, access);
      const { covered } = await coverage(link);
      if (link.version) return searchAtVersion(at, link.version, covered, keyword);
      return deps.search.within(link.projectId, keyword, covered);
    },
  };
}

export type ShareUseCases = ReturnType<typeof createShares>;

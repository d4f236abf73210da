import { type Static, Type } from '@sinclair/typebox';
import { ApiError } from '../../plugins/api.js';
import { id, idListText, integer, optionalId, optionalText, parseIdList, text } from '../../schemas/fields.js';
import * as answers from '../../schemas/project.js';
import * as publishing from '../../schemas/publishing.js';
import { Nothing } from '../../schemas/wire.js';
import { inProject, knowledgeCall, ok, projectId } from './project-common.js';

/**
 * Share links (docs/api/publishing.md): managing them, and the public reads of one link. `projectStructure
 * {isPublic, token}` and `publicDoc` are project-docs.ts's routes; they read through `shareReads` below.
 */

/** A link's token and, for a link with a password, the `access` its unlock answered. Checked by the service. */
export const shareFields = { token: text(100), access: optionalText(300) };
export const shareOf = (b: { token: string; access?: string }) => ({ token: b.token, access: b.access ?? '' });

/** JSON text the service answers (kinds by name) back into objects; the service wrote it, so it parses. */
const parsed = <T>(json: string): T => JSON.parse(json || 'null') as T;

type PublicDoc = Record<string, unknown> & { kind: string; content?: unknown };
/** A document of a link as `DocDetail`: its content under the key its kind names. */
export function publicDocView(json: string) {
  const { content, ...doc } = parsed<PublicDoc>(json);
  return { ...doc, ...(doc.kind === 'folder' ? {} : { [doc.kind]: content }) };
}
export const publicTreeOf = (reply: { nodesJson: string }) => ({
  nodes: parsed<Static<typeof answers.StructureNode>[]>(reply.nodesJson),
});

export function projectShareCalls() {
  const call = knowledgeCall('project');
  return [
    call('shares', projectId, publishing.ShareLinkList, async (b, { services, metadata }) => {
      const { shares } = await services.project.listShares(inProject(b), { metadata });
      return { list: shares };
    }),
    call(
      'createShare',
      {
        ...projectId,
        name: optionalText(50),
        nodeIds: idListText,
        versionId: optionalId,
        password: optionalText(32),
        expiresAt: Type.Optional(integer(0, Number.MAX_SAFE_INTEGER)),
      },
      publishing.ShareLink,
      async (b, { services, metadata }) => {
        const nodeIds = b.nodeIds ? parseIdList(b.nodeIds, () => new ApiError(400, '分享范围格式错误')) : [];
        const request = {
          ...inProject(b),
          name: b.name ?? '',
          nodeIds,
          versionId: Number(b.versionId || 0),
          password: b.password ?? '',
          expiresAt: b.expiresAt ?? 0,
        };
        const { share } = await services.project.createShare(request, { metadata });
        return share;
      },
    ),
    call('revokeShare', { ...projectId, shareId: id }, Nothing, (b, { services, metadata }) =>
      ok(services.project.revokeShare({ ...inProject(b), shareId: Number(b.shareId) }, { metadata })),
    ),
    call(
      'shareInfo',
      { token: text(100) },
      publishing.ShareLinkInfo,
      (b, { services, metadata }) => services.project.getShareInfo({ token: b.token }, { metadata }),
      { access: 'public' },
    ),
    call(
      'shareUnlock',
      { token: text(100), password: text(100) },
      publishing.ShareAccess,
      // The caller's metadata carries the client's address: the service limits guesses per address with it.
      (b, { services, metadata }) =>
        services.project.unlockShare({ token: b.token, password: b.password }, { metadata }),
      { access: 'public' },
    ),
    call(
      'publicSearch',
      { ...shareFields, keyword: Type.String({ minLength: 1, maxLength: 100 }) },
      answers.SearchHits,
      async (b, { services, metadata }) => {
        const reply = await services.project.searchShare({ ...shareOf(b), keyword: b.keyword }, { metadata });
        return { list: parsed<Static<typeof answers.SearchHit>[]>(reply.hitsJson) };
      },
      { access: 'public' },
    ),
  ];
}

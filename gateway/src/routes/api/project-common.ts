import { enumCodec } from '@pmbok/infra';
import { projectv1 } from '@pmbok/proto';
import { type Static, type TProperties, type TSchema, Type } from '@sinclair/typebox';
import {
  type ApiAnswer,
  type ApiCall,
  ApiError,
  type CallContext,
  defineCall,
  type SerializedAnswer,
} from '../../plugins/api.js';
import type { Access } from '../../plugins/caller.js';
import { id, parseIdList } from '../../schemas/fields.js';
import { nameOf } from './enums.js';

/** The knowledge enums the answers and bodies name, derived from the generated code (no tables to keep). */
export const knowledgeRoles = enumCodec(projectv1.ProjectRole, 'PROJECT_ROLE_');
export const privateTypes = enumCodec(projectv1.PrivateType, 'PRIVATE_TYPE_');
export const docPrivateTypes = enumCodec(projectv1.DocPrivateType, 'DOC_PRIVATE_TYPE_');
export const versionUpdateTypes = enumCodec(projectv1.VersionUpdateType, 'VERSION_UPDATE_TYPE_');
export const nodeKinds = enumCodec(projectv1.NodeKind, 'NODE_KIND_');

/** A form field naming one of `names`; the empty text counts as not sent. */
export const optionalName = (names: readonly string[]) =>
  Type.Optional(Type.String({ pattern: `^(${names.join('|')})?$` }));
/** A role a member may be given: never owner (there is one, the creator). */
export const givenRole = Type.String({ pattern: '^(administrator|editor|viewer)$' });
/** `0`/`1` (or `true`/`false`); empty leaves it as it is. */
export const flag = Type.Optional(Type.String({ pattern: '^(true|false|1|0)?$' }));
export const flagOf = (value: string | undefined) => (value ? value === 'true' || value === '1' : undefined);

/** `userIds`: JSON text of a list of user ids, such as `[12,34]`. */
export const userIdList = (value: string): number[] => parseIdList(value, () => new ApiError(400, '成员列表格式错误'));

/** Parses a form field carrying JSON text; `message` is the 400 for text that is not JSON. */
export function jsonField(value: string, message: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw new ApiError(400, message);
  }
}

export const ok = async (work: Promise<unknown>) => {
  await work;
  return null;
};

export const projectId = { projectId: id };
export const inProject = (body: { projectId: string }) => ({ projectId: Number(body.projectId) });
/** A call's request on a node, with the call's own fields assigned (not spread into: see task.ts's `inProject`). */
export const onNode = <M extends object = object>(body: { projectId: string; projectStructureId: string }, more?: M) =>
  Object.assign({ projectId: Number(body.projectId), projectStructureId: Number(body.projectStructureId) }, more) as {
    projectId: number;
    projectStructureId: number;
  } & M;

type Input<P extends TProperties> = Parameters<ApiCall<P>['handle']>[0];
/** A knowledge call: `/pmbok/api/<module>/<call>`, signed in unless `options` says otherwise, answering `response`. */
export const knowledgeCall =
  (module: 'project' | 'projectUser') =>
  <P extends TProperties, R extends TSchema>(
    name: string,
    fields: P,
    response: R,
    handle: (body: Input<P>, c: CallContext) => Promise<Static<R> | null | undefined | ApiAnswer | SerializedAnswer>,
    options: { access?: Access; bodyLimit?: number } = {},
  ) =>
    defineCall({
      module,
      call: name,
      access: options.access ?? 'user',
      fields,
      response,
      // A write for a project drops its compiled mock index, so the next mock answer reads what was saved.
      handle: isWriteCall(name) ? dropsMock(handle) : handle,
      ...options,
    });

/** Calls that change a project by their names' verbs (a read among them only costs the mock one revalidation). */
export const isWriteCall = (name: string) =>
  /^(save|update|delete|create|copy|move|restore|revert|import|link|unlink|new|add|revoke|reset|apply)|Update$/.test(
    name,
  );
const dropsMock =
  <B, C extends CallContext, R>(handle: (body: B, c: C) => Promise<R>) =>
  async (body: B, c: C): Promise<R> => {
    const answer = await handle(body, c);
    const projectId = Number((body as { projectId?: unknown }).projectId);
    if (projectId > 0) c.request.server.mockProjectChanged?.(projectId);
    return answer;
  };

const roleName = (role: number) => knowledgeRoles.fromProto(role) ?? ('' as const);

export const projectView = (p: projectv1.Project) => {
  // The proto's own names of the times, the star and the source are not the wire's.
  const { createdAt, updatedAt, isStar, sourceProjectId: _source, ...fields } = p;
  return {
    ...fields,
    privateType: nameOf(privateTypes, p.privateType, 'PrivateType'),
    docPrivateType: nameOf(docPrivateTypes, p.docPrivateType, 'DocPrivateType'),
    versionUpdateType: nameOf(versionUpdateTypes, p.versionUpdateType, 'VersionUpdateType'),
    // SPEC §3 names the times createTime and updateTime.
    createTime: createdAt,
    updateTime: updatedAt,
    // Unspecified: the caller sees the project as a team member only.
    myRole: roleName(p.myRole),
    projectUser: { isStar },
  };
};
/** An environment as `Environment` answers it: headers have no `secret` (only variables are masked in reports). */
export const environmentView = (e: projectv1.Environment) => ({
  ...e,
  headers: e.headers.map(({ secret: _secret, ...header }) => header),
});
export const memberView = (m: projectv1.Member) => ({ ...m, role: nameOf(knowledgeRoles, m.role, 'ProjectRole') });
export const nodeView = (n: projectv1.StructureNode) => ({ ...n, kind: nameOf(nodeKinds, n.kind, 'NodeKind') });
export const candidateView = (c: projectv1.TeamCandidate) => ({ ...c, role: roleName(c.role) });
export const membershipView = (m: projectv1.GetMyMembershipResponse) => ({ ...m, role: roleName(m.role) });

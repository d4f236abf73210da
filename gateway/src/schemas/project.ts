import { Type } from '@sinclair/typebox';
import { oneOf } from './wire.js';

/**
 * Answers of the knowledge calls (SPEC §7 Knowledge project, docs/api/knowledge.md): projects, members, settings,
 * the document tree and the documents. The wire model of the knowledge half: the console types its screens from
 * here (`@pmbok/api-types`), the project service's gRPC messages carry the same fields.
 */

/** A member's role in a knowledge project; viewers read only. */
export const KnowledgeRole = oneOf('owner', 'administrator', 'editor', 'viewer');
/** Who in the team sees the project: every team member (`team`, read only unless a member) or its members only. */
export const PrivateType = oneOf('team', 'members');
/** Whether documents may be published for readers without an account (used by share links). */
export const DocPrivateType = oneOf('private', 'public');
/** Whether versions are saved by hand or on every save. */
export const VersionUpdateType = oneOf('manual', 'auto');
export const NodeKind = oneOf('folder', 'api', 'page', 'schema');
export const ApiStatus = oneOf('designing', 'developing', 'testing', 'released', 'deprecated');
export const HttpMethod = oneOf('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE');

/**
 * A JSON Schema (2020-12, OpenAPI 3.1's dialect), kept as written: `additionalProperties`, as the serializer writes
 * only the properties an object schema names, and this one names none.
 */
export const JsonSchema = Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true });
/** Any JSON value (examples, extension values). */
export const JsonValue = Type.Unknown();

/** `project/detail`, `project/list`, templates of `userInfo/teamInitCheck`. */
export const KnowledgeProject = Type.Object({
  projectId: Type.Integer(),
  teamId: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  logo: Type.String(),
  poster: Type.Integer(),
  privateType: PrivateType,
  docPrivateType: DocPrivateType,
  versionUpdateType: VersionUpdateType,
  isTemplate: Type.Boolean(),
  /** Path of the public reading page when `docPrivateType` is public, else empty (the share issue fills it). */
  shareLink: Type.String(),
  ownerId: Type.Integer(),
  ownerName: Type.String(),
  docCount: Type.Integer(),
  memberCount: Type.Integer(),
  createTime: Type.Integer(),
  updateTime: Type.Integer(),
  /** '刚刚', 'N分钟前', … (SPEC §9 relative time), in Chinese as the server renders it. */
  updateTimeLabel: Type.String(),
  /** The caller's role; empty when the caller only sees the project as a team member. */
  myRole: oneOf('owner', 'administrator', 'editor', 'viewer', ''),
  projectUser: Type.Object({ isStar: Type.Boolean() }),
});
export const KnowledgeProjectCreated = Type.Object({ projectId: Type.Integer() });

export const KnowledgeMember = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  trueName: Type.String(),
  avatar: Type.String(),
  role: KnowledgeRole,
  joinedAt: Type.Integer(),
});

/** A base URL config (`projectConfigId`): a named environment. */
export const Environment = Type.Object({
  projectConfigId: Type.Integer(),
  name: Type.String(),
  baseUrl: Type.String(),
  /** `secret`: shown as ****** in every report, push and history entry of an API test run. */
  variables: Type.Array(
    Type.Object({ name: Type.String(), value: Type.String(), description: Type.String(), secret: Type.Boolean() }),
  ),
  headers: Type.Array(Type.Object({ name: Type.String(), value: Type.String(), description: Type.String() })),
  sort: Type.Integer(),
});
export const EnvironmentCreated = Type.Object({ projectConfigId: Type.Integer() });

export const ResponseCode = Type.Object({
  responseCodeId: Type.Integer(),
  code: Type.String(),
  meaning: Type.String(),
  solution: Type.String(),
});
export const ResponseCodeCreated = Type.Object({ responseCodeId: Type.Integer() });

/** `project/projectPreScript`: both scripts, encrypted for the wire like the client sends them (SPEC §7). */
export const PreScripts = Type.Object({ beforeScript: Type.String(), afterScript: Type.String() });

/** A node of the document tree; the tree travels flat (parent and sort), the client nests it. */
export const StructureNode = Type.Object({
  projectStructureId: Type.Integer(),
  parentId: Type.Integer(),
  kind: NodeKind,
  name: Type.String(),
  sort: Type.Integer(),
  /** The document of an api, page or schema node; 0 for a folder. */
  projectDocId: Type.Integer(),
  /** api nodes only (empty otherwise). */
  method: Type.String(),
  path: Type.String(),
  status: Type.String(),
  isTemplate: Type.Boolean(),
  updatedAt: Type.Integer(),
});
export const StructureTree = Type.Object({ nodes: Type.Array(StructureNode) });
export const StructureCreated = Type.Object({ projectStructureId: Type.Integer(), projectDocId: Type.Integer() });

const Example = Type.Object({ name: Type.String(), summary: Type.String(), value: JsonValue });
export const Parameter = Type.Object({
  in: oneOf('path', 'query', 'header', 'cookie'),
  name: Type.String(),
  required: Type.Boolean(),
  description: Type.String(),
  /** type, enum, default, format … of the parameter as JSON Schema. */
  schema: JsonSchema,
  example: JsonValue,
  deprecated: Type.Boolean(),
  /** OpenAPI's style, explode, allowReserved, examples, content and x- keys, kept verbatim. */
  extra: Type.Record(Type.String(), JsonValue),
});
export const FormField = Type.Object({
  name: Type.String(),
  type: oneOf('string', 'integer', 'number', 'boolean', 'file', 'array'),
  required: Type.Boolean(),
  description: Type.String(),
  example: JsonValue,
  schema: JsonSchema,
});
export const RequestBody = Type.Object({
  type: oneOf('none', 'form-data', 'x-www-form-urlencoded', 'json', 'xml', 'raw', 'binary'),
  /** The media type as sent (application/json, application/vnd.api+json, text/plain …). */
  mediaType: Type.String(),
  required: Type.Boolean(),
  description: Type.String(),
  /** json and xml. */
  schema: JsonSchema,
  /** form-data and x-www-form-urlencoded. */
  fields: Type.Array(FormField),
  /** raw: the text of an example body. */
  raw: Type.String(),
  examples: Type.Array(Example),
  extra: Type.Record(Type.String(), JsonValue),
});
export const ApiResponse = Type.Object({
  /** An HTTP status ('200'), a range ('4XX') or 'default'. */
  status: Type.String(),
  name: Type.String(),
  description: Type.String(),
  mediaType: Type.String(),
  schema: JsonSchema,
  headers: Type.Array(
    Type.Object({ name: Type.String(), description: Type.String(), required: Type.Boolean(), schema: JsonSchema }),
  ),
  examples: Type.Array(Example),
  extra: Type.Record(Type.String(), JsonValue),
});
/** The content of an api node: an OpenAPI 3.1 operation, every part of it representable. */
export const ApiDoc = Type.Object({
  method: HttpMethod,
  path: Type.String(),
  status: ApiStatus,
  tags: Type.Array(Type.String()),
  ownerId: Type.Integer(),
  description: Type.String(),
  operationId: Type.String(),
  deprecated: Type.Boolean(),
  parameters: Type.Array(Parameter),
  requestBody: RequestBody,
  responses: Type.Array(ApiResponse),
  /** security, servers, callbacks, externalDocs, x- keys … of the operation, kept verbatim for export. */
  extra: Type.Record(Type.String(), JsonValue),
});
/** The content of a page node: markdown (images point at /pmbok/api/img/upload's answers). */
export const PageDoc = Type.Object({ markdown: Type.String() });
/** The content of a schema node: a shared model, referred to as `#/components/schemas/<name>`. */
export const SchemaDoc = Type.Object({ schema: JsonSchema, description: Type.String() });

/** A task of the team's task projects linked to a document, as far as the caller may see it. */
export const LinkedTask = Type.Object({
  taskProjectId: Type.Integer(),
  taskId: Type.Integer(),
  name: Type.String(),
  status: Type.String(),
  assigneeId: Type.Integer(),
  assigneeName: Type.String(),
  projectName: Type.String(),
});

/** `project/docDetail`, `project/publicDoc`: one document with whichever of the three contents its kind has. */
export const DocDetail = Type.Object({
  projectId: Type.Integer(),
  projectStructureId: Type.Integer(),
  projectDocId: Type.Integer(),
  kind: NodeKind,
  name: Type.String(),
  /** The version a save must be based on (`baseVersion`). */
  version: Type.Integer(),
  api: Type.Optional(ApiDoc),
  page: Type.Optional(PageDoc),
  schema: Type.Optional(SchemaDoc),
  createdBy: Type.Integer(),
  createdByName: Type.String(),
  updatedBy: Type.Integer(),
  updatedByName: Type.String(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
  linkedTasks: Type.Array(LinkedTask),
});
export const DocSaved = Type.Object({ version: Type.Integer(), updatedAt: Type.Integer() });
/**
 * The `data` of `project/saveDoc` answered with code 409: someone saved a newer version since `baseVersion`.
 * `msg` names who and when; `current` is that newer document, for the editor's compare-and-merge.
 */
export const SaveConflict = Type.Object({ current: DocDetail });

/** `project/searchDoc`: documents whose name, path, description, parameter or field names match. */
export const SearchHit = Type.Object({
  projectStructureId: Type.Integer(),
  projectDocId: Type.Integer(),
  kind: NodeKind,
  name: Type.String(),
  method: Type.String(),
  path: Type.String(),
  /** Where it matched: name, path, description, parameter, field or content, and the text around the match. */
  matchedIn: Type.String(),
  snippet: Type.String(),
});
export const SearchHits = Type.Object({ list: Type.Array(SearchHit) });

/** `project/setting`: everything the settings screen shows, in one answer. */
export const ProjectSettings = Type.Object({
  project: KnowledgeProject,
  members: Type.Array(KnowledgeMember),
  environments: Type.Array(Environment),
  responseCodes: Type.Array(ResponseCode),
  templates: Type.Array(StructureNode),
});

/** `projectUser/projectUserInfo`: the caller in a project. */
export const ProjectUserInfo = Type.Object({
  projectId: Type.Integer(),
  role: oneOf('owner', 'administrator', 'editor', 'viewer', ''),
  isStar: Type.Boolean(),
  canWrite: Type.Boolean(),
  canManage: Type.Boolean(),
});
/** `projectUser/teamInfo`: the team's members, marked when already in the project. */
export const TeamCandidate = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  trueName: Type.String(),
  avatar: Type.String(),
  role: oneOf('owner', 'administrator', 'editor', 'viewer', ''),
});
/** `projectUser/index`: the generic list's page (SPEC §2.5: status, lists, pages, count). */
export const MemberListPage = Type.Object({
  status: Type.Integer(),
  lists: Type.Array(Type.Composite([KnowledgeMember, Type.Object({ id: Type.Integer() })])),
  pages: Type.Integer(),
  count: Type.Integer(),
});

/** `project/myDocs` (creator centre): the caller's documents across the team's projects. */
export const AuthoredDoc = Type.Object({
  projectId: Type.Integer(),
  projectName: Type.String(),
  projectStructureId: Type.Integer(),
  projectDocId: Type.Integer(),
  kind: NodeKind,
  name: Type.String(),
  method: Type.String(),
  path: Type.String(),
  status: Type.String(),
  viewCount: Type.Integer(),
  updatedAt: Type.Integer(),
});
export const AuthoredDocPage = Type.Object({
  list: Type.Array(AuthoredDoc),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});

import { Type } from '@sinclair/typebox';
import { JsonValue, NodeKind, StructureNode } from './project.js';
import { oneOf } from './wire.js';

/**
 * Answers of the publishing calls (docs/api/publishing.md): import and export, versions, change history and share
 * links of a knowledge project. The console types its screens from here (`@pmbok/api-types`).
 */

/** What an importer reads; `auto` tells it from the text. */
export const ImportFormat = oneOf('openapi', 'swagger', 'postman', 'har', 'yapi');
export const ExportFormat = oneOf(
  'openapi-json',
  'openapi-yaml',
  'swagger-json',
  'swagger-yaml',
  'postman',
  'markdown',
  'html',
);

/** A construct of the source that was not mapped, or was mapped with a loss, and where it is. */
export const ImportProblem = Type.Object({
  /** Where in the source, as a reader finds it: `paths./pets.get.callbacks`, `item[3].request.body`. */
  where: Type.String(),
  message: Type.String(),
});

/** One node the import would write, and what happens to it in the target project. */
export const ImportItem = Type.Object({
  kind: NodeKind,
  name: Type.String(),
  /** Names of the folders from the root down, e.g. ['宠物', '查询']. */
  folderPath: Type.Array(Type.String()),
  /** api nodes only (empty otherwise). */
  method: Type.String(),
  path: Type.String(),
  /** `add`: new; `change`: an existing document whose content differs; `keep`: the same already. */
  action: oneOf('add', 'change', 'keep'),
  /** The existing node a change or keep matched; 0 for add. */
  projectStructureId: Type.Integer(),
  /** For change: the top-level fields that differ (method, parameters, responses, …). */
  changedFields: Type.Array(Type.String()),
});

/** `project/importPreview`: what `project/import` with the same source would do, nothing written. */
export const ImportPreview = Type.Object({
  format: ImportFormat,
  /** The source's own version text: '3.1.0', '2.0', 'v2.1.0', 'HAR 1.2', 'YApi'. */
  formatVersion: Type.String(),
  title: Type.String(),
  /** Hash of the parsed source; `project/import` refuses a different source when given it. */
  planHash: Type.String(),
  counts: Type.Object({ add: Type.Integer(), change: Type.Integer(), keep: Type.Integer() }),
  items: Type.Array(ImportItem),
  problems: Type.Array(ImportProblem),
});

/** `project/import`: what was written, as one change of the history (revert it with `project/revertChange`). */
export const ImportResult = Type.Object({
  projectId: Type.Integer(),
  /** The change id of the history; 0 when nothing changed. */
  changeId: Type.String(),
  counts: Type.Object({ add: Type.Integer(), change: Type.Integer(), keep: Type.Integer() }),
  problems: Type.Array(ImportProblem),
});

/** A scheduled re-import from a URL. */
export const ImportSchedule = Type.Object({
  scheduleId: Type.Integer(),
  url: Type.String(),
  format: Type.String(),
  intervalMinutes: Type.Integer(),
  enabled: Type.Boolean(),
  lastRunAt: Type.Integer(),
  /** 'ok' | 'failed' | '' (never ran). */
  lastStatus: Type.String(),
  /** The failure's message, or a summary like '新增 3，更新 1'. */
  lastMessage: Type.String(),
  nextRunAt: Type.Integer(),
});

/** `project/export`: the file, as text; the console saves it under `fileName`. */
export const ExportFile = Type.Object({ fileName: Type.String(), mediaType: Type.String(), content: Type.String() });

/** A named, immutable snapshot of the whole project. */
export const ProjectVersion = Type.Object({
  versionId: Type.Integer(),
  name: Type.String(),
  notes: Type.String(),
  /** Recorded by a save of a project whose versionUpdateType is auto. */
  auto: Type.Boolean(),
  docCount: Type.Integer(),
  createdBy: Type.Integer(),
  createdByName: Type.String(),
  createdAt: Type.Integer(),
});
export const ProjectVersionPage = Type.Object({
  list: Type.Array(ProjectVersion),
  count: Type.Integer(),
  pages: Type.Integer(),
});
export const VersionCreated = Type.Object({ versionId: Type.Integer() });

/** One difference inside a document, found by walking both contents. */
export const FieldDiff = Type.Object({
  /** Where, as a reader says it: 'parameters.query.limit.required', 'responses.200.schema.properties.id.type'. */
  path: Type.String(),
  change: oneOf('added', 'removed', 'changed'),
  before: JsonValue,
  after: JsonValue,
  /** A change that breaks existing clients (a parameter made required, a response field removed or retyped, …). */
  breaking: Type.Boolean(),
  /** One sentence in Chinese, e.g. '查询参数 limit 改为必填'. */
  message: Type.String(),
});

/** One document that differs between two points. */
export const DocDiff = Type.Object({
  projectStructureId: Type.Integer(),
  projectDocId: Type.Integer(),
  kind: NodeKind,
  name: Type.String(),
  /** The folder names from the root down, as at the later point (the earlier one for a removed document). */
  folderPath: Type.Array(Type.String()),
  method: Type.String(),
  path: Type.String(),
  change: oneOf('added', 'removed', 'changed'),
  breaking: Type.Boolean(),
  fields: Type.Array(FieldDiff),
});

/** `project/compareVersions`: from one version to another, or to now (`toVersionId` 0). */
export const VersionDiff = Type.Object({
  summary: Type.Object({
    added: Type.Integer(),
    removed: Type.Integer(),
    changed: Type.Integer(),
    breaking: Type.Integer(),
  }),
  docs: Type.Array(DocDiff),
});

/** `project/restoreVersion`, `project/restoreDoc`, `project/revertChange`: the new change the restore wrote. */
export const RestoreResult = Type.Object({ changeId: Type.String(), restored: Type.Integer() });

/** One change of the history: who did what when, with each field's before and after. */
export const HistoryEntry = Type.Object({
  /** The change's position in the log: stable, increasing, the id `project/restoreDoc` takes. */
  entryId: Type.Integer(),
  /** Entries written by one action (an import, a restore) share it. */
  changeId: Type.String(),
  at: Type.Integer(),
  userId: Type.Integer(),
  userName: Type.String(),
  /**
   * project-created, project-updated, member-added, member-removed, member-role-changed, settings-changed,
   * node-added, node-renamed, node-moved, node-removed, doc-created, doc-saved, doc-deleted, imported,
   * version-saved, version-deleted, restored, reverted, share-created, share-revoked, field-saved, field-deleted.
   */
  action: Type.String(),
  /** The node and document it concerns; 0 for the project's own changes. */
  projectStructureId: Type.Integer(),
  projectDocId: Type.Integer(),
  kind: oneOf('folder', 'api', 'page', 'schema', ''),
  name: Type.String(),
  /** One line in Chinese, e.g. '修改了接口 获取宠物 的 参数、响应'. */
  summary: Type.String(),
  fields: Type.Array(FieldDiff),
});
export const HistoryPage = Type.Object({
  list: Type.Array(HistoryEntry),
  count: Type.Integer(),
  pages: Type.Integer(),
});

/** A share link; `token` is the path part of /doc/share/:docId. */
export const ShareLink = Type.Object({
  shareId: Type.Integer(),
  token: Type.String(),
  name: Type.String(),
  /** The nodes it covers (folders cover what is under them); empty: the whole project. */
  nodeIds: Type.Array(Type.Integer()),
  nodeNames: Type.Array(Type.String()),
  /** A fixed version it shows; 0: the project as it is now. */
  versionId: Type.Integer(),
  versionName: Type.String(),
  hasPassword: Type.Boolean(),
  /** Epoch ms; 0: never. */
  expiresAt: Type.Integer(),
  revoked: Type.Boolean(),
  openCount: Type.Integer(),
  lastOpenedAt: Type.Integer(),
  createdBy: Type.Integer(),
  createdByName: Type.String(),
  createdAt: Type.Integer(),
});
export const ShareLinkList = Type.Object({ list: Type.Array(ShareLink) });

/** `project/shareInfo`: what a reader without an account learns before opening a link. */
export const ShareLinkInfo = Type.Object({
  projectName: Type.String(),
  logo: Type.String(),
  name: Type.String(),
  needsPassword: Type.Boolean(),
  versionName: Type.String(),
  expiresAt: Type.Integer(),
  /** The project's environments by name and base URL (never their variables or headers), for request snippets. */
  servers: Type.Array(Type.Object({ name: Type.String(), baseUrl: Type.String() })),
});
/** `project/shareUnlock`: a token the reader sends as `access` with every public read of this link. */
export const ShareAccess = Type.Object({ access: Type.String(), expiresAt: Type.Integer() });
/** `project/projectStructure {isPublic: true, token}`: the covered part of the tree only. */
export const PublicTree = Type.Object({ nodes: Type.Array(StructureNode) });

/**
 * The events the project service publishes to other services (its `project` topic), by type: the version of each
 * one's data and the fields other services may read. Types only: consumers `import type` this module through
 * `@pmbok/project-service/events` (ADR 9); nothing here may become runtime code.
 *
 * Streams: `project-<projectId>`, `projectTree-<projectId>` (the document tree), `projectDoc-<docId>` (a
 * document) and `dataField-<dataFieldId>` (a field standard); read the ids back with `parseStreamId`. Environments,
 * response codes and scripts stay inside the service. The task service reads the tree and documents to show a
 * task's linked documents to those who may see their project; the ai service reads projects, the tree, documents'
 * texts and field standards for the assistant's retrieval; the messaging service reads projects, the tree (folders
 * too), documents, versions and test runs for notifications and follows.
 */

/** A member's role in a knowledge project; viewers read only. */
export type ProjectRole = 'owner' | 'administrator' | 'editor' | 'viewer';
/** Who in the team sees the project: every team member (read only unless a member), or its members only. */
export type PrivateType = 'team' | 'members';
/** Whether documents may be published for readers without an account. */
export type DocPrivateType = 'private' | 'public';
/** Whether versions are saved by hand or on every save. */
export type VersionUpdateType = 'manual' | 'auto';

/** A field a change touched, with its value before and after (history and versions read these). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** A node of the document tree; every kind but a folder has a document (`docId`). */
export type NodeKind = 'folder' | 'api' | 'page' | 'schema';

/** A tree node as other services read it. */
export interface PublishedNode {
  nodeId: number;
  kind: NodeKind;
  name: string;
  /** The folder it is in; 0 at the root. */
  parentId: number;
  /** 0 for a folder. */
  docId: number;
  /** An API template: kept in the tree's stream, never shown in the tree. */
  isTemplate: boolean;
}

/** A JSON value as a document stores it (a JSON Schema, an example). */
export type PublishedJson = null | boolean | number | string | PublishedJson[] | { [key: string]: PublishedJson };

/** An api's parameter (path, query, header or cookie). */
export interface PublishedParameter {
  in: string;
  name: string;
  required: boolean;
  description: string;
  schema: PublishedJson;
}

/** A form field of an api's request body. */
export interface PublishedBodyField {
  name: string;
  type: string;
  required: boolean;
  description: string;
  schema: PublishedJson;
}

export interface PublishedRequestBody {
  /** none, form-data, x-www-form-urlencoded, json, xml, raw or binary. */
  type: string;
  mediaType: string;
  description: string;
  /** A JSON Schema (json and xml bodies). */
  schema: PublishedJson;
  fields: PublishedBodyField[];
}

export interface PublishedResponse {
  /** 200, 4XX or default. */
  status: string;
  name: string;
  description: string;
  mediaType: string;
  schema: PublishedJson;
  headers: { name: string; description: string }[];
}

/**
 * A document's content as other services read it, by kind: an api's request line, description, parameters, request
 * body and responses; a page's markdown; a schema's JSON Schema and description. The task service reads the request
 * line; the ai service indexes the texts (ADR 14).
 */
export interface PublishedContent {
  method?: string;
  path?: string;
  /** An api's or a schema's description. */
  description?: string;
  /** An api's status: designing, developing, testing, released or deprecated. */
  status?: string;
  tags?: string[];
  operationId?: string;
  deprecated?: boolean;
  parameters?: PublishedParameter[];
  requestBody?: PublishedRequestBody;
  responses?: PublishedResponse[];
  /** A page's text. */
  markdown?: string;
  /** A schema document's JSON Schema. */
  schema?: PublishedJson;
}

/** Which field library a field standard is in: a team's (`projectId` 0) or a project's (its team recorded too). */
export interface PublishedFieldLibrary {
  scope: 'team' | 'project';
  projectId: number;
  teamId: number;
}

/** What a field standard says about a field name. */
export interface PublishedFieldValues {
  name: string;
  aliases: string[];
  type: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  format: string;
  description: string;
  example: unknown;
  enum: unknown[];
  mockRule: string;
}

/** A task a document links to (the task service's ids). */
export interface PublishedTaskLink {
  taskProjectId: number;
  taskId: number;
}

/** The fields of a project its owner and administrators edit. */
export interface ProjectFields {
  name: string;
  description: string;
  logo: string;
  /** Index of the default poster image (0-8). */
  poster: number;
  privateType: PrivateType;
  docPrivateType: DocPrivateType;
  versionUpdateType: VersionUpdateType;
  isTemplate: boolean;
}

export interface ProjectEvents {
  ProjectCreated: {
    version: 1;
    data: ProjectFields & {
      projectId: number;
      teamId: number;
      ownerId: number;
      /** The template it was copied from; 0 when created blank. */
      sourceProjectId: number;
    };
  };
  /** `changes` names the project fields that changed; `field` is a key of ProjectFields. */
  ProjectUpdated: { version: 1; data: { changes: FieldChange[] } };
  ProjectDeleted: { version: 1; data: { name: string } };
  ProjectMemberAdded: { version: 1; data: { userId: number; role: ProjectRole } };
  ProjectMemberRoleChanged: { version: 1; data: { userId: number; role: ProjectRole; changes: FieldChange[] } };
  /** `reason`: removed by a manager, left by themselves, or gone with leaving the team. */
  ProjectMemberRemoved: {
    version: 1;
    data: { userId: number; role: ProjectRole; reason: 'removed' | 'left' | 'leftTeam' };
  };
  /**
   * The project was created as a copy of `sourceProjectId` (a template): its settings are copied in its own
   * stream before this event; the tree and documents are copied by whoever owns them, on this event.
   */
  ProjectCopied: { version: 1; data: { sourceProjectId: number } };

  // The tree, stream `projectTree-<projectId>`.
  StructureNodeAdded: { version: 1; data: PublishedNode };
  StructureNodeRenamed: { version: 1; data: { nodeId: number; docId: number; name: string; changes: FieldChange[] } };
  /** A drop: each moved node's new folder (`parentId`, 0 the root). */
  StructureNodesMoved: { version: 1; data: { moves: { nodeId: number; parentId: number }[] } };
  /** A node and its subtree removed; their documents are deleted with them. */
  StructureNodesRemoved: { version: 1; data: { nodeId: number; removed: { nodeId: number; docId: number }[] } };
  /** A subtree copied (from another project when `sourceProjectId` is set), parents before children. */
  StructureNodesCopied: { version: 1; data: { sourceProjectId: number; nodes: PublishedNode[] } };

  // A document, stream `projectDoc-<docId>`; its name is its tree node's.
  DocCreated: {
    version: 1;
    data: {
      docId: number;
      projectId: number;
      nodeId: number;
      kind: Exclude<NodeKind, 'folder'>;
      content: PublishedContent;
    };
  };
  /** A save: the whole new content. */
  DocSaved: { version: 1; data: { version: number; content: PublishedContent } };
  DocDeleted: { version: 1; data: { deletedBy: number } };
  DocTaskLinked: { version: 1; data: PublishedTaskLink };
  DocTaskUnlinked: { version: 1; data: PublishedTaskLink };

  // Versions of a project, stream `projectVersions-<projectId>`.
  /** A version saved by hand (`auto` false) or by a save of a project that versions every save. */
  ProjectVersionSaved: {
    version: 1;
    data: { versionId: number; projectId: number; name: string; notes: string; auto: boolean; createdBy: number };
  };

  // API tests: a scenario (stream `projectTestScenario-<id>`) and a run (stream `projectTestRun-<id>`).
  TestScenarioCreated: {
    version: 1;
    data: { testScenarioId: number; projectId: number; name: string; createdBy: number };
  };
  /** `testScenarioId` 0 when cases were run; `userId` who started it (the token's creator for a CLI report). */
  TestRunStarted: {
    version: 1;
    data: { testRunId: number; projectId: number; name: string; testScenarioId: number; userId: number };
  };
  TestRunFinished: {
    version: 1;
    data: {
      testRunId: number;
      projectId: number;
      status: 'passed' | 'failed' | 'error' | 'interrupted' | 'cancelled';
      summary: { requests: number; failedRequests: number; assertions: number; failedAssertions: number };
      message: string;
    };
  };

  // A field standard of a field library, stream `dataField-<dataFieldId>` (docs/api/mock-and-fields.md).
  DataFieldCreated: { version: 1; data: PublishedFieldLibrary & PublishedFieldValues & { dataFieldId: number } };
  /** A save: every value as it now is. */
  DataFieldUpdated: { version: 1; data: PublishedFieldLibrary & PublishedFieldValues & { dataFieldId: number } };
  DataFieldDeleted: { version: 1; data: PublishedFieldLibrary & { dataFieldId: number; name: string } };
}

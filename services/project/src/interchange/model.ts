import type { Content } from '../domain/doc/content.js';
import type { NodeKind } from '../domain/tree/tree.js';

/**
 * The interchange model: what an importer makes of a source (OpenAPI, Swagger, Postman, HAR, YApi) and what an
 * exporter writes a project from. Documents are in the project's own content shape (domain/doc/content.ts), so an
 * import is checked by `checkContent` like any save.
 */
export type ImportFormat = 'openapi' | 'swagger' | 'postman' | 'har' | 'yapi';
export type ExportFormat =
  | 'openapi-json'
  | 'openapi-yaml'
  | 'swagger-json'
  | 'swagger-yaml'
  | 'postman'
  | 'markdown'
  | 'html';

/** A construct that was not mapped (or mapped with a loss), and where it is in the source. */
export interface InterchangeProblem {
  where: string;
  message: string;
}

/** One node of a source: a folder, or a document of the project's kinds. */
export interface PlannedNode {
  kind: NodeKind;
  name: string;
  /** Folder names from the root down; folders themselves are implied by these (and listed only when empty). */
  folderPath: string[];
  /** Absent for folders; for the others, content as `checkContent(kind, …)` accepts it. */
  content?: Content;
}

/** A Postman request's scripts, kept for the API tests issue (keyed like the node: folder path and name). */
export interface PlannedScripts {
  folderPath: string[];
  name: string;
  prerequest: string;
  test: string;
}

/** What an importer read. Its identity rules (docs/api/publishing.md): api by method+path, others by path+name. */
export interface ImportPlan {
  format: ImportFormat;
  /** '3.1.0', '2.0', 'v2.1.0', 'HAR 1.2', 'YApi'. */
  formatVersion: string;
  title: string;
  description: string;
  /** Servers / base URLs the source names, for the project's environments. */
  servers: { name: string; url: string }[];
  nodes: PlannedNode[];
  problems: InterchangeProblem[];
  scripts: PlannedScripts[];
}

/** A project (or a part of it, or a version of it) as an exporter reads it: the flat tree with its documents. */
export interface ExportSource {
  project: { name: string; description: string; servers: { name: string; url: string }[] };
  /** Parents before children is not required; `parentId` 0 is the root. */
  nodes: { nodeId: number; parentId: number; kind: NodeKind; name: string; sort: number; content?: Content }[];
}

export interface ExportedFile {
  fileName: string;
  mediaType: string;
  text: string;
}

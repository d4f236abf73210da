import type { Content } from '../doc/content.js';
import type { NodeKind } from '../tree/tree.js';

/** One difference inside a document (gateway/src/schemas/publishing.ts FieldDiff). */
export interface FieldDiff {
  path: string;
  change: 'added' | 'removed' | 'changed';
  before: unknown;
  after: unknown;
  breaking: boolean;
  message: string;
}

/**
 * The differences between two contents of one document, with breaking changes flagged (history and version
 * comparison both use it). `before` undefined: the document was added; `after` undefined: removed.
 * The history helper replaces this first cut with the structured walk.
 */
export function diffDocs(_kind: Exclude<NodeKind, 'folder'>, before?: Content, after?: Content): FieldDiff[] {
  if (!before || !after) return [];
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...fields]
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({
      path: field,
      change: 'changed' as const,
      before: before[field] ?? null,
      after: after[field] ?? null,
      breaking: false,
      message: `修改了 ${field}`,
    }));
}

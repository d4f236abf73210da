import { type Content, emptyContent } from '../doc/content.js';
import type { NodeKind } from '../tree/tree.js';
import { diffApi } from './api.js';
import { Diffs, type FieldDiff, same } from './model.js';
import { diffSchema } from './schema.js';

export type { FieldDiff } from './model.js';

/**
 * The differences between two contents of one document, with breaking changes flagged the way API diff tools flag
 * them (history and version comparison both use it). `before` undefined: the document was added; `after` undefined:
 * removed — the caller reports the whole document then, so no field is listed.
 */
export function diffDocs(kind: Exclude<NodeKind, 'folder'>, before?: Content, after?: Content): FieldDiff[] {
  if (!before || !after) return [];
  if (kind === 'api') {
    const list = diffApi(before, after).list;
    // A document's first content (after the blank one its node was created with) breaks nobody: nothing could
    // call an API that had not been written yet.
    return isBlankApi(before) ? list.map((field) => ({ ...field, breaking: false })) : list;
  }
  const diffs = new Diffs();
  if (kind === 'page') {
    // Markdown is prose: a reader compares the two texts side by side, not line fragments.
    if (!same(before.markdown, after.markdown))
      diffs.add('markdown', before.markdown, after.markdown, false, '修改了文档内容');
    return diffs.list;
  }
  // A shared model is read in requests and responses alike: what breaks either side is breaking.
  diffSchema(diffs, before.schema, after.schema, { at: 'schema', label: '数据模型', dir: 'both' });
  if (!same(before.description, after.description)) {
    diffs.add('description', before.description, after.description, false, '修改了数据模型说明');
  }
  return diffs.list;
}

/** Whether any difference breaks existing clients. */
export const isBreaking = (fields: FieldDiff[]) => fields.some((field) => field.breaking);

/** The content a new api node starts with (its method, path and owner as given), untouched since. */
function isBlankApi(content: Content): boolean {
  const { method, path, ownerId } = content as { method?: string; path?: string; ownerId?: number };
  return same(content, emptyContent('api', { method, path, ownerId }));
}

import type { DocDetail, DocSaved } from '@pmbok/api-types';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { displayName, getUser } from '../../session/session';
import { conflictOf } from '../docApi';
import { knowledgeCall } from '../transport';
import { type ApiDraft, completeApi } from './apiDraft';

export interface Conflict<T = ApiDraft> {
  /** The newer document someone else saved. */
  current: DocDetail;
  /** What this user tried to save: never dropped until they resolve. */
  mine: T;
  /** The version mine was based on: the common base of a three-way merge. */
  base: T;
  message: string;
}

/** How one kind of document goes between its detail, the editor's draft and `saveDoc`. */
export interface DocCodec<T> {
  read(detail: DocDetail): T;
  /** The `doc` JSON and, when the editor owns it, the name (otherwise the tree's rename keeps it). */
  write(content: T): { doc: unknown; name?: string };
  /** The detail as it stands after `content` was saved on it. */
  apply(detail: DocDetail, content: T): DocDetail;
}

export const apiCodec: DocCodec<ApiDraft> = {
  read: (detail) => ({ name: detail.name, api: completeApi(detail.api) }),
  write: (content) => ({ doc: content.api, name: content.name }),
  apply: (detail, content) => ({ ...detail, name: content.name, api: content.api }),
};

interface Options<T> {
  projectId: number;
  onSaved(saved: DocDetail, content: T): void;
  /** The API document's by default. */
  codec?: DocCodec<T>;
}

/**
 * `project/saveDoc` on a base version. A refusal because someone saved first (409) becomes `conflict`, which the
 * merge dialog resolves; the merged text is then saved on the newer version.
 */
export function useDocSave<T = ApiDraft>({ projectId, onSaved, codec = apiCodec as DocCodec<T> }: Options<T>) {
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<Conflict<T> | null>(null);

  const save = async (on: DocDetail, content: T) => {
    setSaving(true);
    try {
      const { doc, name } = codec.write(content);
      const saved = await knowledgeCall<DocSaved>(
        'saveDoc',
        {
          projectId,
          projectStructureId: on.projectStructureId,
          baseVersion: on.version,
          doc: JSON.stringify(doc),
          ...(name !== undefined && { name }),
        },
        { notify: false },
      );
      const user = getUser();
      onSaved(
        {
          ...codec.apply(on, content),
          version: saved.version,
          updatedAt: saved.updatedAt,
          ...(user && { updatedBy: user.userId, updatedByName: displayName(user) }),
        },
        content,
      );
      notify('app.knowledge.editor.saved', { type: 'success' });
    } catch (error) {
      const found = conflictOf(error);
      if (found) {
        setConflict({ current: found.conflict.current, mine: content, base: codec.read(on), message: found.message });
      } else notify(error instanceof Error && error.message ? error.message : 'app.request.error', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const resolveConflict = (merged: T) => {
    if (!conflict) return;
    const { current } = conflict;
    setConflict(null);
    // Taking their version whole needs no save: it is saved already.
    if (JSON.stringify(merged) === JSON.stringify(codec.read(current))) onSaved(current, merged);
    else void save(current, merged);
  };

  return { save, saving, conflict, resolveConflict, dismissConflict: () => setConflict(null) };
}

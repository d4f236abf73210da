import type { DocDetail, DocSaved } from '@pmbok/api-types';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { displayName, getUser } from '../../session/session';
import { conflictOf } from '../docApi';
import { knowledgeCall } from '../transport';
import { type ApiDraft, completeApi } from './apiDraft';

export interface Conflict {
  /** The newer document someone else saved. */
  current: DocDetail;
  /** What this user tried to save: never dropped until they resolve. */
  mine: ApiDraft;
  /** The version mine was based on: the common base of a three-way merge. */
  base: ApiDraft;
  message: string;
}

interface Options {
  projectId: number;
  onSaved(saved: DocDetail, content: ApiDraft): void;
}

const sameDraft = (a: ApiDraft, current: DocDetail) =>
  JSON.stringify(a) === JSON.stringify({ name: current.name, api: completeApi(current.api) });

/**
 * `project/saveDoc` on a base version. A refusal because someone saved first (409) becomes `conflict`, which the
 * merge dialog resolves; the merged text is then saved on the newer version.
 */
export function useDocSave({ projectId, onSaved }: Options) {
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);

  const save = async (on: DocDetail, content: ApiDraft) => {
    setSaving(true);
    try {
      const saved = await knowledgeCall<DocSaved>(
        'saveDoc',
        {
          projectId,
          projectStructureId: on.projectStructureId,
          baseVersion: on.version,
          doc: JSON.stringify(content.api),
          name: content.name,
        },
        { notify: false },
      );
      const user = getUser();
      onSaved(
        {
          ...on,
          name: content.name,
          api: content.api,
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
        const base = { name: on.name, api: completeApi(on.api) };
        setConflict({ current: found.conflict.current, mine: content, base, message: found.message });
      } else notify(error instanceof Error && error.message ? error.message : 'app.request.error', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const resolveConflict = (merged: ApiDraft) => {
    if (!conflict) return;
    const { current } = conflict;
    setConflict(null);
    // Taking their version whole needs no save: it is saved already.
    if (sameDraft(merged, current)) onSaved(current, merged);
    else void save(current, merged);
  };

  return { save, saving, conflict, resolveConflict, dismissConflict: () => setConflict(null) };
}

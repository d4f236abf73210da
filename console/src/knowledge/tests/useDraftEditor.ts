import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNotify } from 'react-admin';
import { useSaveShortcut } from '../editor/useSaveShortcut';
import { useUnsavedGuard } from '../editor/useUnsavedGuard';

/** A problem the rules found in a draft, named by its message key. */
interface Problem {
  key: string;
  args?: Record<string, string | number>;
}

/** What each editor says (written out whole: the message sets' test finds the keys used in the source). */
const MESSAGES = {
  case: {
    saved: 'app.knowledge.tests.editor.saved',
    deleted: 'app.knowledge.tests.editor.deleted',
    unsavedLeave: 'app.knowledge.tests.editor.unsaved_leave',
    deleteTitle: 'app.knowledge.tests.editor.delete_title',
    deleteContent: 'app.knowledge.tests.editor.delete_content',
  },
  scenario: {
    saved: 'app.knowledge.tests.scenario.saved',
    deleted: 'app.knowledge.tests.scenario.deleted',
    unsavedLeave: 'app.knowledge.tests.scenario.unsaved_leave',
    deleteTitle: 'app.knowledge.tests.scenario.delete_title',
    deleteContent: 'app.knowledge.tests.scenario.delete_content',
  },
};

interface Options<D, P extends Problem> {
  kind: keyof typeof MESSAGES;
  initial: { draft: D; version: number };
  /** The stored id it was opened with; 0 for one never saved. */
  firstId: number;
  readOnly: boolean;
  same(a: D, b: D): boolean;
  /** What the rules find wrong: a function kept across renders, run again when the draft or id changes. */
  check(draft: D, id: number): P[];
  /** The draft as it is stored (trimmed, blank rows dropped). */
  clean(draft: D): D;
  /** Stores the cleaned draft: as new, or over the version it was read at (`saved`). */
  send(next: D, saved?: { id: number; version: number }): Promise<{ id: number; version: number }>;
  destroy(id: number): Promise<unknown>;
  /** The queries a save makes stale: the list, and the item of an id. */
  listKey: QueryKey;
  itemKey(id: number): QueryKey;
  /** Starts again from what the server has (after a refused save). */
  onReload(): void;
  /** Once the form is clean: a new one saved, or a run started, which the address is to name. */
  onSaved(id: number, runId?: number): void;
  onDeleted(): void;
}

/**
 * A case's or a scenario's form: the draft and what was last saved, saving (refused while the rules find problems,
 * Ctrl+S too), running after a save, deleting after a confirmation, and the guard against leaving unsaved changes.
 */
export function useDraftEditor<D extends { name: string }, P extends Problem>(options: Options<D, P>) {
  const { initial, firstId, readOnly, same, check } = options;
  const messages = MESSAGES[options.kind];
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [base, setBase] = useState(initial.draft);
  const [draft, setDraft] = useState(initial.draft);
  const [id, setId] = useState(firstId);
  const [version, setVersion] = useState(initial.version);
  // what the address is to name once the guard has seen the form clean
  const [saved, setSaved] = useState<{ id: number; runId?: number } | null>(null);
  const [busy, setBusy] = useState<'' | 'save' | 'run'>('');
  const [saveError, setSaveError] = useState('');
  const [showProblems, setShowProblems] = useState(false);
  const [deleting, setDeleting] = useState<'' | 'ask' | 'done'>('');
  const dirty = !same(draft, base);
  useUnsavedGuard(!readOnly && dirty && deleting !== 'done', messages.unsavedLeave);
  const problems = useMemo(() => check(draft, id), [check, draft, id]);

  const { onSaved, onDeleted } = options;
  useEffect(() => {
    if (saved && !dirty) {
      onSaved(saved.id, saved.runId);
      setSaved(null);
    }
  }, [saved, dirty, onSaved]);
  useEffect(() => {
    if (deleting === 'done') onDeleted();
  }, [deleting, onDeleted]);

  /** Saves and answers the stored id (0 when not saved); a new one's address follows unless a run is to name it. */
  const save = async (runNext = false): Promise<number> => {
    if (problems.length > 0) {
      setShowProblems(true);
      return 0;
    }
    setBusy('save');
    setSaveError('');
    try {
      const next = options.clean(draft);
      const answer = await options.send(next, id ? { id, version } : undefined);
      setBase(next);
      setDraft(next);
      setVersion(answer.version);
      setShowProblems(false);
      if (!id) {
        setId(answer.id);
        if (!runNext) setSaved({ id: answer.id });
      }
      void queryClient.invalidateQueries({ queryKey: options.listKey });
      void queryClient.invalidateQueries({ queryKey: options.itemKey(answer.id) });
      notify(messages.saved, { type: 'success' });
      return answer.id;
    } catch (error) {
      setSaveError((error as Error).message);
      return 0;
    } finally {
      setBusy('');
    }
  };
  useSaveShortcut(() => {
    if (!readOnly && dirty && busy === '') void save();
  });

  /** Saves first when changed or never saved, then `start`s a run of it; `runNamesNew`: the run names a new one. */
  const run = async (start: (id: number) => Promise<void>, runNamesNew = false) => {
    const ready = dirty || !id ? await save(runNamesNew) : id;
    if (!ready) return;
    setBusy('run');
    try {
      await start(ready);
    } finally {
      setBusy('');
    }
  };

  const remove = async () => {
    try {
      await options.destroy(id);
      setDeleting('done');
      notify(messages.deleted, { type: 'info' });
      void queryClient.invalidateQueries({ queryKey: options.listKey });
    } catch {
      setDeleting('');
    }
  };

  return {
    draft,
    setDraft,
    discard: () => setDraft(base),
    dirty,
    id,
    busy,
    showProblems,
    problems,
    save,
    run,
    /** The address is to name `id` (and a run) once the form is clean. */
    announce: (saved: number, runId?: number) => setSaved({ id: saved, runId }),
    askDelete: () => setDeleting('ask'),
    /** For SaveAlerts. */
    alerts: {
      saveError,
      onReload: id > 0 ? options.onReload : undefined,
      problems: showProblems ? problems : [],
      onCloseProblems: () => setShowProblems(false),
    },
    /** For react-admin's Confirm asking before a delete. */
    confirm: {
      isOpen: deleting === 'ask',
      title: messages.deleteTitle,
      content: messages.deleteContent,
      translateOptions: { name: draft.name },
      contentTranslateOptions: { name: draft.name },
      confirmColor: 'warning' as const,
      onConfirm: () => void remove(),
      onClose: () => setDeleting(''),
    },
  };
}

import { Alert, Box, LinearProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { formatMinute } from '../../utils/formatTime';
import { type Environment, type StructureNode, useDocDetail } from '../docApi';
import { CaseHeader } from './CaseHeader';
import { CaseRequestTabs } from './CaseRequestTabs';
import { CaseRunPanel } from './CaseRunPanel';
import { type CaseDraft, caseProblems, cleanContent, contentFromDoc, normalizeContent, sameDraft } from './caseDraft';
import { rememberEnvironment, rememberedEnvironment } from './EnvironmentPicker';
import { SaveAlerts } from './SaveAlerts';
import { type TestCase, testKeys, testsApi } from './testsApi';
import { useDraftEditor } from './useDraftEditor';

interface Props {
  projectId: number;
  /** The case to edit; 0 for a new case of `projectStructureId`. */
  testCaseId: number;
  projectStructureId: number;
  /** The run whose result shows below the editor (the address's `result`). */
  resultRunId: number;
  canWrite: boolean;
  environments: Environment[];
  nodes: readonly StructureNode[];
  /** A new case saved, or a case run: the address names it (and the run). */
  onSaved(testCaseId: number, testRunId?: number): void;
  onDeleted(): void;
}

interface Initial {
  draft: CaseDraft;
  version: number;
  projectStructureId: number;
  updated?: string;
  /** Bumped by 重新加载: the form starts again from what the server has. */
  generation: number;
}

/** A case: loaded (or started from its api document), then edited, saved and run in place. */
export function CaseEditor(props: Props) {
  const translate = useTranslate();
  const { projectId, testCaseId, projectStructureId } = props;
  const stored = useQuery({
    queryKey: testKeys.case(projectId, testCaseId),
    queryFn: () => testsApi.case(projectId, testCaseId),
    enabled: testCaseId > 0,
    retry: false,
  });
  const doc = useDocDetail(projectId, testCaseId > 0 ? null : projectStructureId);
  // read once: what is typed is not replaced by a read of the same case (the reload button starts again)
  const [initial, setInitial] = useState<Initial | null>(null);
  const fromStored = useCallback(
    (data: TestCase, generation: number): Initial => ({
      draft: { name: data.name, content: normalizeContent(data.content) },
      version: data.version,
      projectStructureId: data.projectStructureId,
      updated: translate('app.knowledge.tests.editor.updated_by', {
        name: data.updatedByName,
        time: formatMinute(data.updatedAt),
      }),
      generation,
    }),
    [translate],
  );
  useEffect(() => {
    if (initial) return;
    if (stored.data) {
      setInitial(fromStored(stored.data, 0));
    } else if (doc.data?.api) {
      setInitial({
        draft: {
          name: translate('app.knowledge.tests.cases.new_name', { name: doc.data.name }),
          content: contentFromDoc(doc.data.api),
        },
        version: 0,
        projectStructureId,
        generation: 0,
      });
    }
  }, [initial, stored.data, doc.data, projectStructureId, translate, fromStored]);
  const reload = async () => {
    const fresh = await stored.refetch();
    if (fresh.data) setInitial(fromStored(fresh.data, (initial?.generation ?? 0) + 1));
  };

  if (stored.error || doc.error) {
    return (
      <Alert severity="warning">{stored.error?.message || translate('app.knowledge.tests.editor.not_found')}</Alert>
    );
  }
  if (!initial) return <LinearProgress />;
  return <CaseForm key={initial.generation} {...props} initial={initial} onReload={() => void reload()} />;
}

function CaseForm({
  projectId,
  testCaseId: firstId,
  resultRunId,
  canWrite,
  environments,
  nodes,
  onSaved,
  onDeleted,
  initial,
  onReload,
}: Props & { initial: Initial; onReload(): void }) {
  const [environment, setEnvironment] = useState(() => rememberedEnvironment(projectId, environments));
  const readOnly = !canWrite;
  const editor = useDraftEditor({
    initial,
    firstId,
    readOnly,
    kind: 'case',
    same: sameDraft,
    check: caseProblems,
    clean: (draft: CaseDraft) => ({ name: draft.name.trim(), content: cleanContent(draft.content) }),
    send: async ({ name, content }, saved) => {
      const answer = await testsApi.saveCase(projectId, {
        testCaseId: saved?.id,
        projectStructureId: initial.projectStructureId,
        name,
        content,
        baseVersion: saved?.version,
      });
      return { id: answer.testCaseId, version: answer.version };
    },
    destroy: (id) => testsApi.deleteCase(projectId, id),
    listKey: testKeys.cases(projectId),
    itemKey: (id) => testKeys.case(projectId, id),
    onReload,
    onSaved,
    onDeleted,
  });
  const { draft, setDraft } = editor;
  const node = nodes.find((n) => n.projectStructureId === initial.projectStructureId);

  // the run names the case in the address, with the run whose result shows below
  const run = () =>
    editor.run(async (id) => {
      try {
        const started = await testsApi.run(projectId, { testCaseIds: [id], projectConfigId: environment });
        editor.announce(id, started.testRunId);
      } catch {
        // the request client toasted the refusal (too many runs …); a new case's address still follows
        if (!firstId) editor.announce(id);
      }
    }, true);

  return (
    <Box data-testid="case-editor" data-dirty={editor.dirty} data-case-id={editor.id}>
      <CaseHeader
        name={draft.name}
        caseId={editor.id}
        readOnly={readOnly}
        dirty={editor.dirty}
        busy={editor.busy}
        showProblems={editor.showProblems}
        node={node}
        updated={initial.updated}
        environments={environments}
        environment={environment}
        onName={(name) => setDraft({ ...draft, name })}
        onDiscard={editor.discard}
        onSave={() => void editor.save()}
        onRun={() => void run()}
        onDelete={editor.askDelete}
        onEnvironment={(id) => {
          setEnvironment(id);
          rememberEnvironment(projectId, id);
        }}
      />
      <SaveAlerts {...editor.alerts} testId="case" />
      <CaseRequestTabs
        content={draft.content}
        readOnly={readOnly}
        onChange={(content) => setDraft({ ...draft, content })}
      />
      {resultRunId > 0 && <CaseRunPanel key={resultRunId} projectId={projectId} testRunId={resultRunId} />}
      <Confirm {...editor.confirm} />
    </Box>
  );
}

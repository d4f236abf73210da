import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SaveIcon from '@mui/icons-material/Save';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  LinearProgress,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { formatMinute } from '../../utils/formatTime';
import { type Environment, type StructureNode, useDocDetail } from '../docApi';
import { useSaveShortcut } from '../editor/useSaveShortcut';
import { useUnsavedGuard } from '../editor/useUnsavedGuard';
import { MethodTag } from '../workspace/DocTree';
import { CaseRequestTabs } from './CaseRequestTabs';
import { CaseRunPanel } from './CaseRunPanel';
import { type CaseDraft, caseProblems, cleanContent, contentFromDoc, normalizeContent, sameDraft } from './caseDraft';
import { EnvironmentPicker, rememberEnvironment, rememberedEnvironment } from './EnvironmentPicker';
import { SaveAlerts } from './SaveAlerts';
import { type TestCase, testKeys, testsApi } from './testsApi';

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
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.tests.editor.${key}`, options);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [base, setBase] = useState(initial.draft);
  const [draft, setDraft] = useState(initial.draft);
  const [caseId, setCaseId] = useState(firstId);
  const [version, setVersion] = useState(initial.version);
  // what the address is to name once the guard has seen the form clean: a new case, a run
  const [saved, setSaved] = useState<{ caseId: number; runId?: number } | null>(null);
  const [environment, setEnvironment] = useState(() => rememberedEnvironment(projectId, environments));
  const [busy, setBusy] = useState<'' | 'save' | 'run'>('');
  const [saveError, setSaveError] = useState('');
  const [showProblems, setShowProblems] = useState(false);
  const [deleting, setDeleting] = useState<'' | 'ask' | 'done'>('');
  const readOnly = !canWrite;
  const dirty = !sameDraft(draft, base);
  useUnsavedGuard(!readOnly && dirty && deleting !== 'done', 'app.knowledge.tests.editor.unsaved_leave');
  const problems = useMemo(() => caseProblems(draft), [draft]);
  const node = nodes.find((n) => n.projectStructureId === initial.projectStructureId);

  useEffect(() => {
    if (saved && !dirty) {
      onSaved(saved.caseId, saved.runId);
      setSaved(null);
    }
  }, [saved, dirty, onSaved]);

  /** Saves; a new case's address follows unless a run is to name it too (`running`). */
  const save = async (running = false): Promise<number> => {
    if (problems.length > 0) {
      setShowProblems(true);
      return 0;
    }
    setBusy('save');
    setSaveError('');
    try {
      const next = { name: draft.name.trim(), content: cleanContent(draft.content) };
      const answer = await testsApi.saveCase(projectId, {
        testCaseId: caseId || undefined,
        projectStructureId: initial.projectStructureId,
        name: next.name,
        content: next.content,
        baseVersion: caseId ? version : undefined,
      });
      setBase(next);
      setDraft(next);
      setVersion(answer.version);
      setShowProblems(false);
      if (!caseId) {
        setCaseId(answer.testCaseId);
        if (!running) setSaved({ caseId: answer.testCaseId });
      }
      void queryClient.invalidateQueries({ queryKey: testKeys.cases(projectId) });
      void queryClient.invalidateQueries({ queryKey: testKeys.case(projectId, answer.testCaseId) });
      notify('app.knowledge.tests.editor.saved', { type: 'success' });
      return answer.testCaseId;
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

  const run = async () => {
    const id = dirty || !caseId ? await save(true) : caseId;
    if (!id) return;
    setBusy('run');
    try {
      const started = await testsApi.run(projectId, { testCaseIds: [id], projectConfigId: environment });
      setSaved({ caseId: id, runId: started.testRunId });
    } catch {
      // the request client toasted the refusal (too many runs …); a new case's address still follows
      if (!firstId) setSaved({ caseId: id });
    } finally {
      setBusy('');
    }
  };

  const remove = async () => {
    try {
      await testsApi.deleteCase(projectId, caseId);
      setDeleting('done');
      notify('app.knowledge.tests.editor.deleted', { type: 'info' });
      void queryClient.invalidateQueries({ queryKey: testKeys.cases(projectId) });
    } catch {
      setDeleting('');
    }
  };
  useEffect(() => {
    if (deleting === 'done') onDeleted();
  }, [deleting, onDeleted]);

  return (
    <Box data-testid="case-editor" data-dirty={dirty} data-case-id={caseId}>
      <Stack direction="row" spacing={1.5} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 2 }}>
        <TextField
          size="small"
          label={t('name')}
          value={draft.name}
          disabled={readOnly}
          error={showProblems && !draft.name.trim()}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          sx={{ flex: '1 1 240px', '& input': { fontWeight: 600 } }}
        />
        {!readOnly && (
          <>
            {dirty && <Chip size="small" color="warning" variant="outlined" label={t('unsaved')} />}
            {dirty && caseId > 0 && (
              <Button size="small" onClick={() => setDraft(base)} disabled={busy !== ''}>
                {t('discard')}
              </Button>
            )}
            <Button
              variant="outlined"
              startIcon={<SaveIcon />}
              onClick={() => void save()}
              disabled={busy !== '' || (!dirty && caseId > 0)}
            >
              {busy === 'save' ? t('saving') : t('save')}
            </Button>
            <Tooltip title={dirty ? t('run_saves') : ''}>
              <span>
                <Button
                  variant="contained"
                  color="success"
                  startIcon={<PlayArrowIcon />}
                  onClick={() => void run()}
                  disabled={busy !== ''}
                  data-testid="case-run-button"
                >
                  {busy === 'run' ? t('running') : t('run')}
                </Button>
              </span>
            </Tooltip>
            {caseId > 0 && (
              <Tooltip title={t('delete')}>
                <IconButton aria-label={t('delete')} onClick={() => setDeleting('ask')}>
                  <DeleteOutlineIcon />
                </IconButton>
              </Tooltip>
            )}
          </>
        )}
      </Stack>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 2, color: 'text.secondary' }}>
        {node && <MethodTag method={node.method || 'GET'} />}
        <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
          {translate('app.knowledge.tests.label_value', {
            label: t('doc'),
            value: node?.name ?? translate('app.knowledge.tests.cases.deleted_docs'),
          })}
        </Typography>
        {initial.updated && (
          <Typography variant="caption" color="text.disabled" noWrap sx={{ minWidth: 0 }}>
            · {initial.updated}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        <EnvironmentPicker
          environments={environments}
          value={environment}
          onChange={(id) => {
            setEnvironment(id);
            rememberEnvironment(projectId, id);
          }}
        />
      </Stack>
      <SaveAlerts
        saveError={saveError}
        onReload={caseId > 0 ? onReload : undefined}
        problems={showProblems ? problems : []}
        onCloseProblems={() => setShowProblems(false)}
        testId="case"
      />
      <CaseRequestTabs
        content={draft.content}
        readOnly={readOnly}
        onChange={(content) => setDraft({ ...draft, content })}
      />
      {resultRunId > 0 && <CaseRunPanel key={resultRunId} projectId={projectId} testRunId={resultRunId} />}
      <Confirm
        isOpen={deleting === 'ask'}
        title="app.knowledge.tests.editor.delete_title"
        content="app.knowledge.tests.editor.delete_content"
        translateOptions={{ name: draft.name }}
        contentTranslateOptions={{ name: draft.name }}
        confirmColor="warning"
        onConfirm={() => void remove()}
        onClose={() => setDeleting('')}
      />
    </Box>
  );
}

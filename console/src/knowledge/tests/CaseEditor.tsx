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
import { useEffect, useMemo, useState } from 'react';
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
import { testKeys, testsApi } from './testsApi';

interface Props {
  projectId: number;
  /** The case to edit; 0 for a new case of `projectStructureId`. */
  testCaseId: number;
  projectStructureId: number;
  canWrite: boolean;
  environments: Environment[];
  nodes: readonly StructureNode[];
  onCreated(testCaseId: number): void;
  onDeleted(): void;
}

interface Initial {
  draft: CaseDraft;
  version: number;
  projectStructureId: number;
  updated?: string;
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
  // read once: a new case that is saved keeps its editor (and the run under way) when its id arrives
  const [initial, setInitial] = useState<Initial | null>(null);
  useEffect(() => {
    if (initial) return;
    if (stored.data) {
      setInitial({
        draft: { name: stored.data.name, content: normalizeContent(stored.data.content) },
        version: stored.data.version,
        projectStructureId: stored.data.projectStructureId,
        updated: translate('app.knowledge.tests.editor.updated_by', {
          name: stored.data.updatedByName,
          time: formatMinute(stored.data.updatedAt),
        }),
      });
    } else if (doc.data?.api) {
      setInitial({
        draft: {
          name: translate('app.knowledge.tests.cases.new_name', { name: doc.data.name }),
          content: contentFromDoc(doc.data.api),
        },
        version: 0,
        projectStructureId,
      });
    }
  }, [initial, stored.data, doc.data, projectStructureId, translate]);

  if (stored.error || doc.error) {
    return (
      <Alert severity="warning">{stored.error?.message || translate('app.knowledge.tests.editor.not_found')}</Alert>
    );
  }
  if (!initial) return <LinearProgress />;
  return <CaseForm {...props} initial={initial} />;
}

function CaseForm({
  projectId,
  testCaseId: firstId,
  canWrite,
  environments,
  nodes,
  onCreated,
  onDeleted,
  initial,
}: Props & { initial: Initial }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.tests.editor.${key}`, options);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [base, setBase] = useState(initial.draft);
  const [draft, setDraft] = useState(initial.draft);
  const [caseId, setCaseId] = useState(firstId);
  const [version, setVersion] = useState(initial.version);
  const [created, setCreated] = useState(0);
  const [environment, setEnvironment] = useState(() => rememberedEnvironment(projectId, environments));
  const [runId, setRunId] = useState(0);
  const [busy, setBusy] = useState<'' | 'save' | 'run'>('');
  const [saveError, setSaveError] = useState('');
  const [showProblems, setShowProblems] = useState(false);
  const [deleting, setDeleting] = useState<'' | 'ask' | 'done'>('');
  const readOnly = !canWrite;
  const dirty = !sameDraft(draft, base);
  useUnsavedGuard(!readOnly && dirty && deleting !== 'done', 'app.knowledge.tests.editor.unsaved_leave');
  const problems = useMemo(() => caseProblems(draft), [draft]);
  const node = nodes.find((n) => n.projectStructureId === initial.projectStructureId);

  // a new case's address changes once it is saved, after the guard has seen it is clean
  useEffect(() => {
    if (created && !dirty) {
      onCreated(created);
      setCreated(0);
    }
  }, [created, dirty, onCreated]);

  const save = async (): Promise<number> => {
    if (problems.length > 0) {
      setShowProblems(true);
      return 0;
    }
    setBusy('save');
    setSaveError('');
    try {
      const next = { name: draft.name.trim(), content: cleanContent(draft.content) };
      const saved = await testsApi.saveCase(projectId, {
        testCaseId: caseId || undefined,
        projectStructureId: initial.projectStructureId,
        name: next.name,
        content: next.content,
        baseVersion: caseId ? version : undefined,
      });
      setBase(next);
      setDraft(next);
      setVersion(saved.version);
      setShowProblems(false);
      if (!caseId) {
        setCaseId(saved.testCaseId);
        setCreated(saved.testCaseId);
      }
      void queryClient.invalidateQueries({ queryKey: testKeys.cases(projectId) });
      void queryClient.invalidateQueries({ queryKey: testKeys.case(projectId, saved.testCaseId) });
      notify('app.knowledge.tests.editor.saved', { type: 'success' });
      return saved.testCaseId;
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
    const id = dirty || !caseId ? await save() : caseId;
    if (!id) return;
    setBusy('run');
    try {
      const started = await testsApi.run(projectId, { testCaseIds: [id], projectConfigId: environment });
      setRunId(started.testRunId);
    } catch {
      // the request client toasted the refusal (too many runs …)
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
        <EnvironmentPicker
          environments={environments}
          value={environment}
          onChange={(id) => {
            setEnvironment(id);
            rememberEnvironment(projectId, id);
          }}
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
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1.5, color: 'text.secondary' }}>
        {node && <MethodTag method={node.method || 'GET'} />}
        <Typography variant="body2" noWrap>
          {translate('app.knowledge.tests.label_value', {
            label: t('doc'),
            value: node?.name ?? translate('app.knowledge.tests.cases.deleted_docs'),
          })}
        </Typography>
        {initial.updated && (
          <Typography variant="caption" color="text.disabled" noWrap>
            · {initial.updated}
          </Typography>
        )}
      </Stack>
      {saveError && (
        <Alert
          severity="error"
          sx={{ mb: 1.5 }}
          data-testid="case-save-error"
          action={
            caseId > 0 && (
              <Button
                color="inherit"
                size="small"
                onClick={() => void queryClient.resetQueries({ queryKey: testKeys.case(projectId, caseId) })}
              >
                {t('reload')}
              </Button>
            )
          }
        >
          {t('stale', { message: saveError })}
        </Alert>
      )}
      {showProblems && problems.length > 0 && (
        <Alert severity="error" sx={{ mb: 1.5 }} onClose={() => setShowProblems(false)} data-testid="case-problems">
          <Typography variant="body2" fontWeight={600}>
            {t('problems')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {problems.map((p) => (
              <li key={`${p.key}-${p.args?.n ?? ''}`}>{translate(`app.knowledge.tests.problems.${p.key}`, p.args)}</li>
            ))}
          </Box>
        </Alert>
      )}
      <CaseRequestTabs
        content={draft.content}
        readOnly={readOnly}
        onChange={(content) => setDraft({ ...draft, content })}
      />
      {runId > 0 && <CaseRunPanel key={runId} projectId={projectId} testRunId={runId} />}
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

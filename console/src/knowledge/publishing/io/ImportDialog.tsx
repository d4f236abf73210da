import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import UndoIcon from '@mui/icons-material/Undo';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Step,
  StepLabel,
  Stepper,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { docKeys } from '../../docApi';
import { knowledgeKeys } from '../../knowledgeApi';
import { projectPath } from '../../ProjectNav';
import {
  type ImportPreview,
  type ImportRequest,
  type ImportResult,
  importApply,
  importPreview,
  publishingKeys,
  revertChange,
} from '../publishingApi';
import { ImportPreviewStep } from './ImportPreviewStep';
import { ImportSourceStep, type SourceState } from './ImportSourceStep';
import { isHttpUrl } from './ioModel';

export interface ImportDialogProps {
  open: boolean;
  /** 0: the import makes a new project. */
  projectId: number;
  onClose(): void;
}

const STEPS = ['source', 'preview', 'done'] as const;
type StepKey = (typeof STEPS)[number];

const errorText = (error: unknown) => (error instanceof Error && error.message) || 'app.request.error';

/**
 * Import a file or a URL: pick the source, look at what would be added, changed or kept (and what cannot be
 * mapped), apply it as one change of the history, and undo that change from the result if it was not wanted.
 */
export function ImportDialog({ open, projectId, onClose }: ImportDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<StepKey>('source');
  const [source, setSource] = useState<SourceState>({ file: null, url: '', format: 'auto' });
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirmRevert, setConfirmRevert] = useState(false);
  const [reverted, setReverted] = useState(false);
  const isNew = projectId === 0;

  const request = (): ImportRequest | null => {
    if (source.file) {
      return { projectId, format: source.format, source: { content: source.file.content, fileName: source.file.name } };
    }
    const invalid = !source.url.trim()
      ? 'app.knowledge.io.need_source'
      : !isHttpUrl(source.url)
        ? 'app.knowledge.io.url_invalid'
        : '';
    if (invalid) {
      setError(invalid);
      return null;
    }
    return { projectId, format: source.format, source: { url: source.url.trim() } };
  };

  const refresh = (id: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: docKeys.project(id) }),
      queryClient.invalidateQueries({ queryKey: knowledgeKeys.project(id) }),
      queryClient.invalidateQueries({ queryKey: publishingKeys.project(id) }),
      queryClient.invalidateQueries({ queryKey: knowledgeKeys.all }),
    ]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const runPreview = () => {
    const req = request();
    if (!req) return;
    return run(async () => {
      const answer = await importPreview(req);
      setPreview(answer);
      setName(answer.title);
      setStep('preview');
    });
  };

  const runImport = () => {
    const req = request();
    if (!req || !preview) return;
    return run(async () => {
      const answer = await importApply({ ...req, planHash: preview.planHash, name: isNew ? name.trim() : undefined });
      setResult(answer);
      setStep('done');
      // the tree and lists refetch behind the result: the dialog can be closed at once
      void refresh(answer.projectId);
    });
  };

  const runRevert = () =>
    run(async () => {
      setConfirmRevert(false);
      if (!result) return;
      await revertChange(result.projectId, result.changeId);
      setReverted(true);
      notify('app.knowledge.io.reverted', { type: 'success' });
      void refresh(result.projectId);
    });

  const close = () => {
    if (!busy) onClose();
  };
  const nothingToDo = !!preview && preview.counts.add === 0 && preview.counts.change === 0 && !isNew;

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby="import-dialog-title">
      <DialogTitle id="import-dialog-title">
        {translate(isNew ? 'app.knowledge.io.import_new_title' : 'app.knowledge.io.import_title')}
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        <Stepper activeStep={STEPS.indexOf(step)} alternativeLabel>
          {STEPS.map((key) => (
            <Step key={key} completed={STEPS.indexOf(step) > STEPS.indexOf(key) || (key === 'done' && step === 'done')}>
              <StepLabel>{translate(`app.knowledge.io.steps.${key}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {busy && (
          <LinearProgress
            aria-label={translate(step === 'source' ? 'app.knowledge.io.previewing' : 'app.knowledge.io.applying')}
          />
        )}
        {step === 'source' && (
          <ImportSourceStep value={source} onChange={setSource} onError={setError} disabled={busy} />
        )}
        {step === 'preview' && preview && (
          <>
            {isNew && (
              <TextField
                label={translate('app.knowledge.io.project_name')}
                name="projectName"
                value={name}
                onChange={(event) => setName(event.target.value)}
                size="small"
                slotProps={{ htmlInput: { maxLength: 50 } }}
              />
            )}
            <ImportPreviewStep preview={preview} />
          </>
        )}
        {step === 'done' && result && <Done result={result} reverted={reverted} />}
        {error && (
          <Alert severity="error" data-testid="import-error" sx={{ whiteSpace: 'pre-wrap' }}>
            {translate(error, { _: error })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {step === 'source' && (
          <>
            <Button onClick={close}>{translate('ra.action.cancel')}</Button>
            <Button variant="contained" onClick={runPreview} disabled={busy}>
              {translate(busy ? 'app.knowledge.io.previewing' : 'app.knowledge.io.preview')}
            </Button>
          </>
        )}
        {step === 'preview' && (
          <>
            <Button onClick={close} disabled={busy}>
              {translate('ra.action.cancel')}
            </Button>
            <Box sx={{ flex: 1 }} />
            <Button
              onClick={() => {
                setStep('source');
                setError('');
              }}
              disabled={busy}
            >
              {translate('app.knowledge.io.back')}
            </Button>
            <Button variant="contained" onClick={runImport} disabled={busy || nothingToDo || (isNew && !name.trim())}>
              {translate(busy ? 'app.knowledge.io.applying' : 'app.knowledge.io.apply')}
            </Button>
          </>
        )}
        {step === 'done' && result && (
          <>
            {result.changeId && result.changeId !== '0' && !reverted && (
              <Button color="warning" startIcon={<UndoIcon />} onClick={() => setConfirmRevert(true)} disabled={busy}>
                {translate('app.knowledge.io.revert')}
              </Button>
            )}
            <Box sx={{ flex: 1 }} />
            {isNew ? (
              <Button
                variant="contained"
                onClick={() => {
                  onClose();
                  navigate(projectPath('index', result.projectId));
                }}
              >
                {translate('app.knowledge.io.open_project')}
              </Button>
            ) : (
              <Button variant="contained" onClick={close} disabled={busy}>
                {translate('ra.action.close')}
              </Button>
            )}
          </>
        )}
      </DialogActions>
      <Confirm
        isOpen={confirmRevert}
        loading={busy}
        title="app.knowledge.io.revert_title"
        content="app.knowledge.io.revert_content"
        confirmColor="warning"
        onConfirm={runRevert}
        onClose={() => setConfirmRevert(false)}
      />
    </Dialog>
  );
}

function Done({ result, reverted }: { result: ImportResult; reverted: boolean }) {
  const translate = useTranslate();
  const wrote = result.counts.add + result.counts.change > 0;
  return (
    <Box sx={{ textAlign: 'center', py: 2 }} data-testid="import-done" data-change-id={result.changeId}>
      <CheckCircleOutlineIcon color={reverted ? 'disabled' : 'success'} sx={{ fontSize: 48 }} />
      <Typography variant="h6">
        {translate(reverted ? 'app.knowledge.io.reverted' : 'app.knowledge.io.done_title')}
      </Typography>
      <Typography color="text.secondary" data-testid="import-done-counts">
        {wrote ? translate('app.knowledge.io.done_counts', result.counts) : translate('app.knowledge.io.done_nothing')}
      </Typography>
      {result.problems.length > 0 && (
        <Typography variant="body2" color="warning.main" sx={{ mt: 1 }}>
          {translate('app.knowledge.io.problems', { count: result.problems.length })}
        </Typography>
      )}
    </Box>
  );
}

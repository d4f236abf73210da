import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SaveIcon from '@mui/icons-material/Save';
import {
  Button,
  Chip,
  FormControlLabel,
  IconButton,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Environment } from '../docApi';
import { EnvironmentPicker } from './EnvironmentPicker';
import type { ScenarioDraft } from './scenarioDraft';

/** A scenario's name, its actions (save, run, delete), description, environment and stop-on-failure switch. */
export function ScenarioHeader({
  draft,
  environments,
  scenarioId,
  readOnly,
  dirty,
  busy,
  showProblems,
  onDraft,
  onSave,
  onRun,
  onExport,
  onDelete,
}: {
  draft: ScenarioDraft;
  environments: Environment[];
  /** 0 until saved. */
  scenarioId: number;
  readOnly: boolean;
  dirty: boolean;
  busy: '' | 'save' | 'run';
  showProblems: boolean;
  onDraft(draft: ScenarioDraft): void;
  onSave(): void;
  onRun(): void;
  /** Saves the scenario's plan as a file `pmbok-test run` reads. */
  onExport(): void;
  onDelete(): void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.tests.${key}`, options);
  const { content } = draft;
  return (
    <>
      <Stack direction="row" spacing={1.5} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 1.5 }}>
        <TextField
          size="small"
          label={t('scenario.name')}
          value={draft.name}
          disabled={readOnly}
          error={showProblems && !draft.name.trim()}
          onChange={(event) => onDraft({ ...draft, name: event.target.value })}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          sx={{ flex: '1 1 220px', '& input': { fontWeight: 600 } }}
        />
        {!readOnly && (
          <>
            {dirty && <Chip size="small" color="warning" variant="outlined" label={t('editor.unsaved')} />}
            <Button
              variant="outlined"
              startIcon={<SaveIcon />}
              onClick={onSave}
              disabled={busy !== '' || (!dirty && scenarioId > 0)}
            >
              {busy === 'save' ? t('editor.saving') : t('editor.save')}
            </Button>
            <Button
              variant="contained"
              color="success"
              startIcon={<PlayArrowIcon />}
              onClick={onRun}
              disabled={busy !== '' || content.steps.length === 0}
              data-testid="scenario-run-button"
            >
              {busy === 'run' ? t('editor.running') : t('editor.run')}
            </Button>
            {scenarioId > 0 && (
              <Tooltip title={t('scenario.export_plan')}>
                <span>
                  <IconButton
                    aria-label={t('scenario.export_plan')}
                    onClick={onExport}
                    disabled={busy !== '' || dirty}
                    data-testid="scenario-export-plan"
                  >
                    <FileDownloadOutlinedIcon />
                  </IconButton>
                </span>
              </Tooltip>
            )}
            {scenarioId > 0 && (
              <Tooltip title={t('scenario.delete')}>
                <IconButton aria-label={t('scenario.delete')} onClick={onDelete}>
                  <DeleteOutlineIcon />
                </IconButton>
              </Tooltip>
            )}
          </>
        )}
      </Stack>
      <Stack direction="row" spacing={1.5} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 2 }}>
        <TextField
          size="small"
          label={t('scenario.description')}
          placeholder={t('scenario.description_hint')}
          value={draft.description}
          disabled={readOnly}
          onChange={(event) => onDraft({ ...draft, description: event.target.value })}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          sx={{ flex: '1 1 260px' }}
        />
        <EnvironmentPicker
          environments={environments}
          value={content.projectConfigId}
          disabled={readOnly}
          onChange={(projectConfigId) => onDraft({ ...draft, content: { ...content, projectConfigId } })}
        />
        <Tooltip title={t('scenario.stop_on_failure_hint')} describeChild>
          <FormControlLabel
            sx={{ mr: 0 }}
            control={
              <Switch
                checked={content.stopOnFailure}
                disabled={readOnly}
                onChange={(event) =>
                  onDraft({ ...draft, content: { ...content, stopOnFailure: event.target.checked } })
                }
              />
            }
            label={<Typography variant="body2">{t('scenario.stop_on_failure')}</Typography>}
          />
        </Tooltip>
      </Stack>
    </>
  );
}

import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SaveIcon from '@mui/icons-material/Save';
import { Box, Button, Chip, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Environment, StructureNode } from '../docApi';
import { MethodTag } from '../workspace/DocTree';
import { EnvironmentPicker } from './EnvironmentPicker';

/** A case's name and actions (discard, save, run, delete), then its api document and the environment it runs in. */
export function CaseHeader({
  name,
  caseId,
  readOnly,
  dirty,
  busy,
  showProblems,
  node,
  updated,
  environments,
  environment,
  onName,
  onDiscard,
  onSave,
  onRun,
  onDelete,
  onEnvironment,
}: {
  name: string;
  /** 0 until saved. */
  caseId: number;
  readOnly: boolean;
  dirty: boolean;
  busy: '' | 'save' | 'run';
  showProblems: boolean;
  /** The api document; absent once deleted. */
  node?: StructureNode;
  /** Who saved it last, when. */
  updated?: string;
  environments: Environment[];
  environment: number;
  onName(name: string): void;
  onDiscard(): void;
  onSave(): void;
  onRun(): void;
  onDelete(): void;
  onEnvironment(projectConfigId: number): void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.tests.editor.${key}`, options);
  return (
    <>
      <Stack direction="row" spacing={1.5} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 2 }}>
        <TextField
          size="small"
          label={t('name')}
          value={name}
          disabled={readOnly}
          error={showProblems && !name.trim()}
          onChange={(event) => onName(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          sx={{ flex: '1 1 240px', '& input': { fontWeight: 600 } }}
        />
        {!readOnly && (
          <>
            {dirty && <Chip size="small" color="warning" variant="outlined" label={t('unsaved')} />}
            {dirty && caseId > 0 && (
              <Button size="small" onClick={onDiscard} disabled={busy !== ''}>
                {t('discard')}
              </Button>
            )}
            <Button
              variant="outlined"
              startIcon={<SaveIcon />}
              onClick={onSave}
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
                  onClick={onRun}
                  disabled={busy !== ''}
                  data-testid="case-run-button"
                >
                  {busy === 'run' ? t('running') : t('run')}
                </Button>
              </span>
            </Tooltip>
            {caseId > 0 && (
              <Tooltip title={t('delete')}>
                <IconButton aria-label={t('delete')} onClick={onDelete}>
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
        {updated && (
          <Typography variant="caption" color="text.secondary" noWrap sx={{ minWidth: 0 }}>
            · {updated}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        <EnvironmentPicker environments={environments} value={environment} onChange={onEnvironment} />
      </Stack>
    </>
  );
}

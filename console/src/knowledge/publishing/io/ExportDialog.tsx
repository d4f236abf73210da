import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  LinearProgress,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { formatMinute } from '../../../utils/formatTime';
import { useProjectStructure } from '../../docApi';
import { type ExportFormat, exportProject, projectVersions, publishingKeys } from '../publishingApi';
import { downloadExportFile } from './download';
import { topmostTicked } from './ioModel';
import { NodeChecklist } from './NodeChecklist';

export const EXPORT_FORMATS: ExportFormat[] = [
  'openapi-json',
  'openapi-yaml',
  'swagger-json',
  'swagger-yaml',
  'postman',
  'markdown',
  'html',
];

type Scope = 'all' | 'selected' | 'version';

export interface ExportDialogProps {
  open: boolean;
  projectId: number;
  onClose(): void;
  /** Opens on "a version" with this one chosen (the versions screen's export). */
  versionId?: number;
  /** Opens on "selected documents" with these ticked. */
  nodeIds?: number[];
}

const VERSIONS_SHOWN = 100;

/** Export the whole project, some of its documents, or the project as at a version, as a file the browser saves. */
export function ExportDialog({ open, projectId, onClose, versionId, nodeIds }: ExportDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [format, setFormat] = useState<ExportFormat>('openapi-json');
  const [scope, setScope] = useState<Scope>(versionId ? 'version' : nodeIds?.length ? 'selected' : 'all');
  const [ticked, setTicked] = useState<Set<number>>(() => new Set(nodeIds ?? []));
  const [chosenVersion, setChosenVersion] = useState<number>(versionId ?? 0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const tree = useProjectStructure(projectId);
  const versions = useQuery({
    queryKey: publishingKeys.versions(projectId, 1, VERSIONS_SHOWN),
    queryFn: () => projectVersions(projectId, 1, VERSIONS_SHOWN),
    enabled: open && scope === 'version',
  });
  const nodes = tree.data?.nodes ?? [];
  const parentOf = useMemo(() => new Map(nodes.map((n) => [n.projectStructureId, n.parentId])), [nodes]);
  const chosenIds = topmostTicked(ticked, parentOf);

  const problem =
    scope === 'selected' && chosenIds.length === 0
      ? 'app.knowledge.io.select_first'
      : scope === 'version' && !chosenVersion
        ? 'app.knowledge.io.pick_version'
        : '';

  const download = async () => {
    if (problem) return setError(problem);
    setBusy(true);
    setError('');
    try {
      const file = await exportProject({
        projectId,
        format,
        nodeIds: scope === 'selected' ? chosenIds : undefined,
        versionId: scope === 'version' ? chosenVersion : undefined,
      });
      downloadExportFile(file);
      notify('app.knowledge.io.downloaded', { type: 'success', messageArgs: { name: file.fileName } });
      onClose();
    } catch {
      // the request client toasted the server's refusal
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={() => !busy && onClose()}
      fullWidth
      maxWidth="sm"
      aria-labelledby="export-dialog-title"
    >
      <DialogTitle id="export-dialog-title">{translate('app.knowledge.io.export_title')}</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        <TextField
          select
          label={translate('app.knowledge.io.export_format')}
          value={format}
          onChange={(event) => setFormat(event.target.value as ExportFormat)}
          size="small"
          slotProps={{ select: { inputProps: { 'data-testid': 'export-format' } } }}
        >
          {EXPORT_FORMATS.map((key) => (
            <MenuItem key={key} value={key}>
              {translate(`app.knowledge.io.export_formats.${key}`)}
            </MenuItem>
          ))}
        </TextField>
        <FormControl>
          <FormLabel id="export-scope">{translate('app.knowledge.io.scope')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="export-scope"
            value={scope}
            onChange={(event) => {
              setScope(event.target.value as Scope);
              setError('');
            }}
          >
            {(['all', 'selected', 'version'] as const).map((key) => (
              <FormControlLabel
                key={key}
                value={key}
                control={<Radio size="small" />}
                label={translate(`app.knowledge.io.scope_${key}`)}
              />
            ))}
          </RadioGroup>
        </FormControl>
        {scope === 'selected' && (
          <Box sx={{ display: 'grid', gap: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {translate('app.knowledge.io.select_hint')} ·{' '}
              {translate('app.knowledge.io.selected_count', { count: chosenIds.length })}
            </Typography>
            {tree.isPending ? <LinearProgress /> : <NodeChecklist nodes={nodes} ticked={ticked} onChange={setTicked} />}
          </Box>
        )}
        {scope === 'version' &&
          (versions.isPending ? (
            <LinearProgress />
          ) : versions.data?.list.length ? (
            <TextField
              select
              label={translate('app.knowledge.io.version')}
              value={chosenVersion || ''}
              onChange={(event) => setChosenVersion(Number(event.target.value))}
              size="small"
            >
              {versions.data.list.map((version) => (
                <MenuItem key={version.versionId} value={version.versionId}>
                  {translate('app.knowledge.io.version_label', {
                    name: version.name,
                    time: formatMinute(version.createdAt),
                  })}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <Typography color="text.secondary">{translate('app.knowledge.io.no_versions')}</Typography>
          ))}
        {busy && <LinearProgress aria-label={translate('app.knowledge.io.downloading')} />}
        {error && <Alert severity="warning">{translate(error)}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" startIcon={<DownloadIcon />} onClick={download} disabled={busy}>
          {translate(busy ? 'app.knowledge.io.downloading' : 'app.knowledge.io.download')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import CloseIcon from '@mui/icons-material/Close';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import {
  Alert,
  Box,
  IconButton,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { formatMinute } from '../../../utils/formatTime';
import DiffView from '../diff/DiffView';
import { compareVersions, type DocDiff, type ProjectVersion, publishingKeys } from '../publishingApi';

/** The version picker of one side; the newer side also offers 当前 (the project as it is now, id 0). */
function VersionSelect(props: {
  label: string;
  value: number;
  versions: ProjectVersion[];
  withNow?: boolean;
  onChange(versionId: number): void;
}) {
  const { label, value, versions, withNow, onChange } = props;
  const translate = useTranslate();
  // a version from the address that is not among the listed ones still shows by its id rather than blank
  const known = value === 0 || versions.some((version) => version.versionId === value);
  return (
    <TextField
      select
      size="small"
      fullWidth={false}
      label={label}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ width: 260 }}
    >
      {withNow && <MenuItem value={0}>{translate('app.knowledge.version.now_option')}</MenuItem>}
      {!known && <MenuItem value={value}>#{value}</MenuItem>}
      {versions.map((version) => (
        <MenuItem key={version.versionId} value={version.versionId}>
          {version.name}
          <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
            {formatMinute(version.createdAt)}
          </Typography>
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Two points of the project side by side: pick any two versions, or a version and now, and read what differs. */
export default function ComparePanel(props: {
  projectId: number;
  versions: ProjectVersion[];
  from: number;
  to: number;
  onChange(from: number, to: number): void;
  onClose(): void;
  docActions?(doc: DocDiff): ReactNode;
}) {
  const { projectId, versions, from, to, onChange, onClose, docActions } = props;
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.version.${key}`);
  const same = from === to;
  const { data, error, isFetching } = useQuery({
    queryKey: publishingKeys.compare(projectId, from, to),
    queryFn: () => compareVersions(projectId, from, to),
    enabled: from > 0 && !same,
    retry: false,
    // two versions never change; "now" does, and is read again whenever the panel is shown anew
    staleTime: to === 0 ? 0 : Number.POSITIVE_INFINITY,
  });

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="version-compare" data-from={from} data-to={to}>
      <Stack direction="row" alignItems="center" spacing={1.5} flexWrap="wrap" useFlexGap sx={{ mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mr: 1 }}>
          {t('compare_title')}
        </Typography>
        <VersionSelect label={t('compare_from')} value={from} versions={versions} onChange={(id) => onChange(id, to)} />
        <Tooltip title={t('swap')} disableInteractive>
          {/* now (0) stays on the newer side: swapping it would ask for a version 0 */}
          <span>
            <IconButton aria-label={t('swap')} disabled={to === 0} onClick={() => onChange(to, from)}>
              <SwapHorizIcon />
            </IconButton>
          </span>
        </Tooltip>
        <VersionSelect
          label={t('compare_to')}
          value={to}
          versions={versions}
          withNow
          onChange={(id) => onChange(from, id)}
        />
        <Box sx={{ flex: 1 }} />
        <IconButton aria-label={t('close_compare')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      {same ? (
        <Alert severity="info">{t('same_version')}</Alert>
      ) : error ? (
        <Alert severity="warning">{error.message}</Alert>
      ) : !data ? (
        <LinearProgress />
      ) : (
        <>
          {isFetching && <LinearProgress sx={{ mb: 1 }} />}
          <DiffView key={`${from}-${to}`} diff={data} docActions={docActions} />
        </>
      )}
    </Paper>
  );
}

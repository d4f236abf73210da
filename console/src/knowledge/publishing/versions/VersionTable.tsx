import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import RestoreIcon from '@mui/icons-material/Restore';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import {
  Box,
  Chip,
  IconButton,
  Pagination,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import type { ReactElement } from 'react';
import { useTranslate } from 'react-admin';
import { formatMinute } from '../../../utils/formatTime';
import type { ProjectVersion, ProjectVersionPage } from '../publishingApi';

export type VersionAction = 'compare' | 'browse' | 'export' | 'restore' | 'delete';

const ICONS: Record<VersionAction, ReactElement> = {
  compare: <CompareArrowsIcon fontSize="small" />,
  browse: <VisibilityOutlinedIcon fontSize="small" />,
  export: <FileDownloadOutlinedIcon fontSize="small" />,
  restore: <RestoreIcon fontSize="small" />,
  delete: <DeleteOutlineIcon fontSize="small" />,
};
const LABELS: Record<VersionAction, string> = {
  compare: 'compare_now',
  browse: 'browse',
  export: 'export',
  restore: 'restore',
  delete: 'delete',
};

/** The saved versions, newest first, each with what can be done with it by this member. */
export default function VersionTable(props: {
  data: ProjectVersionPage;
  page: number;
  onPage(page: number): void;
  actions: VersionAction[];
  onAction(action: VersionAction, version: ProjectVersion): void;
}) {
  const { data, page, onPage, actions, onAction } = props;
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.version.${key}`, options);

  return (
    <>
      <Table size="small" aria-label={t('list')} data-testid="version-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('col.name')}</TableCell>
            <TableCell>{t('col.notes')}</TableCell>
            <TableCell align="right">{t('col.docs')}</TableCell>
            <TableCell>{t('col.by')}</TableCell>
            <TableCell>{t('col.at')}</TableCell>
            <TableCell align="right">{t('col.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.list.map((version) => (
            <TableRow key={version.versionId} hover data-version-id={version.versionId} data-name={version.name}>
              <TableCell sx={{ maxWidth: 240 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography fontWeight={600} noWrap title={version.name}>
                    {version.name}
                  </Typography>
                  {version.auto && <Chip size="small" variant="outlined" label={t('auto')} />}
                </Box>
              </TableCell>
              <TableCell sx={{ maxWidth: 360 }}>
                <Typography variant="body2" color="text.secondary" noWrap title={version.notes}>
                  {version.notes || '—'}
                </Typography>
              </TableCell>
              <TableCell align="right">{version.docCount}</TableCell>
              <TableCell>{version.createdByName}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMinute(version.createdAt)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {actions.map((action) => (
                  <Tooltip key={action} title={t(LABELS[action])} disableInteractive>
                    <IconButton
                      size="small"
                      aria-label={t(LABELS[action])}
                      data-action={action}
                      color={action === 'delete' ? 'error' : 'default'}
                      onClick={() => onAction(action, version)}
                    >
                      {ICONS[action]}
                    </IconButton>
                  </Tooltip>
                ))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {data.pages > 1 && (
        <Pagination
          sx={{ mt: 1.5, display: 'flex', justifyContent: 'flex-end' }}
          count={data.pages}
          page={page}
          onChange={(_, next) => onPage(next)}
        />
      )}
    </>
  );
}

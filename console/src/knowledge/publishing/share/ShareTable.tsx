import BlockIcon from '@mui/icons-material/Block';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Box,
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatMinute } from '../../../utils/formatTime';
import type { ShareLink } from '../publishingApi';
import { type ShareStatus, shareUrl, statusOf } from './shareLink';

const STATUS_COLOR: Record<ShareStatus, 'success' | 'default' | 'warning'> = {
  active: 'success',
  revoked: 'default',
  expired: 'warning',
};

/** The project's links, newest first: what each shows, to whom, until when, and how often it was opened. */
export default function ShareTable(props: {
  links: ShareLink[];
  canManage: boolean;
  onCopy(link: ShareLink): void;
  onRevoke(link: ShareLink): void;
}) {
  const { links, canManage, onCopy, onRevoke } = props;
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.share.${key}`, options);

  return (
    // Size containment: the table scrolls inside the pane instead of widening the page with its many columns.
    <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>
      <Table
        size="small"
        aria-label={t('list')}
        data-testid="share-table"
        sx={{ '& th': { whiteSpace: 'nowrap' }, '& th, & td': { px: 1 } }}
      >
        <TableHead>
          <TableRow>
            {['name', 'scope', 'version', 'password', 'expires', 'status'].map((col) => (
              <TableCell key={col}>{t(`col.${col}`)}</TableCell>
            ))}
            <TableCell align="right">{t('col.opens')}</TableCell>
            <TableCell>{t('col.last_opened')}</TableCell>
            <TableCell align="right">{t('col.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {links.map((link) => {
            const status = statusOf(link);
            const name = link.name || t('unnamed');
            return (
              <TableRow key={link.shareId} data-share-id={link.shareId} data-name={name} hover>
                <TableCell sx={{ maxWidth: 220 }}>
                  <Typography noWrap title={name} fontWeight={600} fontSize="inherit">
                    {name}
                  </Typography>
                  <Typography noWrap variant="caption" color="text.secondary" component="p">
                    {t('by_at', { name: link.createdByName, time: formatMinute(link.createdAt) })}
                  </Typography>
                </TableCell>
                <TableCell sx={{ maxWidth: 260 }}>
                  {link.nodeIds.length === 0 ? (
                    t('whole_project')
                  ) : (
                    <Stack direction="row" spacing={0.5} flexWrap="wrap" useFlexGap>
                      {link.nodeNames.map((nodeName, i) => (
                        <Chip key={link.nodeIds[i]} size="small" variant="outlined" label={nodeName} />
                      ))}
                    </Stack>
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{link.versionId ? link.versionName : t('live')}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {link.hasPassword ? t('has_password') : t('no_password')}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {link.expiresAt ? t('until', { time: formatMinute(link.expiresAt) }) : t('never')}
                </TableCell>
                <TableCell>
                  <Chip size="small" color={STATUS_COLOR[status]} label={t(`status.${status}`)} />
                </TableCell>
                <TableCell align="right" data-testid="share-opens">
                  {link.openCount}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {link.lastOpenedAt ? formatMinute(link.lastOpenedAt) : t('never_opened')}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {status === 'active' && (
                    <>
                      <Tooltip title={t('copy')}>
                        <IconButton size="small" aria-label={t('copy')} onClick={() => onCopy(link)}>
                          <ContentCopyIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('open')}>
                        <IconButton
                          size="small"
                          aria-label={t('open')}
                          component="a"
                          href={shareUrl(link.token)}
                          target="_blank"
                          rel="noopener noreferrer"
                        >
                          <OpenInNewIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </>
                  )}
                  {canManage && !link.revoked && (
                    <Tooltip title={t('revoke')}>
                      <IconButton size="small" aria-label={t('revoke')} onClick={() => onRevoke(link)}>
                        <BlockIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

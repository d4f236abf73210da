import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import DataObjectIcon from '@mui/icons-material/DataObject';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import {
  Box,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { methodColor, methodLabel } from '../../utils/httpMethods';
import { useRelativeTime } from '../../utils/useRelativeTime';
import type { AuthoredDoc } from './authorApi';
import { docLink } from './authorModel';

// The workspace's document view colours a status the same way.
const STATUS_COLORS: Record<string, 'default' | 'info' | 'warning' | 'success' | 'error' | 'secondary'> = {
  designing: 'secondary',
  developing: 'info',
  testing: 'warning',
  released: 'success',
  deprecated: 'error',
};

/** An API's method as the tree shows it, a page or a model by its icon, in a column of one width. */
function KindMark({ doc }: { doc: AuthoredDoc }) {
  const translate = useTranslate();
  const box = { width: 44, flex: 'none', display: 'flex', alignItems: 'center' } as const;
  if (doc.kind === 'api') {
    const method = doc.method || 'GET';
    return (
      <Box
        component="span"
        sx={{ ...box, fontSize: 11, fontWeight: 700, fontFamily: 'monospace', color: methodColor(method) }}
        data-testid="method-tag"
      >
        {methodLabel(method)}
      </Box>
    );
  }
  const label = translate(`app.knowledge.author.kinds.${doc.kind === 'schema' ? 'schema' : 'page'}`);
  return (
    <Tooltip title={label}>
      <Box component="span" sx={box} aria-label={label}>
        {doc.kind === 'schema' ? (
          <DataObjectIcon sx={{ fontSize: 18, color: '#7a5af8' }} />
        ) : (
          <ArticleOutlinedIcon sx={{ fontSize: 18, color: '#2e90fa' }} />
        )}
      </Box>
    </Tooltip>
  );
}

/** The documents of one page of the list; a row opens its document in the project's workspace. */
export function AuthorTable({ docs }: { docs: AuthoredDoc[] }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.author.${key}`);
  const navigate = useNavigate();
  const { formatRelative } = useRelativeTime();
  const head = { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap', bgcolor: 'action.hover' } as const;

  return (
    <TableContainer>
      <Table size="small" aria-label={t('title')} sx={{ '& td, & th': { py: 1.1 } }}>
        <TableHead>
          <TableRow>
            <TableCell sx={head}>{t('columns.name')}</TableCell>
            <TableCell sx={head}>{t('columns.project')}</TableCell>
            <TableCell sx={head}>{t('columns.path')}</TableCell>
            <TableCell sx={head}>{t('columns.status')}</TableCell>
            <TableCell sx={head} align="right">
              <Tooltip title={t('views_hint')}>
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                  {t('columns.views')}
                  <InfoOutlinedIcon sx={{ fontSize: 15 }} aria-label={t('views_hint')} />
                </Box>
              </Tooltip>
            </TableCell>
            <TableCell sx={head}>{t('columns.updated')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {docs.map((doc) => (
            <TableRow
              key={doc.projectStructureId}
              hover
              tabIndex={0}
              role="link"
              aria-label={`${t('open')} ${doc.name}`}
              data-testid="author-row"
              data-name={doc.name}
              data-kind={doc.kind}
              onClick={() => navigate(docLink(doc))}
              onKeyDown={(event) => event.key === 'Enter' && navigate(docLink(doc))}
              sx={{ cursor: 'pointer' }}
            >
              <TableCell sx={{ maxWidth: 320 }}>
                <Box sx={{ display: 'flex', alignItems: 'center' }}>
                  <KindMark doc={doc} />
                  <Typography variant="body2" fontWeight={500} noWrap title={doc.name}>
                    {doc.name}
                  </Typography>
                </Box>
              </TableCell>
              <TableCell sx={{ maxWidth: 200 }}>
                <Typography variant="body2" color="text.secondary" noWrap title={doc.projectName}>
                  {doc.projectName}
                </Typography>
              </TableCell>
              <TableCell sx={{ maxWidth: 280 }}>
                {doc.kind === 'api' && doc.path ? (
                  <Typography variant="body2" noWrap title={doc.path} sx={{ fontFamily: 'monospace', fontSize: 13 }}>
                    {doc.path}
                  </Typography>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    —
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                {doc.kind === 'api' && doc.status ? (
                  <Chip
                    size="small"
                    variant="outlined"
                    color={STATUS_COLORS[doc.status] ?? 'default'}
                    label={translate(`app.knowledge.doc.status.${doc.status}`, { _: doc.status })}
                  />
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    —
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {doc.viewCount > 0 ? doc.viewCount : <Box sx={{ color: 'text.secondary' }}>—</Box>}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Typography variant="body2" color="text.secondary" title={new Date(doc.updatedAt).toLocaleString()}>
                  {doc.updatedAt ? formatRelative(doc.updatedAt) : '—'}
                </Typography>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

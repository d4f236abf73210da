import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import EditNoteIcon from '@mui/icons-material/EditNote';
import LibraryBooksOutlinedIcon from '@mui/icons-material/LibraryBooksOutlined';
import PublishedWithChangesIcon from '@mui/icons-material/PublishedWithChanges';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import { Alert, Box, Button, LinearProgress, Paper, TablePagination, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { PAGE_SIZES } from '../../list/ListPager';
import { AuthorFilterBar } from './AuthorFilterBar';
import { AuthorTable } from './AuthorTable';
import { authorApi, authorKeys } from './authorApi';
import { type AuthorFilters, filterDocs, NO_FILTERS, projectsOf, totalsOf } from './authorModel';

function Total({ icon, label, value, color }: { icon: ReactNode; label: string; value: number; color: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <Box
        sx={{
          width: 40,
          height: 40,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          color,
          bgcolor: `${color}1a`,
          flex: 'none',
        }}
      >
        {icon}
      </Box>
      <Box>
        <Typography variant="h5" component="p" fontWeight={600} lineHeight={1.2} data-testid="author-total">
          {value}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
      </Box>
    </Paper>
  );
}

/** /userAuthor/index: the documents and pages the signed-in user created or last changed, in every project. */
const AuthorPage = () => {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.author.${key}`, options);
  const navigate = useNavigate();
  const { data, isPending, error } = useQuery({ queryKey: authorKeys.myDocs, queryFn: authorApi.allMyDocs });
  const [filters, setFilters] = useState<AuthorFilters>(NO_FILTERS);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);

  const docs = data?.docs ?? [];
  const totals = useMemo(() => totalsOf(docs), [docs]);
  const projects = useMemo(() => projectsOf(docs), [docs]);
  const shown = useMemo(() => filterDocs(docs, filters), [docs, filters]);
  const visiblePage = Math.min(page, Math.max(0, Math.ceil(shown.length / pageSize) - 1));
  const rows = shown.slice(visiblePage * pageSize, (visiblePage + 1) * pageSize);
  const filter = (next: AuthorFilters) => {
    setFilters(next);
    setPage(0);
  };

  return (
    <Box sx={{ p: { xs: 1, md: 2 } }} data-testid="author-centre">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <EditNoteIcon color="primary" sx={{ fontSize: 32 }} />
        <Box>
          <Typography variant="h6" component="h1">
            {t('title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('subtitle')}
          </Typography>
        </Box>
      </Box>
      <Box
        sx={{ display: 'grid', gap: 2, mb: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}
        data-testid="author-totals"
      >
        <Total icon={<LibraryBooksOutlinedIcon />} label={t('totals.docs')} value={totals.docs} color="#2e90fa" />
        <Total icon={<SyncAltIcon />} label={t('totals.apis')} value={totals.apis} color="#f79009" />
        <Total icon={<ArticleOutlinedIcon />} label={t('totals.pages')} value={totals.pages} color="#7a5af8" />
        <Total
          icon={<PublishedWithChangesIcon />}
          label={t('totals.released')}
          value={totals.released}
          color="#12b76a"
        />
      </Box>
      {error && <Alert severity="error">{error.message}</Alert>}
      {data && data.total > docs.length && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('truncated', { shown: docs.length, total: data.total })}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {isPending && <LinearProgress />}
        {data && docs.length === 0 ? (
          <Box sx={{ textAlign: 'center', py: 8, px: 2 }} data-testid="author-empty">
            <EditNoteIcon sx={{ fontSize: 56, color: 'text.disabled' }} />
            <Typography variant="subtitle1" sx={{ mt: 1 }}>
              {t('empty')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('empty_hint')}
            </Typography>
            <Button variant="contained" onClick={() => navigate('/api')}>
              {t('go_knowledge')}
            </Button>
          </Box>
        ) : (
          data && (
            <>
              <AuthorFilterBar filters={filters} projects={projects} onChange={filter} />
              {shown.length === 0 ? (
                <Box sx={{ textAlign: 'center', py: 6 }} data-testid="author-no-match">
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {t('no_match')}
                  </Typography>
                  <Button size="small" onClick={() => filter(NO_FILTERS)}>
                    {t('clear_filters')}
                  </Button>
                </Box>
              ) : (
                <>
                  <AuthorTable docs={rows} />
                  <TablePagination
                    component="div"
                    count={shown.length}
                    page={visiblePage}
                    rowsPerPage={pageSize}
                    rowsPerPageOptions={PAGE_SIZES}
                    onPageChange={(_event, next) => setPage(next)}
                    onRowsPerPageChange={(event) => {
                      setPageSize(Number(event.target.value));
                      setPage(0);
                    }}
                    labelRowsPerPage={t('rows_per_page')}
                    labelDisplayedRows={({ from, to, count }) => t('displayed_rows', { from, to, count })}
                  />
                </>
              )}
            </>
          )
        )}
      </Paper>
    </Box>
  );
};

export default AuthorPage;

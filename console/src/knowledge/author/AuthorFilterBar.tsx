import SearchIcon from '@mui/icons-material/Search';
import { Box, InputAdornment, MenuItem, TextField, ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { API_STATUSES, type AuthorFilters, KIND_FILTERS, type KindFilter } from './authorModel';

interface Props {
  filters: AuthorFilters;
  projects: { projectId: number; name: string }[];
  onChange(filters: AuthorFilters): void;
}

// one height for the kind buttons, the selects and the search box
const FIELD_SX = { '& .MuiInputBase-root': { fontSize: 14, height: 38 } } as const;
const SELECT_SX = { ...FIELD_SX, minWidth: 150 } as const;

/** Kind, status (APIs only), project and a name-or-path keyword. */
export function AuthorFilterBar({ filters, projects, onChange }: Props) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.author.${key}`, options);
  const statusless = filters.kind === 'page' || filters.kind === 'schema';

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', p: 2 }} data-testid="author-filters">
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={filters.kind}
        aria-label={t('kind')}
        onChange={(_event, kind: KindFilter | null) =>
          // pages and models have no status: a status filter left on would hide them all
          kind && onChange({ ...filters, kind, status: kind === 'page' || kind === 'schema' ? 'all' : filters.status })
        }
      >
        {KIND_FILTERS.map((kind) => (
          <ToggleButton key={kind} value={kind} sx={{ px: 2, height: 38 }}>
            {t(`kinds.${kind}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Tooltip title={statusless ? t('status_api_only') : ''}>
        <TextField
          select
          variant="outlined"
          size="small"
          margin="none"
          fullWidth={false}
          value={filters.status}
          disabled={statusless}
          onChange={(event) => onChange({ ...filters, status: event.target.value })}
          label={t('status')}
          sx={SELECT_SX}
        >
          <MenuItem value="all">{t('all_statuses')}</MenuItem>
          {API_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {translate(`app.knowledge.doc.status.${status}`)}
            </MenuItem>
          ))}
        </TextField>
      </Tooltip>
      <TextField
        select
        variant="outlined"
        size="small"
        margin="none"
        fullWidth={false}
        value={filters.projectId}
        onChange={(event) => onChange({ ...filters, projectId: Number(event.target.value) })}
        label={t('project')}
        sx={{ ...SELECT_SX, maxWidth: 240 }}
      >
        <MenuItem value={0}>{t('all_projects')}</MenuItem>
        {projects.map((project) => (
          <MenuItem key={project.projectId} value={project.projectId}>
            {project.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        variant="outlined"
        size="small"
        margin="none"
        fullWidth={false}
        value={filters.keyword}
        onChange={(event) => onChange({ ...filters, keyword: event.target.value })}
        placeholder={t('search')}
        sx={{ ...FIELD_SX, ml: { md: 'auto' }, width: { xs: '100%', sm: 260 } }}
        slotProps={{
          htmlInput: { 'aria-label': t('search'), maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
}

import SearchIcon from '@mui/icons-material/Search';
import { Autocomplete, Box, InputAdornment, TextField, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useRouteTable } from '../../navigation/RouteTableProvider';
import { useSessionUser } from '../../session/session';
import type { RouteSearchEntry } from './routeSearchIndex';

type SearchModule = typeof import('./routeSearchIndex');
const MAX_RESULTS = 10;

/** The header's keyword box: fuzzy search over the screens' titles (and their pinyin) and paths; picking one opens it. */
export const RouteSearch = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const roles = useSessionUser()?.roles;
  const { resolved } = useRouteTable();
  const [module, setModule] = useState<SearchModule | null>(null);
  const [wanted, setWanted] = useState(false);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!wanted || module) return;
    let current = true;
    import('./routeSearchIndex').then((loaded) => current && setModule(loaded));
    return () => {
      current = false;
    };
  }, [wanted, module]);

  // rebuilt when the language (translate) or the roles change
  const search = useMemo(
    () => module?.createRouteSearch(module.routeSearchEntries(resolved, roles ?? [], translate)),
    [module, resolved, roles, translate],
  );
  const results = useMemo(
    () => (search && query.trim() ? search.search(query.trim(), { limit: MAX_RESULTS }).map(({ item }) => item) : []),
    [search, query],
  );

  const label = translate('app.header.search');
  return (
    <Autocomplete<RouteSearchEntry>
      options={results}
      filterOptions={(options) => options}
      getOptionLabel={(entry) => entry.title.join(' > ')}
      isOptionEqualToValue={(option, value) => option.path === value.path}
      value={null}
      inputValue={query}
      onInputChange={(_event, value, reason) => reason !== 'reset' && setQuery(value)}
      onChange={(_event, entry) => {
        if (!entry) return;
        setQuery('');
        navigate(entry.path);
      }}
      onFocus={() => setWanted(true)}
      loading={wanted && !search}
      loadingText={translate('ra.page.loading')}
      noOptionsText={translate('app.header.search_none')}
      open={open && query.trim() !== ''}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      blurOnSelect
      clearOnBlur
      forcePopupIcon={false}
      size="small"
      fullWidth={false}
      sx={{ width: 240 }}
      slotProps={{ paper: { sx: { minWidth: 280 } } }}
      renderOption={({ key, ...props }, entry) => (
        <Box component="li" key={key} {...props} data-testid="route-search-option">
          <Box sx={{ minWidth: 0 }}>
            <Typography noWrap>{entry.title.join(' > ')}</Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {entry.path}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          fullWidth
          variant="outlined"
          margin="none"
          placeholder={translate('app.header.search_placeholder')}
          slotProps={{
            htmlInput: { ...params.inputProps, 'aria-label': label, 'data-testid': 'route-search' },
            input: {
              ...params.InputProps,
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
};

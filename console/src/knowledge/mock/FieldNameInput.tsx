import { Autocomplete, Box, Chip, TextField, type TextFieldProps, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useContext, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { FieldSuggestProject } from './fieldSuggest';
import { type DataField, hasMock, mockApi, mockKeys, rankSuggestions } from './mockApi';

const DEBOUNCE_MS = 250;

function useDebounced(value: string, ms: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

interface Props {
  value: string;
  onChange(name: string): void;
  /** A library field was chosen: the caller fills the rest of its row from it. */
  onPick(field: DataField): void;
  disabled?: boolean;
  error?: boolean;
  placeholder?: string;
  ariaLabel: string;
  sx?: TextFieldProps['sx'];
}

/**
 * A field name input that offers the project's field library (its own fields and the team's) as the name is typed:
 * searched by the typed text after a pause, each answer kept per project and text, so retyping costs no request.
 */
export function FieldNameInput(props: Props) {
  const projectId = useContext(FieldSuggestProject);
  if (!projectId || !hasMock(projectId) || props.disabled) return <PlainInput {...props} />;
  return <SuggestingInput {...props} projectId={projectId} />;
}

function PlainInput({ value, onChange, disabled, error, placeholder, ariaLabel, sx }: Props) {
  return (
    <TextField
      variant="standard"
      fullWidth
      value={value}
      placeholder={placeholder}
      disabled={disabled}
      error={error}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ htmlInput: { 'aria-label': ariaLabel, spellCheck: false } }}
      sx={sx}
    />
  );
}

function SuggestingInput({
  value,
  onChange,
  onPick,
  error,
  placeholder,
  ariaLabel,
  sx,
  projectId,
}: Props & { projectId: number }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  // Only a name being typed is searched: focusing a row that has its name already asks nothing.
  const [typed, setTyped] = useState(false);
  const keyword = useDebounced(value.trim(), DEBOUNCE_MS);
  // Asked once the typing pauses: the text of a moment ago is never searched on its own.
  const settled = typed && keyword !== '' && keyword === value.trim();
  const { data, isFetching } = useQuery({
    queryKey: mockKeys.fields(projectId, keyword),
    queryFn: () => mockApi.searchFields(projectId, keyword),
    enabled: open && settled,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const options = open && settled ? rankSuggestions(data?.lists ?? [], keyword) : [];

  return (
    <Autocomplete<DataField, false, true, true>
      freeSolo
      disableClearable
      fullWidth
      open={open && options.length > 0}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      loading={isFetching}
      filterOptions={(all) => all}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.name)}
      isOptionEqualToValue={(a, b) => a.dataFieldId === b.dataFieldId}
      inputValue={value}
      onInputChange={(_event, next, reason) => {
        if (reason !== 'input') return;
        setTyped(true);
        onChange(next);
      }}
      onChange={(_event, picked) => {
        if (picked && typeof picked !== 'string') {
          setTyped(false);
          onPick(picked);
        }
      }}
      noOptionsText={translate('app.knowledge.mock.suggest.none')}
      slotProps={{
        popper: { placement: 'bottom-start', style: { width: 420 } },
        listbox: { 'aria-label': translate('app.knowledge.mock.suggest.hint') } as object,
      }}
      renderOption={({ key, ...optionProps }, option) => (
        <Box component="li" key={key} {...optionProps} data-testid="field-suggestion" data-name={option.name}>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <Typography sx={{ fontFamily: 'monospace', fontSize: 13, fontWeight: 600 }}>{option.name}</Typography>
              <Typography variant="caption" color="primary">
                {option.type}
                {option.format && `(${option.format})`}
              </Typography>
              {option.inherited && (
                <Chip size="small" label={translate('app.knowledge.mock.suggest.team')} sx={{ height: 18 }} />
              )}
            </Box>
            {(option.description || option.mockRule) && (
              <Typography variant="caption" color="text.secondary" noWrap component="div">
                {option.description}
                {option.mockRule && ` · ${option.mockRule}`}
              </Typography>
            )}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          variant="standard"
          placeholder={placeholder}
          error={error}
          slotProps={{ htmlInput: { ...params.inputProps, 'aria-label': ariaLabel, spellCheck: false } }}
          sx={sx}
        />
      )}
    />
  );
}

import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Box, Button, IconButton, MenuItem, Select, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CONDITION_OPERATORS, CONDITION_SOURCES, LIMITS, newCondition, valueless } from './expectationDraft';
import type { MockCondition } from './mockApi';

const dense = { '& .MuiInputBase-input': { fontSize: 13, py: 0.5 } } as const;
const GRID = '110px minmax(120px, 1.2fr) 150px minmax(120px, 1.5fr) 36px';

/** An expectation's conditions, one row each: where to look, the name, the operator and the value. */
export function ConditionsTable({
  conditions,
  readOnly,
  errorAt,
  onChange,
}: {
  conditions: MockCondition[];
  readOnly: boolean;
  /** Whether `conditions.<n>.<field>` has a problem to show. */
  errorAt(field: string): boolean;
  onChange(conditions: MockCondition[]): void;
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.mock.exp.${key}`);
  const set = (index: number, patch: Partial<MockCondition>) =>
    onChange(conditions.map((c, at) => (at === index ? { ...c, ...patch } : c)));

  return (
    <Box data-testid="mock-conditions">
      <Box sx={{ overflowX: 'auto' }}>
        <Box sx={{ minWidth: 560 }}>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: GRID,
              gap: 1,
              px: 0.5,
              pb: 0.5,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            {['source', 'cond_name', 'operator', 'value'].map((key) => (
              <Typography key={key} variant="caption" color="text.secondary">
                {t(key)}
              </Typography>
            ))}
          </Box>
          {conditions.map((condition, index) => (
            <Box
              // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; their order is what the user set
              key={index}
              data-testid="mock-condition"
              sx={{ display: 'grid', gridTemplateColumns: GRID, gap: 1, alignItems: 'center', px: 0.5, py: 0.5 }}
            >
              <Select
                variant="standard"
                value={condition.source}
                disabled={readOnly}
                onChange={(event) => set(index, { source: event.target.value as MockCondition['source'] })}
                inputProps={{ 'aria-label': t('source') }}
                sx={{ fontSize: 13 }}
              >
                {CONDITION_SOURCES.map((source) => (
                  <MenuItem key={source} value={source} dense>
                    {t(`sources.${source}`)}
                  </MenuItem>
                ))}
              </Select>
              <TextField
                variant="standard"
                value={condition.name}
                disabled={readOnly}
                error={errorAt(`conditions.${index}.name`)}
                placeholder={condition.source === 'body' ? t('cond_name_body') : t('cond_name')}
                onChange={(event) => set(index, { name: event.target.value })}
                slotProps={{ htmlInput: { 'aria-label': t('cond_name'), spellCheck: false } }}
                sx={{ ...dense, '& input': { fontFamily: 'monospace', fontSize: 13 } }}
              />
              <Select
                variant="standard"
                value={condition.operator}
                disabled={readOnly}
                onChange={(event) => set(index, { operator: event.target.value as MockCondition['operator'] })}
                inputProps={{ 'aria-label': t('operator') }}
                sx={{ fontSize: 13 }}
              >
                {CONDITION_OPERATORS.map((operator) => (
                  <MenuItem key={operator} value={operator} dense>
                    {t(`operators.${operator}`)}
                  </MenuItem>
                ))}
              </Select>
              <TextField
                variant="standard"
                value={valueless(condition.operator) ? '' : condition.value}
                disabled={readOnly || valueless(condition.operator)}
                error={errorAt(`conditions.${index}.value`)}
                placeholder={t('value')}
                onChange={(event) => set(index, { value: event.target.value })}
                slotProps={{ htmlInput: { 'aria-label': t('value'), spellCheck: false } }}
                sx={{ ...dense, '& input': { fontFamily: 'monospace', fontSize: 13 } }}
              />
              {!readOnly ? (
                <IconButton
                  size="small"
                  aria-label={t('remove_condition')}
                  onClick={() => onChange(conditions.filter((_c, at) => at !== index))}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              ) : (
                <span />
              )}
            </Box>
          ))}
        </Box>
      </Box>
      {!readOnly && conditions.length < LIMITS.conditions && (
        <Button size="small" startIcon={<AddIcon />} onClick={() => onChange([...conditions, newCondition()])}>
          {t('add_condition')}
        </Button>
      )}
    </Box>
  );
}

import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import {
  Box,
  Button,
  Checkbox,
  IconButton,
  InputAdornment,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { Assertion, AssertionOperator, AssertionSource } from '@pmbok/runner';
import { useTranslate } from 'react-admin';
import { JSON_TYPES, needsExpected, needsPath, newAssertion, OPERATORS, SOURCES, withSource } from './assertionModel';
import { CASE_LIMITS } from './caseDraft';

const dense = { '& .MuiInputBase-input': { fontSize: 13, py: 0.5 } } as const;
const mono = { ...dense, '& input': { fontFamily: 'monospace', fontSize: 13 } } as const;

/** Assertions without code, one row each: what to check, where, how to compare, against what. */
export function AssertionsTable({
  assertions,
  readOnly,
  onChange,
}: {
  assertions: Assertion[];
  readOnly: boolean;
  onChange(assertions: Assertion[]): void;
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.tests.assertions.${key}`);
  const edit = (index: number, next: Assertion) => onChange(assertions.map((a, at) => (at === index ? next : a)));

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('hint')}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table
          size="small"
          data-testid="case-assertions"
          sx={{ minWidth: 600, '& td, & th': { px: 1 }, '& th': { color: 'text.secondary', fontWeight: 500 } }}
        >
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 40 }} />
              <TableCell sx={{ width: 150 }}>{t('source')}</TableCell>
              <TableCell sx={{ width: '22%' }}>{t('path')}</TableCell>
              <TableCell sx={{ width: 104 }}>{t('operator')}</TableCell>
              <TableCell>{t('expected')}</TableCell>
              <TableCell sx={{ width: 44 }} />
            </TableRow>
          </TableHead>
          <TableBody>
            {assertions.length === 0 && (
              <TableRow>
                <TableCell colSpan={6} sx={{ color: 'text.secondary', textAlign: 'center', py: 2.5 }}>
                  {t('empty')}
                </TableCell>
              </TableRow>
            )}
            {assertions.map((assertion, index) => (
              <TableRow key={assertion.id} hover data-testid="assertion-row" data-source={assertion.source}>
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={assertion.enabled !== false}
                    disabled={readOnly}
                    onChange={(event) =>
                      edit(index, { ...assertion, enabled: event.target.checked ? undefined : false })
                    }
                    slotProps={{ input: { 'aria-label': translate('app.knowledge.tests.request.enabled') } }}
                  />
                </TableCell>
                <TableCell>
                  <TextField
                    select
                    variant="standard"
                    fullWidth
                    value={assertion.source}
                    disabled={readOnly}
                    onChange={(event) => edit(index, withSource(assertion, event.target.value as AssertionSource))}
                    slotProps={{ htmlInput: { 'aria-label': `${t('source')} ${index + 1}` } }}
                    sx={dense}
                  >
                    {SOURCES.map((source) => (
                      <MenuItem key={source} value={source} dense>
                        {t(`sources.${source}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
                <TableCell>
                  {needsPath(assertion.source) ? (
                    <TextField
                      variant="standard"
                      fullWidth
                      value={assertion.path ?? ''}
                      placeholder={t(assertion.source === 'header' ? 'path_header' : 'path_json')}
                      disabled={readOnly}
                      onChange={(event) => edit(index, { ...assertion, path: event.target.value })}
                      slotProps={{ htmlInput: { 'aria-label': `${t('path')} ${index + 1}`, spellCheck: false } }}
                      sx={mono}
                    />
                  ) : (
                    <Typography variant="caption" color="text.disabled">
                      —
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <TextField
                    select
                    variant="standard"
                    fullWidth
                    value={assertion.operator}
                    disabled={readOnly || OPERATORS[assertion.source].length === 1}
                    onChange={(event) =>
                      edit(index, { ...assertion, operator: event.target.value as AssertionOperator })
                    }
                    slotProps={{ htmlInput: { 'aria-label': `${t('operator')} ${index + 1}` } }}
                    sx={dense}
                  >
                    {OPERATORS[assertion.source].map((operator) => (
                      <MenuItem key={operator} value={operator} dense>
                        {t(`operators.${operator}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
                <TableCell>
                  <Expected
                    assertion={assertion}
                    index={index}
                    readOnly={readOnly}
                    onChange={(next) => edit(index, next)}
                  />
                </TableCell>
                <TableCell>
                  {!readOnly && (
                    <IconButton
                      size="small"
                      aria-label={translate('app.knowledge.tests.request.remove')}
                      onClick={() => onChange(assertions.filter((_, at) => at !== index))}
                    >
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {!readOnly && assertions.length < CASE_LIMITS.checks && (
        <Button
          size="small"
          startIcon={<AddIcon />}
          sx={{ mt: 1 }}
          onClick={() => onChange([...assertions, newAssertion(assertions.length === 0 ? 'status' : 'jsonPath')])}
        >
          {t('add')}
        </Button>
      )}
    </Box>
  );
}

function Expected({
  assertion,
  index,
  readOnly,
  onChange,
}: {
  assertion: Assertion;
  index: number;
  readOnly: boolean;
  onChange(next: Assertion): void;
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.tests.assertions.${key}`);
  if (assertion.source === 'schema') {
    return (
      <Typography variant="caption" color="text.secondary">
        {t('schema_note')}
      </Typography>
    );
  }
  if (!needsExpected(assertion.operator)) {
    return (
      <Typography variant="caption" color="text.disabled">
        —
      </Typography>
    );
  }
  const label = `${t('expected')} ${index + 1}`;
  if (assertion.operator === 'type') {
    return (
      <TextField
        select
        variant="standard"
        fullWidth
        value={JSON_TYPES.includes(assertion.expected ?? '') ? assertion.expected : ''}
        disabled={readOnly}
        onChange={(event) => onChange({ ...assertion, expected: event.target.value })}
        slotProps={{ htmlInput: { 'aria-label': label } }}
        sx={mono}
      >
        {JSON_TYPES.map((type) => (
          <MenuItem key={type} value={type} dense sx={{ fontFamily: 'monospace' }}>
            {type}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return (
    <TextField
      variant="standard"
      fullWidth
      value={assertion.expected ?? ''}
      disabled={readOnly}
      onChange={(event) => onChange({ ...assertion, expected: event.target.value })}
      slotProps={{
        htmlInput: { 'aria-label': label, spellCheck: false },
        input:
          assertion.source === 'responseTime'
            ? { endAdornment: <InputAdornment position="end">{t('ms')}</InputAdornment> }
            : undefined,
      }}
      sx={mono}
    />
  );
}

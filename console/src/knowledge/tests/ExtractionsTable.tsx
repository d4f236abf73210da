import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import WestIcon from '@mui/icons-material/West';
import {
  Box,
  Button,
  Checkbox,
  IconButton,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { Extraction } from '@pmbok/runner';
import { useTranslate } from 'react-admin';
import { EXTRACTION_SOURCES, needsPath, newExtraction } from './assertionModel';
import { CASE_LIMITS } from './caseDraft';

const dense = { '& .MuiInputBase-input': { fontSize: 13, py: 0.5 } } as const;
const mono = { ...dense, '& input': { fontFamily: 'monospace', fontSize: 13 } } as const;

/** Values taken out of the response into variables: `token ← $.data.token`. */
export function ExtractionsTable({
  extractions,
  readOnly,
  onChange,
}: {
  extractions: Extraction[];
  readOnly: boolean;
  onChange(extractions: Extraction[]): void;
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.tests.extractions.${key}`);
  const edit = (index: number, patch: Partial<Extraction>) =>
    onChange(extractions.map((x, at) => (at === index ? { ...x, ...patch } : x)));

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('hint')}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table
          size="small"
          data-testid="case-extractions"
          sx={{ minWidth: 620, '& td, & th': { px: 1 }, '& th': { color: 'text.secondary', fontWeight: 500 } }}
        >
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 40 }} />
              <TableCell sx={{ width: '26%' }}>{t('variable')}</TableCell>
              <TableCell sx={{ width: 32 }} />
              <TableCell sx={{ width: 140 }}>{t('source')}</TableCell>
              <TableCell>{t('path')}</TableCell>
              <TableCell sx={{ width: 44 }} />
            </TableRow>
          </TableHead>
          <TableBody>
            {extractions.length === 0 && (
              <TableRow>
                <TableCell colSpan={6} sx={{ color: 'text.secondary', textAlign: 'center', py: 2.5 }}>
                  {t('empty')}
                </TableCell>
              </TableRow>
            )}
            {extractions.map((extraction, index) => (
              <TableRow key={extraction.id} hover data-testid="extraction-row">
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={extraction.enabled !== false}
                    disabled={readOnly}
                    onChange={(event) => edit(index, { enabled: event.target.checked ? undefined : false })}
                    slotProps={{ input: { 'aria-label': translate('app.knowledge.tests.request.enabled') } }}
                  />
                </TableCell>
                <TableCell>
                  <TextField
                    variant="standard"
                    fullWidth
                    value={extraction.variable}
                    placeholder="token"
                    disabled={readOnly}
                    onChange={(event) => edit(index, { variable: event.target.value })}
                    slotProps={{ htmlInput: { 'aria-label': `${t('variable')} ${index + 1}`, spellCheck: false } }}
                    sx={mono}
                  />
                </TableCell>
                <TableCell sx={{ color: 'text.secondary' }}>
                  <WestIcon sx={{ fontSize: 16, verticalAlign: 'middle' }} />
                </TableCell>
                <TableCell>
                  <TextField
                    select
                    variant="standard"
                    fullWidth
                    value={extraction.source}
                    disabled={readOnly}
                    onChange={(event) => {
                      const source = event.target.value as Extraction['source'];
                      edit(index, {
                        source,
                        path: needsPath(source) ? (source === 'jsonPath' ? '$.' : '') : undefined,
                      });
                    }}
                    slotProps={{ htmlInput: { 'aria-label': `${t('source')} ${index + 1}` } }}
                    sx={dense}
                  >
                    {EXTRACTION_SOURCES.map((source) => (
                      <MenuItem key={source} value={source} dense>
                        {t(`sources.${source}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
                <TableCell>
                  {needsPath(extraction.source) ? (
                    <TextField
                      variant="standard"
                      fullWidth
                      value={extraction.path ?? ''}
                      placeholder={
                        extraction.source === 'regex'
                          ? t('path_regex')
                          : extraction.source === 'header'
                            ? translate('app.knowledge.tests.assertions.path_header')
                            : '$.data.token'
                      }
                      disabled={readOnly}
                      onChange={(event) => edit(index, { path: event.target.value })}
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
                  {!readOnly && (
                    <IconButton
                      size="small"
                      aria-label={translate('app.knowledge.tests.request.remove')}
                      onClick={() => onChange(extractions.filter((_, at) => at !== index))}
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
      {!readOnly && extractions.length < CASE_LIMITS.checks && (
        <Button
          size="small"
          startIcon={<AddIcon />}
          sx={{ mt: 1 }}
          onClick={() => onChange([...extractions, newExtraction()])}
        >
          {t('add')}
        </Button>
      )}
    </Box>
  );
}

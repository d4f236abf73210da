import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { candidateInput, initialPicks, shapeText } from './fieldModel';
import { type FieldSourceParse, type Library, parseFieldSource, saveDataFields } from './fieldsApi';

type Kind = 'sql' | 'json';

/**
 * The `sql` screen (SPEC §2.2) as a dialog: paste CREATE TABLE statements or a JSON example, parse it on the server,
 * tick the candidates to add (the ones the library has are offered unticked), add them in one saveDataFields.
 * A paste the server cannot read answers with the line, shown under the text.
 */
export default function FieldSourceDialog({
  library,
  onClose,
  onAdded,
}: {
  library: Library;
  onClose: () => void;
  onAdded: () => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.field.source.${key}`, options);
  const notify = useNotify();
  const [kind, setKind] = useState<Kind>('sql');
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [parsed, setParsed] = useState<FieldSourceParse | null>(null);
  const [picks, setPicks] = useState<Set<number>>(new Set());
  const [refusals, setRefusals] = useState<string[]>([]);
  const candidates = parsed?.fields ?? [];

  const parse = async () => {
    if (!text.trim()) {
      setError(t('empty_text'));
      return;
    }
    setBusy(true);
    setError('');
    setRefusals([]);
    try {
      const result = await parseFieldSource(library, kind, text);
      setParsed(result);
      setPicks(initialPicks(result.fields));
    } catch (failure) {
      setParsed(null);
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const add = async () => {
    const chosen = candidates.filter((_, index) => picks.has(index));
    setBusy(true);
    try {
      // a ticked field the library has is one the user chose to write over
      const onExisting = chosen.some((candidate) => candidate.exists) ? 'overwrite' : 'skip';
      const result = await saveDataFields(library, chosen.map(candidateInput), onExisting);
      notify(t('added', { added: result.added + result.updated, skipped: result.skipped, refused: result.refused }), {
        type: result.refused ? 'warning' : 'success',
      });
      onAdded();
      const refused = result.results.filter((row) => row.action === 'refused');
      if (refused.length) setRefusals(refused.map((row) => `${row.name}：${row.msg}`));
      else onClose();
    } catch {
      // the request client showed the refusal
    } finally {
      setBusy(false);
    }
  };
  const toggle = (index: number) => {
    const next = new Set(picks);
    if (next.has(index)) next.delete(index);
    else next.add(index);
    setPicks(next);
  };
  const allPicked = candidates.length > 0 && picks.size === candidates.length;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="field-source-title">
      <DialogTitle id="field-source-title">{t('title')}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1.5 }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={kind}
            aria-label={t('kind')}
            onChange={(_, value: Kind | null) => {
              if (!value) return;
              setKind(value);
              setParsed(null);
              setError('');
            }}
          >
            <ToggleButton value="sql">{t('sql')}</ToggleButton>
            <ToggleButton value="json">{t('json')}</ToggleButton>
          </ToggleButtonGroup>
          <Box sx={{ flex: 1 }} />
          <Button variant="contained" onClick={parse} disabled={busy}>
            {busy && !parsed ? t('parsing') : t('parse')}
          </Button>
        </Box>
        <TextField
          multiline
          fullWidth
          minRows={8}
          maxRows={16}
          value={text}
          placeholder={t(`${kind}_placeholder`)}
          onChange={(event) => setText(event.target.value)}
          error={Boolean(error)}
          slotProps={{ htmlInput: { 'aria-label': t(kind), spellCheck: false, 'data-testid': 'field-source-text' } }}
          sx={{ '& textarea': { fontFamily: 'monospace', fontSize: 13 } }}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="field-source-error">
            {error}
          </Alert>
        )}
        {busy && <LinearProgress sx={{ mt: 1 }} />}
        {parsed && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {candidates.length ? t('found', { smart_count: candidates.length }) : t('none')}
              {parsed.tables.length > 0 && ` · ${t('tables', { tables: parsed.tables.join('、') })}`}
            </Typography>
            {candidates.length > 0 && (
              <TableContainer sx={{ maxHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1 }}>
                <Table size="small" stickyHeader data-testid="field-candidates">
                  <TableHead>
                    <TableRow>
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={allPicked}
                          indeterminate={picks.size > 0 && !allPicked}
                          onChange={() => setPicks(allPicked ? new Set() : new Set(candidates.map((_, i) => i)))}
                          slotProps={{ input: { 'aria-label': t('select_all') } }}
                        />
                      </TableCell>
                      <TableCell>{t('col_name')}</TableCell>
                      <TableCell>{t('col_type')}</TableCell>
                      <TableCell>{t('col_description')}</TableCell>
                      <TableCell>{t('col_source')}</TableCell>
                      <TableCell align="right">{t('col_line')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {candidates.map((candidate, index) => (
                      <TableRow
                        key={`${candidate.table}.${candidate.path}.${candidate.name}.${candidate.line}`}
                        hover
                        data-candidate={candidate.name}
                      >
                        <TableCell padding="checkbox">
                          <Checkbox
                            checked={picks.has(index)}
                            onChange={() => toggle(index)}
                            slotProps={{ input: { 'aria-label': candidate.name } }}
                          />
                        </TableCell>
                        <TableCell sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                          {candidate.name}
                          {candidate.exists && (
                            <Chip size="small" label={t('exists')} sx={{ ml: 1 }} data-testid="candidate-exists" />
                          )}
                          {candidate.required && (
                            <Chip
                              size="small"
                              variant="outlined"
                              color="warning"
                              label={t('required')}
                              sx={{ ml: 1 }}
                            />
                          )}
                        </TableCell>
                        <TableCell sx={{ fontFamily: 'monospace' }}>
                          {shapeText(candidate)}
                          {candidate.enum.length > 0 && ` [${candidate.enum.map(String).join(', ')}]`}
                        </TableCell>
                        <TableCell>{candidate.description}</TableCell>
                        <TableCell sx={{ color: 'text.secondary', fontFamily: 'monospace' }}>
                          {candidate.table || candidate.path}
                        </TableCell>
                        <TableCell align="right">{candidate.line || ''}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </Box>
        )}
        {refusals.length > 0 && (
          <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="field-source-refused">
            {refusals.map((line) => (
              <div key={line}>{line}</div>
            ))}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
        <Button variant="contained" disabled={busy || picks.size === 0} onClick={add}>
          {t('add_selected', { smart_count: picks.size })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

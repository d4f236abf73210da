import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import {
  Box,
  Button,
  IconButton,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { PlanVariable } from '@pmbok/runner';
import { useTranslate } from 'react-admin';
import { SCENARIO_LIMITS } from './scenarioDraft';

const dense = { '& .MuiInputBase-input': { fontSize: 13, py: 0.5, fontFamily: 'monospace' } } as const;

/** A scenario's starting variables: name, value and whether reports mask it. */
export function VariablesTable({
  variables,
  readOnly,
  onChange,
}: {
  variables: PlanVariable[];
  readOnly: boolean;
  onChange(variables: PlanVariable[]): void;
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.tests.variables.${key}`);
  const edit = (index: number, patch: Partial<PlanVariable>) =>
    onChange(variables.map((v, at) => (at === index ? { ...v, ...patch } : v)));
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('hint')}
      </Typography>
      <Table
        size="small"
        data-testid="scenario-variables"
        sx={{ '& td, & th': { px: 1 }, '& th': { color: 'text.secondary', fontWeight: 500 } }}
      >
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: '32%' }}>{t('name')}</TableCell>
            <TableCell>{t('value')}</TableCell>
            <TableCell sx={{ width: 80 }} align="center">
              {t('secret')}
            </TableCell>
            <TableCell sx={{ width: 44 }} />
          </TableRow>
        </TableHead>
        <TableBody>
          {variables.length === 0 && (
            <TableRow>
              <TableCell colSpan={4} sx={{ color: 'text.secondary', textAlign: 'center', py: 2 }}>
                {t('empty')}
              </TableCell>
            </TableRow>
          )}
          {variables.map((variable, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id and are edited in place
            <TableRow key={index}>
              <TableCell>
                <TextField
                  variant="standard"
                  fullWidth
                  value={variable.name}
                  disabled={readOnly}
                  onChange={(event) => edit(index, { name: event.target.value })}
                  slotProps={{ htmlInput: { 'aria-label': `${t('name')} ${index + 1}`, spellCheck: false } }}
                  sx={dense}
                />
              </TableCell>
              <TableCell>
                <TextField
                  variant="standard"
                  fullWidth
                  type={variable.secret ? 'password' : 'text'}
                  value={variable.value}
                  disabled={readOnly}
                  onChange={(event) => edit(index, { value: event.target.value })}
                  slotProps={{
                    htmlInput: { 'aria-label': `${t('value')} ${index + 1}`, spellCheck: false, autoComplete: 'off' },
                  }}
                  sx={dense}
                />
              </TableCell>
              <TableCell align="center">
                <Switch
                  size="small"
                  checked={variable.secret === true}
                  disabled={readOnly}
                  onChange={(event) => edit(index, { secret: event.target.checked || undefined })}
                  slotProps={{ input: { 'aria-label': `${t('secret')} ${index + 1}` } }}
                />
              </TableCell>
              <TableCell>
                {!readOnly && (
                  <IconButton
                    size="small"
                    aria-label={translate('app.knowledge.tests.request.remove')}
                    onClick={() => onChange(variables.filter((_, at) => at !== index))}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {!readOnly && variables.length < SCENARIO_LIMITS.variables && (
        <Button
          size="small"
          startIcon={<AddIcon />}
          sx={{ mt: 1 }}
          onClick={() => onChange([...variables, { name: '', value: '' }])}
        >
          {t('add')}
        </Button>
      )}
    </Box>
  );
}

import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import {
  Box,
  Button,
  Checkbox,
  IconButton,
  MenuItem,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { FieldNameInput } from '../mock/FieldNameInput';
import { paramLinePatch } from '../mock/fieldSuggest';

/** One editable line: a parameter or a form field, as text. */
export interface ParamLine {
  name: string;
  type: string;
  required: boolean;
  example: string;
  description: string;
  enumText?: string;
  /** Path parameters follow the path: their names are edited there. */
  locked?: boolean;
  /** Set from a picked library field: written into the schema as `format` and `x-mock`. */
  format?: string;
  mockRule?: string;
}

interface Props {
  lines: ParamLine[];
  types: readonly string[];
  readOnly: boolean;
  showEnum?: boolean;
  /** A line whose name repeats or is empty: shown in red. */
  invalid?(line: ParamLine, index: number): boolean;
  onEdit(index: number, patch: Partial<ParamLine>): void;
  onRemove(index: number): void;
  onAdd?(): void;
  /** The add button's text; 添加参数 by default. */
  addLabel?: string;
  testId?: string;
}

const dense = { '& .MuiInputBase-input': { fontSize: 13, py: 0.5 } } as const;

/** The editable table of parameters (path, query, header, cookie) and of form fields. */
export const ParamTable = ({
  lines,
  types,
  readOnly,
  showEnum = true,
  invalid,
  onEdit,
  onRemove,
  onAdd,
  addLabel,
  testId,
}: Props) => {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.editor.params.${key}`);
  const text = (
    index: number,
    key: 'name' | 'example' | 'description' | 'enumText',
    value: string,
    label: string,
    error = false,
    disabled = false,
    placeholder = label,
  ) => (
    <TextField
      variant="standard"
      fullWidth
      value={value}
      placeholder={placeholder}
      error={error}
      disabled={readOnly || disabled}
      onChange={(event) => onEdit(index, { [key]: event.target.value })}
      slotProps={{ htmlInput: { 'aria-label': label, spellCheck: false } }}
      sx={key === 'name' ? { ...dense, '& input': { fontFamily: 'monospace', fontSize: 13 } } : dense}
    />
  );
  return (
    <>
      {/* a narrow pane scrolls the table sideways rather than squeezing its inputs to a few letters */}
      <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
        <Table
          size="small"
          data-testid={testId}
          sx={{ minWidth: showEnum ? 760 : 640, '& td, & th': { px: 1, whiteSpace: 'nowrap' } }}
        >
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '18%' }}>{t('name')}</TableCell>
              <TableCell sx={{ width: 110 }}>{t('type')}</TableCell>
              <TableCell sx={{ width: 56 }} align="center">
                {t('required')}
              </TableCell>
              <TableCell sx={{ width: '16%' }}>{t('example')}</TableCell>
              <TableCell>{t('description')}</TableCell>
              {showEnum && <TableCell sx={{ width: '14%' }}>{t('enum')}</TableCell>}
              <TableCell sx={{ width: 48 }} />
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.length === 0 && (
              <TableRow>
                <TableCell colSpan={7} sx={{ color: 'text.secondary', textAlign: 'center', py: 2 }}>
                  {t('none')}
                </TableCell>
              </TableRow>
            )}
            {lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id; a name being typed is no key either
              <TableRow key={index} hover>
                <TableCell>
                  {line.locked ? (
                    text(index, 'name', line.name, t('name'), invalid?.(line, index), line.locked)
                  ) : (
                    <FieldNameInput
                      value={line.name}
                      placeholder={t('name')}
                      disabled={readOnly}
                      error={invalid?.(line, index)}
                      onChange={(name) => onEdit(index, { name })}
                      onPick={(field) => onEdit(index, paramLinePatch(field, types))}
                      ariaLabel={t('name')}
                      sx={{ ...dense, '& input': { fontFamily: 'monospace', fontSize: 13 } }}
                    />
                  )}
                </TableCell>
                <TableCell>
                  <Select
                    variant="standard"
                    fullWidth
                    value={types.includes(line.type) ? line.type : ''}
                    disabled={readOnly}
                    onChange={(event) => onEdit(index, { type: event.target.value })}
                    inputProps={{ 'aria-label': t('type') }}
                    sx={{ fontSize: 13 }}
                  >
                    {types.map((type) => (
                      <MenuItem key={type} value={type} dense>
                        {type}
                      </MenuItem>
                    ))}
                  </Select>
                </TableCell>
                <TableCell align="center">
                  <Checkbox
                    size="small"
                    checked={line.required}
                    disabled={readOnly || line.locked}
                    onChange={(event) => onEdit(index, { required: event.target.checked })}
                    slotProps={{ input: { 'aria-label': t('required') } }}
                  />
                </TableCell>
                <TableCell>{text(index, 'example', line.example, t('example'))}</TableCell>
                <TableCell>{text(index, 'description', line.description, t('description'))}</TableCell>
                {showEnum && (
                  <TableCell>
                    {text(index, 'enumText', line.enumText ?? '', t('enum'), false, false, t('enum_hint'))}
                  </TableCell>
                )}
                <TableCell>
                  {!readOnly && !line.locked && (
                    <IconButton size="small" onClick={() => onRemove(index)} aria-label={t('delete')}>
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {onAdd && !readOnly && (
        <Button size="small" startIcon={<AddIcon />} onClick={onAdd} sx={{ mt: 1, alignSelf: 'flex-start' }}>
          {addLabel ?? t('add')}
        </Button>
      )}
    </>
  );
};

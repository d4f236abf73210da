import AddIcon from '@mui/icons-material/Add';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SubdirectoryArrowRightIcon from '@mui/icons-material/SubdirectoryArrowRight';
import {
  Autocomplete,
  Box,
  Checkbox,
  IconButton,
  MenuItem,
  Select,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { type RowType, SCHEMA_TYPES, type SchemaRow } from './schemaRows';

/** The grid every row and the header share: name, type, required, format or model, enum, description, actions. */
export const SCHEMA_GRID =
  'minmax(200px, 2.2fr) 132px 52px minmax(110px, 1fr) minmax(110px, 1fr) minmax(140px, 2fr) 96px';

const FORMATS = [
  'date',
  'date-time',
  'time',
  'email',
  'uri',
  'uuid',
  'int32',
  'int64',
  'float',
  'double',
  'binary',
  'byte',
  'password',
];

export interface RowActions {
  edit(id: string, patch: Partial<SchemaRow>): void;
  addChild(id: string): void;
  addSibling(id: string): void;
  remove(id: string): void;
  toggle(id: string): void;
}

interface Props {
  row: SchemaRow;
  depth: number;
  path: string;
  collapsed: Set<string>;
  readOnly: boolean;
  models: string[];
  actions: RowActions;
}

const small = { '& .MuiInputBase-input': { fontSize: 13, py: 0.5 } } as const;

/** One row of the schema tree and, unless collapsed, its properties and items below it. */
export const SchemaRowView = ({ row, depth, path, collapsed, readOnly, models, actions }: Props) => {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.editor.schema.${key}`);
  const children = row.type === 'object' || row.type === 'any' ? row.children : [];
  const items = row.type === 'array' || row.type === 'any' ? row.items : undefined;
  const hasNested = children.length > 0 || items !== undefined;
  const open = !collapsed.has(row.id);
  const canHoldChildren = row.type === 'object' || row.type === 'array' || row.type === 'any';
  const typeLabel = (type: RowType) => (type === 'ref' ? t('type_ref') : type === 'any' ? t('type_any') : type);

  return (
    <>
      <Box
        data-schema-row={path || '$'}
        sx={{
          display: 'grid',
          gridTemplateColumns: SCHEMA_GRID,
          gap: 1,
          alignItems: 'center',
          px: 1,
          minHeight: 36,
          borderBottom: 1,
          borderColor: 'divider',
          '&:hover': { bgcolor: 'action.hover' },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', pl: depth * 2.25, minWidth: 0 }}>
          {hasNested ? (
            <IconButton
              size="small"
              onClick={() => actions.toggle(row.id)}
              aria-label={t(open ? 'collapse' : 'expand')}
            >
              {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
            </IconButton>
          ) : (
            <Box sx={{ width: 28, flexShrink: 0 }} />
          )}
          {row.role === 'property' ? (
            <TextField
              variant="standard"
              fullWidth
              value={row.name}
              placeholder={t('name')}
              disabled={readOnly}
              error={row.name.trim() === ''}
              onChange={(event) => actions.edit(row.id, { name: event.target.value })}
              slotProps={{ htmlInput: { 'aria-label': t('name'), spellCheck: false } }}
              sx={{ ...small, '& input': { fontFamily: 'monospace', fontSize: 13 } }}
            />
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
              {row.role === 'root' ? t('root') : 'items'}
            </Typography>
          )}
        </Box>
        <Select
          variant="standard"
          size="small"
          value={row.type}
          disabled={readOnly}
          onChange={(event) => actions.edit(row.id, { type: event.target.value as RowType })}
          inputProps={{ 'aria-label': t('type') }}
          sx={{ fontSize: 13, color: row.type === 'ref' ? 'secondary.main' : 'primary.main' }}
        >
          {[...SCHEMA_TYPES, 'ref' as const, ...(row.type === 'any' ? ['any' as const] : [])].map((type) => (
            <MenuItem key={type} value={type} dense>
              {typeLabel(type)}
            </MenuItem>
          ))}
        </Select>
        <Box sx={{ textAlign: 'center' }}>
          {row.role === 'property' && (
            <Checkbox
              size="small"
              checked={row.required}
              disabled={readOnly}
              onChange={(event) => actions.edit(row.id, { required: event.target.checked })}
              slotProps={{ input: { 'aria-label': t('required') } }}
            />
          )}
        </Box>
        {row.type === 'ref' ? (
          <Autocomplete
            freeSolo
            size="small"
            options={models}
            value={row.ref}
            disabled={readOnly}
            onInputChange={(_event, value) => actions.edit(row.id, { ref: value })}
            renderInput={(params) => (
              <TextField
                {...params}
                variant="standard"
                placeholder={t('model')}
                error={row.ref.trim() === ''}
                sx={small}
                slotProps={{ htmlInput: { ...params.inputProps, 'aria-label': t('model') } }}
              />
            )}
          />
        ) : (
          <Autocomplete
            freeSolo
            size="small"
            options={FORMATS}
            value={row.format}
            disabled={readOnly || row.type === 'object' || row.type === 'null'}
            onInputChange={(_event, value) => actions.edit(row.id, { format: value })}
            renderInput={(params) => (
              <TextField
                {...params}
                variant="standard"
                placeholder={t('format')}
                sx={small}
                slotProps={{ htmlInput: { ...params.inputProps, 'aria-label': t('format') } }}
              />
            )}
          />
        )}
        <TextField
          variant="standard"
          value={row.enumText}
          placeholder={t('enum')}
          disabled={readOnly || row.type === 'object' || row.type === 'array' || row.type === 'ref'}
          onChange={(event) => actions.edit(row.id, { enumText: event.target.value })}
          slotProps={{ htmlInput: { 'aria-label': t('enum') } }}
          sx={small}
        />
        <TextField
          variant="standard"
          value={row.description}
          placeholder={t('description')}
          disabled={readOnly}
          onChange={(event) => actions.edit(row.id, { description: event.target.value })}
          slotProps={{ htmlInput: { 'aria-label': t('description') } }}
          sx={small}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          {!readOnly && canHoldChildren && (
            <Tooltip title={t('add_child')}>
              <IconButton size="small" onClick={() => actions.addChild(row.id)} aria-label={t('add_child')}>
                <SubdirectoryArrowRightIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {!readOnly && row.role === 'property' && (
            <>
              <Tooltip title={t('add_sibling')}>
                <IconButton size="small" onClick={() => actions.addSibling(row.id)} aria-label={t('add_sibling')}>
                  <AddIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('delete')}>
                <IconButton size="small" onClick={() => actions.remove(row.id)} aria-label={t('delete')}>
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </>
          )}
        </Box>
      </Box>
      {open &&
        children.map((child) => (
          <SchemaRowView
            key={child.id}
            row={child}
            depth={depth + 1}
            path={path ? `${path}.${child.name}` : child.name}
            collapsed={collapsed}
            readOnly={readOnly}
            models={models}
            actions={actions}
          />
        ))}
      {open && items && (
        <SchemaRowView
          row={items}
          depth={depth + 1}
          path={`${path}[]`}
          collapsed={collapsed}
          readOnly={readOnly}
          models={models}
          actions={actions}
        />
      )}
    </>
  );
};

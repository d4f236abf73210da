import AddIcon from '@mui/icons-material/Add';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SubdirectoryArrowRightIcon from '@mui/icons-material/SubdirectoryArrowRight';
import TuneIcon from '@mui/icons-material/Tune';
import { Box, Checkbox, IconButton, MenuItem, Select, TextField, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { FieldNameInput } from '../mock/FieldNameInput';
import { schemaRowPatch } from '../mock/fieldSuggest';
import { SchemaRowDetail, small } from './SchemaRowDetail';
import { type RowType, SCHEMA_TYPES, type SchemaRow } from './schemaRows';

/**
 * The grid every row and the header share: name, type, required, description, actions. Format, model and enum
 * sit in a row's detail line below it, so the grid fits a 470 px pane with little sideways scrolling.
 */
export const SCHEMA_GRID = 'minmax(150px, 2fr) 100px 40px minmax(130px, 3fr) 124px';
/** The grid's narrowest width: below it the box scrolls sideways with name and actions staying in sight. */
export const SCHEMA_GRID_MIN = 150 + 100 + 40 + 130 + 124;

/**
 * The name and actions cells stay put while the rest scrolls sideways; they take the row's (opaque) background so
 * the scrolled cells pass under them. No grid gap: a gap would show the scrolled cells beside a sticky one.
 */
export const stickyCell = (side: 'left' | 'right') =>
  ({
    position: 'sticky',
    [side]: 0,
    zIndex: 1,
    bgcolor: 'inherit',
    alignSelf: 'stretch',
    display: 'flex',
    alignItems: 'center',
    // After the border: `borderRight: 1` is a whole border shorthand that would reset the colour.
    ...(side === 'left' ? { borderRight: 1 } : { borderLeft: 1, justifyContent: 'flex-end' }),
    borderColor: 'divider',
  }) as const;

/** A row's opaque background, lighter on hover, that its sticky cells inherit. */
export const rowBackground = {
  bgcolor: 'background.paper',
  '&:hover': {
    bgcolor: (theme: { palette: { mode: string } }) => (theme.palette.mode === 'dark' ? '#2a2a2a' : '#f7f7f7'),
  },
} as const;

export interface RowActions {
  edit(id: string, patch: Partial<SchemaRow>): void;
  addChild(id: string): void;
  addSibling(id: string): void;
  remove(id: string): void;
  toggle(id: string): void;
  toggleDetail(id: string): void;
}

interface Props {
  row: SchemaRow;
  depth: number;
  path: string;
  collapsed: Set<string>;
  /** Rows whose detail line (format or model, enum) is open; a `$ref` row's always is. */
  details: Set<string>;
  readOnly: boolean;
  models: string[];
  actions: RowActions;
}

const slot = { width: 28, flexShrink: 0 } as const;

/** One row of the schema tree and, unless collapsed, its properties and items below it. */
export const SchemaRowView = ({ row, depth, path, collapsed, details, readOnly, models, actions }: Props) => {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.editor.schema.${key}`);
  const children = row.type === 'object' || row.type === 'any' ? row.children : [];
  const items = row.type === 'array' || row.type === 'any' ? row.items : undefined;
  const hasNested = children.length > 0 || items !== undefined;
  const open = !collapsed.has(row.id);
  const canHoldChildren = row.type === 'object' || row.type === 'array' || row.type === 'any';
  const detailOpen = row.type === 'ref' || details.has(row.id);
  const hasDetail = row.format !== '' || row.enumText !== '';
  const typeLabel = (type: RowType) => (type === 'ref' ? t('type_ref') : type === 'any' ? t('type_any') : type);

  return (
    <>
      <Box data-schema-row={path || '$'} sx={{ ...rowBackground, borderBottom: 1, borderColor: 'divider' }}>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: SCHEMA_GRID,
            alignItems: 'center',
            minHeight: 36,
            bgcolor: 'inherit',
            '& > *': { px: 0.5 },
          }}
        >
          <Box sx={{ ...stickyCell('left'), minWidth: 0 }}>
            <Box sx={{ flexShrink: 0, width: `${depth * 18}px` }} />
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
              <FieldNameInput
                value={row.name}
                placeholder={t('name')}
                disabled={readOnly}
                error={row.name.trim() === ''}
                onChange={(name) => actions.edit(row.id, { name })}
                onPick={(field) => actions.edit(row.id, schemaRowPatch(field, row.source))}
                ariaLabel={t('name')}
                sx={{ ...small, minWidth: 60, '& input': { fontFamily: 'monospace', fontSize: 13 } }}
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
                // A click must not focus the box: Chromium scrolls the sideways box to a focused input, hiding
                // the name column. The keyboard still reaches it by Tab.
                onMouseDown={(event) => event.preventDefault()}
                onChange={(event) => actions.edit(row.id, { required: event.target.checked })}
                slotProps={{ input: { 'aria-label': t('required') } }}
                sx={{ p: 0.5 }}
              />
            )}
          </Box>
          <TextField
            variant="standard"
            value={row.description}
            placeholder={t('description')}
            disabled={readOnly}
            onChange={(event) => actions.edit(row.id, { description: event.target.value })}
            slotProps={{ htmlInput: { 'aria-label': t('description') } }}
            sx={small}
          />
          {/* Fixed slots, a gap where a row lacks an action, so each action lines up down the column. */}
          <Box sx={stickyCell('right')}>
            {row.type !== 'ref' && (!readOnly || hasDetail) ? (
              <Tooltip title={t('detail')}>
                <IconButton
                  size="small"
                  onClick={() => actions.toggleDetail(row.id)}
                  aria-label={t('detail')}
                  aria-expanded={detailOpen}
                  color={hasDetail ? 'primary' : 'default'}
                >
                  <TuneIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            ) : (
              !readOnly && <Box sx={slot} />
            )}
            {!readOnly &&
              (canHoldChildren ? (
                <Tooltip title={t('add_child')}>
                  <IconButton size="small" onClick={() => actions.addChild(row.id)} aria-label={t('add_child')}>
                    <SubdirectoryArrowRightIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              ) : (
                <Box sx={slot} />
              ))}
            {!readOnly &&
              (row.role === 'property' ? (
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
              ) : (
                <Box sx={{ width: 56, flexShrink: 0 }} />
              ))}
          </Box>
        </Box>
        {detailOpen && (
          <SchemaRowDetail row={row} depth={depth} readOnly={readOnly} models={models} edit={actions.edit} />
        )}
      </Box>
      {open &&
        children.map((child) => (
          <SchemaRowView
            key={child.id}
            row={child}
            depth={depth + 1}
            path={path ? `${path}.${child.name}` : child.name}
            collapsed={collapsed}
            details={details}
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
          details={details}
          readOnly={readOnly}
          models={models}
          actions={actions}
        />
      )}
    </>
  );
};

import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Fragment, type Key, type ReactNode } from 'react';

/** One column of an editable table: its head and each row's cell. */
export interface RowColumn<T> {
  /** None for a column of switches or buttons. */
  head?: ReactNode;
  width?: number | string;
  align?: 'center';
  /** A cell holding only a checkbox, with MUI's narrow checkbox padding. */
  checkbox?: boolean;
  cell(row: T, index: number): ReactNode;
}

interface Props<T> {
  rows: readonly T[];
  /** `false` leaves a column out (a column only some tables of a kind have). The rows alone say what T is. */
  columns: readonly (RowColumn<NoInfer<T>> | false)[];
  readOnly: boolean;
  /** What the table says while it has no row. */
  empty: ReactNode;
  /** A line above the table on what the rows are for. */
  hint?: ReactNode;
  /** Adds a row; absent while no row may be added (none shown read-only either). */
  onAdd?: () => void;
  addLabel?: ReactNode;
  /** By default the row's index: rows without an id are edited in place. */
  rowKey?(row: NoInfer<T>, index: number): Key;
  /** A row's data attributes, for tests and styles. */
  rowData?(row: NoInfer<T>, index: number): Record<`data-${string}`, string | undefined>;
  hover?: boolean;
  testId?: string;
  label?: string;
  minWidth?: number;
  /** Heads in the text's colour (the API document editor's tables) instead of the tests' muted heads. */
  plainHead?: boolean;
  /** Cells on one line each. */
  nowrap?: boolean;
  /** The empty row's vertical padding. */
  emptyPadding?: number;
  /** Put after the table in its scrolling box (a hidden file input). */
  children?: ReactNode;
}

/**
 * The tables of name/value-like rows in the editors: a head, a row each with its cells, a line when there is none
 * and an add button under it. The cells are the caller's; RowCells has the common ones.
 */
export function EditableRows<T>({
  rows,
  columns,
  readOnly,
  empty,
  hint,
  onAdd,
  addLabel,
  rowKey,
  rowData,
  hover = true,
  testId,
  label,
  minWidth,
  plainHead,
  nowrap,
  emptyPadding = 2,
  children,
}: Props<T>) {
  const shown = columns.filter((column): column is RowColumn<T> => column !== false);
  const Wrapper = hint ? Box : Fragment;
  return (
    <Wrapper>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {hint}
        </Typography>
      )}
      {/* a narrow pane scrolls the table sideways rather than squeezing its inputs to a few letters */}
      <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
        <Table
          size="small"
          aria-label={label}
          data-testid={testId}
          sx={{
            minWidth,
            '& td, & th': nowrap ? { px: 1, whiteSpace: 'nowrap' } : { px: 1 },
            ...(plainHead ? {} : { '& th': { color: 'text.secondary', fontWeight: 500 } }),
          }}
        >
          <TableHead>
            <TableRow>
              {shown.map((column, at) => (
                <TableCell
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a table's life
                  key={at}
                  sx={column.width === undefined ? undefined : { width: column.width }}
                  align={column.align}
                >
                  {column.head}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell
                  colSpan={shown.length}
                  sx={{ color: 'text.secondary', textAlign: 'center', py: emptyPadding }}
                >
                  {empty}
                </TableCell>
              </TableRow>
            )}
            {rows.map((row, index) => (
              <TableRow key={rowKey ? rowKey(row, index) : index} hover={hover} {...rowData?.(row, index)}>
                {shown.map((column, at) => (
                  <TableCell
                    // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a table's life
                    key={at}
                    align={column.align}
                    padding={column.checkbox ? 'checkbox' : undefined}
                  >
                    {column.cell(row, index)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {children}
      </Box>
      {onAdd && !readOnly && (
        <Button size="small" startIcon={<AddIcon />} onClick={onAdd} sx={{ mt: 1, alignSelf: 'flex-start' }}>
          {addLabel}
        </Button>
      )}
    </Wrapper>
  );
}

/**
 * Edits of a list of rows kept by the caller: one row patched, removed or added. A patch past the last row adds
 * `blank()` patched (Postman's blank last row, typed into).
 */
export function rowEdits<T extends object>(rows: readonly T[], onChange: (rows: T[]) => void, blank?: () => T) {
  return {
    edit(index: number, patch: Partial<T>) {
      if (blank && index >= rows.length) onChange([...rows, { ...blank(), ...patch }]);
      else onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
    },
    remove: (index: number) => onChange(rows.filter((_, at) => at !== index)),
    add: (row: T) => onChange([...rows, row]),
  };
}

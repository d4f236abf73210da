import { TableCell, TableHead, TableRow } from '@mui/material';
import { createContext, type ReactNode, useContext } from 'react';
import {
  DataTableClasses,
  SelectPageCheckbox,
  useDataTableCallbacksContext,
  useDataTableConfigContext,
  useTranslate,
} from 'react-admin';
import type { GroupCell } from './fields';

export interface GroupHeader {
  rows: GroupCell[][];
  /** Columns after the data columns (the operation column). */
  trailing: number;
}

export const GroupHeaderContext = createContext<GroupHeader>({ rows: [], trailing: 0 });

/**
 * DataTable's head with the rows of column groups above its row of column labels (react-admin has one header row).
 * Cells outside the groups span the group rows.
 */
export const GroupedHead = ({ children }: { children?: ReactNode }) => {
  const translate = useTranslate();
  const { rows, trailing } = useContext(GroupHeaderContext);
  const { hasBulkActions } = useDataTableConfigContext();
  const { handleToggleItem } = useDataTableCallbacksContext();
  const withCheckbox = Boolean(hasBulkActions && handleToggleItem);
  const spacer = (key: string) => <TableCell key={key} rowSpan={rows.length} variant="head" className="group-spacer" />;
  return (
    <TableHead className={DataTableClasses.thead}>
      {rows.map((row, level) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a header row is its level
        <TableRow key={level} className="group-row">
          {level === 0 && withCheckbox && spacer('checkbox')}
          {row.map((cell) => (
            <TableCell
              key={cell.key}
              variant="head"
              align="center"
              colSpan={cell.colSpan}
              rowSpan={cell.rowSpan}
              className={cell.label ? 'group-cell' : 'group-spacer'}
            >
              {cell.label ? translate(cell.label) : null}
            </TableCell>
          ))}
          {level === 0 && Array.from({ length: trailing }, (_, index) => spacer(`trailing-${index}`))}
        </TableRow>
      ))}
      <TableRow className={`${DataTableClasses.row} ${DataTableClasses.headerRow}`}>
        {withCheckbox && (
          <TableCell padding="checkbox" variant="head" className={DataTableClasses.headerCell}>
            <SelectPageCheckbox />
          </TableCell>
        )}
        {children}
      </TableRow>
    </TableHead>
  );
};

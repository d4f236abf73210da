import { useMemo } from 'react';
import { DataTable } from 'react-admin';
import { type ColumnNode, type FieldDefinition, groupRows, leavesOf } from './fields';
import { GroupedHead, GroupHeaderContext } from './GroupedHead';
import { OperationHeader } from './ListButtonsMenu';
import { ListCell } from './ListCell';
import type { ListActions, ListButton, RowButton } from './listOptions';
import { RowButtons } from './RowButtons';
import type { RegionNames } from './regionNames';

interface ListTableProps {
  fields: FieldDefinition<never>[];
  tree: ColumnNode<never>[];
  regionNames?: RegionNames;
  rowButtons: RowButton[];
  listButtons: ListButton[];
  actions: ListActions;
}

const border = '1px solid';

/** The striped, bordered table (SPEC §2.5): grouped headers, selectable rows when a field is of type selection. */
export const ListTable = ({ fields, tree, regionNames, rowButtons, listButtons, actions }: ListTableProps) => {
  const leaves = leavesOf(tree);
  const selectable = fields.some((field) => field.type === 'selection');
  const operation = rowButtons.length > 0 || listButtons.length > 0;
  const header = useMemo(() => ({ rows: groupRows(tree), trailing: operation ? 1 : 0 }), [tree, operation]);
  return (
    <GroupHeaderContext.Provider value={header}>
      <DataTable
        head={GroupedHead}
        rowClick={false}
        bulkActionButtons={selectable ? <span /> : false}
        size="small"
        sx={{
          '& .MuiTableCell-root': { border, borderColor: 'divider' },
          // a spacer and the label under it read as one cell
          '& .group-spacer': { borderBottom: 'none' },
          '& .RaDataTable-headerRow .MuiTableCell-root': { borderTop: 'none' },
          '& .RaDataTable-headerCell, & .group-cell': { bgcolor: 'action.hover', fontWeight: 600 },
          '& tbody tr:nth-of-type(even)': { bgcolor: 'action.hover' },
          '& .RaDataTable-table': { borderCollapse: 'collapse' },
          // the selection bar sits above the table instead of covering the search and the buttons
          '& .RaBulkActionsToolbar-toolbar.RaBulkActionsToolbar-toolbar': { position: 'static', transform: 'none' },
        }}
      >
        {leaves.map((leaf) => (
          <DataTable.Col
            key={leaf.key}
            label={leaf.label}
            source={leaf.definition.sortable ? leaf.definition.field : undefined}
            disableSort={!leaf.definition.sortable}
            align={leaf.align}
            sx={leaf.definition.width ? { width: leaf.definition.width, minWidth: leaf.definition.width } : undefined}
          >
            <ListCell column={leaf} regionNames={regionNames} />
          </DataTable.Col>
        ))}
        {operation && (
          <DataTable.Col label={<OperationHeader buttons={listButtons} actions={actions} />} align="center">
            <RowButtons buttons={rowButtons} actions={actions} />
          </DataTable.Col>
        )}
      </DataTable>
    </GroupHeaderContext.Provider>
  );
};

import { Box, Paper } from '@mui/material';
import { useMemo, useState } from 'react';
import {
  type FilterPayload,
  ListBase,
  type RaRecord,
  useDataProvider,
  useListContext,
  useNotify,
  useRefresh,
  useStore,
  useTranslate,
} from 'react-admin';
import { ExportDialog, type ExportFormat } from './ExportDialog';
import { FieldListDrawer } from './FieldListDrawer';
import { FormDialog } from './FormDialog';
import {
  columnTree,
  type FieldDefinition,
  flatFields,
  formFields,
  leavesOf,
  searchFields,
  visibleTree,
} from './fields';
import { ImportDialog } from './ImportDialog';
import { DEFAULT_PAGE_SIZE, ListPager } from './ListPager';
import { ListTable } from './ListTable';
import { ListToolbar } from './ListToolbar';
import type { ListActions, TableOptions } from './listOptions';
import { useRegionNames } from './regionNames';
import { InlineSearch, SearchDrawer } from './SearchArea';

export interface GenericListProps<R extends RaRecord> {
  resource: string;
  fields: FieldDefinition<R>[];
  options?: TableOptions<R>;
  filter?: FilterPayload;
}

/** SPEC §2.5 generic list screen on react-admin's ListBase and DataTable. */
export const GenericList = <R extends RaRecord>({ resource, fields, options = {}, filter }: GenericListProps<R>) => (
  <ListBase
    resource={resource}
    perPage={DEFAULT_PAGE_SIZE}
    sort={options.sort ?? { field: '', order: 'ASC' }}
    filter={filter}
    disableSyncWithLocation
  >
    <ListScreen fields={fields as FieldDefinition<never>[]} options={options as unknown as TableOptions} />
  </ListBase>
);

type Dialog =
  | { kind: 'form'; index: number; record?: RaRecord }
  | { kind: 'import' }
  | { kind: 'export'; format: ExportFormat }
  | { kind: 'fieldList' }
  | { kind: 'search' };

const ListScreen = ({ fields, options }: { fields: FieldDefinition<never>[]; options: TableOptions }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider();
  const { resource, selectedIds } = useListContext();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [hidden, setHidden] = useStore<string[]>(`${resource}.list.hiddenColumns`, []);
  const regionLabels = useMemo(
    () => ({
      province: 'app.list.region.province',
      city: 'app.list.region.city',
      district: 'app.list.region.district',
    }),
    [],
  );
  const tree = useMemo(() => columnTree(fields, regionLabels), [fields, regionLabels]);
  const shown = useMemo(() => visibleTree(tree, new Set(hidden)), [tree, hidden]);
  const regionNames = useRegionNames(leavesOf(tree).some((leaf) => leaf.regionPart));
  const searches = useMemo(() => searchFields(fields), [fields]);
  const drawerSearch = options.style === 'drawer';
  const close = () => setDialog(null);

  const actions: ListActions = {
    openForm: (index, record) => setDialog({ kind: 'form', index, record }),
    refresh,
    selectedIds,
  };
  const submit = async (values: Record<string, unknown>, index: number, record?: RaRecord) => {
    if (options.submit) await options.submit(values, index, record);
    else if (index === -1) await dataProvider.create(resource, { data: values });
    else if (record) await dataProvider.update(resource, { id: record.id, data: values, previousData: record });
    notify('app.list.saved', { type: 'success' });
    refresh();
  };

  return (
    <Box sx={{ px: { xs: 0, md: 1 }, py: 1 }}>
      <ListToolbar
        search={drawerSearch ? undefined : <InlineSearch fields={searches} />}
        onSearchDrawer={drawerSearch && searches.length ? () => setDialog({ kind: 'search' }) : undefined}
        onFieldList={() => setDialog({ kind: 'fieldList' })}
        onImport={options.importRow ? () => setDialog({ kind: 'import' }) : undefined}
        onExport={options.exportName ? (format) => setDialog({ kind: 'export', format }) : undefined}
      />
      <Paper variant="outlined">
        <ListTable
          fields={fields}
          tree={shown}
          regionNames={regionNames}
          rowButtons={options.rowBtnList ?? []}
          listButtons={options.btnList ?? []}
          actions={actions}
        />
      </Paper>
      <ListPager />
      {drawerSearch && <SearchDrawer fields={searches} open={dialog?.kind === 'search'} onClose={close} />}
      {dialog?.kind === 'fieldList' && (
        <FieldListDrawer tree={tree} hidden={hidden} open onClose={close} onApply={setHidden} />
      )}
      {dialog?.kind === 'form' && (
        <FormDialog
          fields={formFields(fields)}
          index={dialog.index}
          record={dialog.record}
          title={options.formTitle}
          uploadAction={options.uploadAction}
          uploadRequest={options.uploadRequest}
          onSubmit={(values, index) => submit(values, index, dialog.record)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'import' && options.importRow && (
        <ImportDialog
          fields={flatFields(fields).filter((field) => field.type !== 'selection' && field.type !== 'index')}
          importRow={options.importRow}
          onClose={close}
          onImported={refresh}
        />
      )}
      {dialog?.kind === 'export' && options.exportName && (
        <ExportDialog
          format={dialog.format}
          tree={shown}
          name={translate(options.exportName)}
          regionNames={regionNames}
          onClose={close}
        />
      )}
    </Box>
  );
};

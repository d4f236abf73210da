import AddIcon from '@mui/icons-material/Add';
import DataObjectIcon from '@mui/icons-material/DataObject';
import { Box, Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DataProviderContext, useNotify, useTranslate } from 'react-admin';
import { FormDialog } from '../../list/FormDialog';
import { formFields } from '../../list/fields';
import { GenericList } from '../../list/GenericList';
import type { ImportResult, TableOptions } from '../../list/listOptions';
import FieldSourceDialog from './FieldSourceDialog';
import { fieldColumns } from './fieldColumns';
import { FieldInputError, type FieldRow, inputOf } from './fieldModel';
import { deleteDataFields, type Library, saveDataField } from './fieldsApi';
import { fieldsProvider } from './fieldsProvider';

const t = (key: string) => `app.knowledge.field.${key}`;

/**
 * One library on the generic list (SPEC §2.5): search by keyword and type, the form dialog to create and edit, import
 * and export, and the SQL / JSON dialog. Readers get the list and the export only; inherited team fields are read
 * only in a project's library.
 */
export default function FieldLibrary({ library, canWrite }: { library: Library; canWrite: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'create' | 'source' | null>(null);
  const resource = `knowledgeFields.${library.scope}`;
  const provider = useMemo(() => fieldsProvider(library), [library]);
  const fields = useMemo(() => fieldColumns(library.scope), [library.scope]);
  // the error as the user reads it: a typed JSON value names the input it came from
  const readable = (error: unknown) =>
    error instanceof FieldInputError
      ? new Error(translate(t(error.key), { ...error.args, field: translate(String(error.args.field ?? '')) }))
      : error;
  const labels = { example: t('col.example') };

  const save = async (values: Record<string, unknown>, dataFieldId?: number) => {
    try {
      await saveDataField(library, inputOf(values, labels, dataFieldId));
    } catch (error) {
      throw readable(error);
    }
  };
  const importRow = async (values: Record<string, string>): Promise<ImportResult> => {
    try {
      await save(values);
      return { status: 'success', msg: t('imported_added') };
    } catch (error) {
      return { status: 'error', msg: (readable(error) as Error).message };
    }
  };
  const writable = (row: FieldRow) => canWrite && !row.inherited;
  const refresh = () => queryClient.invalidateQueries({ queryKey: [resource] });

  const options: TableOptions<FieldRow> = {
    rowBtnList: canWrite
      ? [
          { name: t('edit'), visible: writable, function: (row, index, actions) => actions.openForm(index, row) },
          {
            name: t('delete'),
            color: 'error',
            visible: writable,
            confirm: (row) => ({
              title: t('delete_title'),
              content: t('delete_content'),
              translateOptions: { name: row.name },
            }),
            function: (row) => deleteDataFields(library, [row.dataFieldId]),
          },
        ]
      : [],
    submit: (values, index, record) => save(values, index === -1 ? undefined : record?.dataFieldId),
    importRow: canWrite ? importRow : undefined,
    exportName: t(library.scope === 'team' ? 'export_team' : 'export_project'),
  };

  return (
    <DataProviderContext.Provider value={provider}>
      {/* the table scrolls sideways inside the page: its columns would otherwise widen the whole layout */}
      <Box
        data-testid={`field-library-${library.scope}`}
        sx={{ contain: 'inline-size', '& .MuiPaper-outlined': { overflowX: 'auto' } }}
      >
        {/* above the list rather than in its operation column, which an empty list does not show */}
        {canWrite && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, px: 1 }}>
            <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setDialog('create')}>
              {translate(t('add'))}
            </Button>
            <Button variant="outlined" size="small" startIcon={<DataObjectIcon />} onClick={() => setDialog('source')}>
              {translate(t('source.open'))}
            </Button>
          </Box>
        )}
        <GenericList
          resource={resource}
          fields={fields}
          options={options}
          // one cache entry per library: the provider ignores it
          filter={{ library: `${library.scope}-${library.projectId}-${library.teamId}` }}
        />
      </Box>
      {dialog === 'create' && (
        <FormDialog
          fields={formFields(fields) as never[]}
          index={-1}
          onSubmit={async (values) => {
            await save(values);
            notify('app.list.saved', { type: 'success' });
            await refresh();
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'source' && <FieldSourceDialog library={library} onClose={() => setDialog(null)} onAdded={refresh} />}
    </DataProviderContext.Provider>
  );
}

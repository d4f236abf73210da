import { Box, Chip, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { FieldDefinition } from '../../list/fields';
import { FIELD_TYPES, type FieldRow } from './fieldModel';

const t = (key: string) => `app.knowledge.field.${key}`;
const typeOptions = FIELD_TYPES.map((type) => ({ value: type, label: type }));

/** The name, with a 团队 chip on a team field listed in a project's library (read only there). */
const NameCell = (row: FieldRow) => {
  const translate = useTranslate();
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontFamily: 'monospace', fontWeight: 600 }}
      data-field-name={row.name}
    >
      {row.name}
      {row.inherited && (
        <Tooltip title={translate(t('inherited_hint'))}>
          <Chip
            size="small"
            label={translate(t('inherited'))}
            color="info"
            variant="outlined"
            data-testid="inherited"
          />
        </Tooltip>
      )}
    </Box>
  );
};

const clip = { maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
const Clipped = ({ value }: { value: string }) => (
  <Box sx={clip} title={value}>
    {value}
  </Box>
);

/**
 * The columns, form inputs and searches of a library on the generic list. The JSON values are edited, exported and
 * imported as texts (`aliasesText`, `exampleText`, `enumText`); `uses` only means something in a project's library.
 */
export function fieldColumns(scope: 'project' | 'team'): FieldDefinition<FieldRow>[] {
  return [
    { name: 'app.list.index', field: 'index', type: 'index', width: 56 },
    {
      name: t('col.name'),
      field: 'name',
      align: 'left',
      width: 180,
      bolShowFormItem: true,
      required: true,
      render: (row) => <NameCell {...row} />,
    },
    { name: t('hint.aliases'), field: 'aliasesText', align: 'left', bolShowColumn: false, bolShowFormItem: true },
    { name: t('col.aliases'), field: 'aliasesText', align: 'left', width: 110 },
    { name: t('col.type'), field: 'type', width: 90, options: typeOptions },
    // not required: a field typed by nobody (a form left alone, a sheet without the column) is a string
    { name: t('hint.type'), field: 'type', bolShowColumn: false, bolShowFormItem: true, options: typeOptions },
    { name: t('col.format'), field: 'format', width: 100, bolShowFormItem: true },
    {
      name: t('col.description'),
      field: 'description',
      align: 'left',
      width: 200,
      bolShowFormItem: true,
      formType: 'textarea',
    },
    {
      name: t('hint.example'),
      field: 'exampleText',
      bolShowColumn: false,
      bolShowFormItem: true,
      formType: 'textarea',
    },
    {
      name: t('col.example'),
      field: 'exampleText',
      align: 'left',
      render: (row) => <Clipped value={row.exampleText} />,
    },
    { name: t('hint.enum'), field: 'enumText', bolShowColumn: false, bolShowFormItem: true },
    { name: t('col.enum'), field: 'enumText', align: 'left', render: (row) => <Clipped value={row.enumText} /> },
    { name: t('col.mock_rule'), field: 'mockRule', align: 'left', bolShowFormItem: true },
    ...(scope === 'project' ? [{ name: t('col.uses'), field: 'uses', width: 72 }] : []),
    { name: t('col.update_time'), field: 'updateTime', type: 'datetime', width: 160 },
    { name: t('col.keyword'), field: 'keyword', bolShowColumn: false, bolShowSearch: true },
    { name: t('col.type'), field: 'type', bolShowColumn: false, bolShowSearch: true, options: typeOptions },
  ];
}

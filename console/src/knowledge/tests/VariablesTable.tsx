import { Switch } from '@mui/material';
import type { PlanVariable } from '@pmbok/runner';
import { useTranslate } from 'react-admin';
import { EditableRows, rowEdits } from '../editor/EditableRows';
import { CellText, removeColumn } from '../editor/RowCells';
import { SCENARIO_LIMITS } from './scenarioDraft';

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
  const { edit, remove, add } = rowEdits(variables, onChange);
  return (
    <EditableRows
      rows={variables}
      readOnly={readOnly}
      hint={t('hint')}
      empty={t('empty')}
      testId="scenario-variables"
      hover={false}
      onAdd={variables.length < SCENARIO_LIMITS.variables ? () => add({ name: '', value: '' }) : undefined}
      addLabel={t('add')}
      columns={[
        {
          head: t('name'),
          width: '32%',
          cell: (variable, index) => (
            <CellText
              mono
              value={variable.name}
              label={`${t('name')} ${index + 1}`}
              disabled={readOnly}
              onChange={(name) => edit(index, { name })}
            />
          ),
        },
        {
          head: t('value'),
          cell: (variable, index) => (
            <CellText
              mono
              secret={variable.secret === true}
              value={variable.value}
              label={`${t('value')} ${index + 1}`}
              disabled={readOnly}
              onChange={(value) => edit(index, { value })}
            />
          ),
        },
        {
          head: t('secret'),
          width: 80,
          align: 'center',
          cell: (variable, index) => (
            <Switch
              size="small"
              checked={variable.secret === true}
              disabled={readOnly}
              onChange={(event) => edit(index, { secret: event.target.checked || undefined })}
              slotProps={{ input: { 'aria-label': `${t('secret')} ${index + 1}` } }}
            />
          ),
        },
        removeColumn({ label: translate('app.knowledge.tests.request.remove'), readOnly, onRemove: remove }),
      ]}
    />
  );
}

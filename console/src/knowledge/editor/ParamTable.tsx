import { Checkbox } from '@mui/material';
import { useTranslate } from 'react-admin';
import { FieldNameInput } from '../mock/FieldNameInput';
import { paramLinePatch } from '../mock/fieldSuggest';
import { EditableRows } from './EditableRows';
import { CellMenu, CellText, MONO_INPUT, removeColumn } from './RowCells';

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
    key: 'example' | 'description' | 'enumText',
    value: string,
    label: string,
    hint = label,
  ) => (
    <CellText
      value={value}
      placeholder={hint}
      label={label}
      disabled={readOnly}
      onChange={(next) => onEdit(index, { [key]: next })}
    />
  );
  return (
    <EditableRows
      rows={lines}
      readOnly={readOnly}
      empty={t('none')}
      testId={testId}
      minWidth={showEnum ? 760 : 640}
      plainHead
      nowrap
      onAdd={onAdd}
      addLabel={addLabel ?? t('add')}
      columns={[
        {
          head: t('name'),
          width: '18%',
          cell: (line, index) =>
            line.locked ? (
              <CellText
                mono
                value={line.name}
                placeholder={t('name')}
                label={t('name')}
                error={invalid?.(line, index)}
                disabled
                onChange={(name) => onEdit(index, { name })}
              />
            ) : (
              <FieldNameInput
                value={line.name}
                placeholder={t('name')}
                disabled={readOnly}
                error={invalid?.(line, index)}
                onChange={(name) => onEdit(index, { name })}
                onPick={(field) => onEdit(index, paramLinePatch(field, types))}
                ariaLabel={t('name')}
                sx={MONO_INPUT}
              />
            ),
        },
        {
          head: t('type'),
          width: 110,
          cell: (line, index) => (
            <CellMenu
              value={types.includes(line.type) ? line.type : ''}
              options={types}
              label={t('type')}
              disabled={readOnly}
              onChange={(type) => onEdit(index, { type })}
            />
          ),
        },
        {
          head: t('required'),
          width: 56,
          align: 'center',
          cell: (line, index) => (
            <Checkbox
              size="small"
              checked={line.required}
              disabled={readOnly || line.locked}
              onChange={(event) => onEdit(index, { required: event.target.checked })}
              slotProps={{ input: { 'aria-label': t('required') } }}
            />
          ),
        },
        { head: t('example'), width: '16%', cell: (line, index) => text(index, 'example', line.example, t('example')) },
        {
          head: t('description'),
          cell: (line, index) => text(index, 'description', line.description, t('description')),
        },
        showEnum && {
          head: t('enum'),
          width: '14%',
          cell: (line, index) => text(index, 'enumText', line.enumText ?? '', t('enum'), t('enum_hint')),
        },
        removeColumn({
          label: t('delete'),
          readOnly,
          onRemove,
          shownFor: (line: ParamLine) => !line.locked,
          width: 48,
        }),
      ]}
    />
  );
};

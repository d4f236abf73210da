import { Typography } from '@mui/material';
import type { Assertion, AssertionSource } from '@pmbok/runner';
import { useTranslate } from 'react-admin';
import { EditableRows, rowEdits } from '../editor/EditableRows';
import { CellSelect, CellText, enabledColumn, NoValue, removeColumn } from '../editor/RowCells';
import { JSON_TYPES, needsExpected, needsPath, newAssertion, OPERATORS, SOURCES, withSource } from './assertionModel';
import { CASE_LIMITS } from './caseDraft';

/** Assertions without code, one row each: what to check, where, how to compare, against what. */
export function AssertionsTable({
  assertions,
  readOnly,
  onChange,
}: {
  assertions: Assertion[];
  readOnly: boolean;
  onChange(assertions: Assertion[]): void;
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.tests.assertions.${key}`);
  const { edit, remove, add } = rowEdits(assertions, onChange);

  return (
    <EditableRows
      rows={assertions}
      readOnly={readOnly}
      hint={t('hint')}
      empty={t('empty')}
      emptyPadding={2.5}
      testId="case-assertions"
      minWidth={600}
      rowKey={(assertion) => assertion.id}
      rowData={(assertion) => ({ 'data-testid': 'assertion-row', 'data-source': assertion.source })}
      onAdd={
        assertions.length < CASE_LIMITS.checks
          ? () => add(newAssertion(assertions.length === 0 ? 'status' : 'jsonPath'))
          : undefined
      }
      addLabel={t('add')}
      columns={[
        enabledColumn({ label: () => translate('app.knowledge.tests.request.enabled'), readOnly, onEdit: edit }),
        {
          head: t('source'),
          width: 150,
          cell: (assertion, index) => (
            <CellSelect
              value={assertion.source}
              options={SOURCES}
              text={(source) => t(`sources.${source}`)}
              label={`${t('source')} ${index + 1}`}
              disabled={readOnly}
              onChange={(source: AssertionSource) => edit(index, withSource(assertion, source))}
            />
          ),
        },
        {
          head: t('path'),
          width: '22%',
          cell: (assertion, index) =>
            needsPath(assertion.source) ? (
              <CellText
                mono
                value={assertion.path ?? ''}
                placeholder={t(assertion.source === 'header' ? 'path_header' : 'path_json')}
                label={`${t('path')} ${index + 1}`}
                disabled={readOnly}
                onChange={(path) => edit(index, { path })}
              />
            ) : (
              <NoValue />
            ),
        },
        {
          head: t('operator'),
          width: 104,
          cell: (assertion, index) => (
            <CellSelect
              value={assertion.operator}
              options={OPERATORS[assertion.source]}
              text={(operator) => t(`operators.${operator}`)}
              label={`${t('operator')} ${index + 1}`}
              disabled={readOnly || OPERATORS[assertion.source].length === 1}
              onChange={(operator) => edit(index, { operator })}
            />
          ),
        },
        {
          head: t('expected'),
          cell: (assertion, index) => (
            <Expected
              assertion={assertion}
              label={`${t('expected')} ${index + 1}`}
              readOnly={readOnly}
              onChange={(expected) => edit(index, { expected })}
            />
          ),
        },
        removeColumn({ label: translate('app.knowledge.tests.request.remove'), readOnly, onRemove: remove }),
      ]}
    />
  );
}

/** What the value is compared with: a JSON type from a list, a number of ms, text; nothing for some operators. */
function Expected({
  assertion,
  label,
  readOnly,
  onChange,
}: {
  assertion: Assertion;
  label: string;
  readOnly: boolean;
  onChange(expected: string): void;
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.tests.assertions.${key}`);
  if (assertion.source === 'schema') {
    return (
      <Typography variant="caption" color="text.secondary">
        {t('schema_note')}
      </Typography>
    );
  }
  if (!needsExpected(assertion.operator)) return <NoValue />;
  if (assertion.operator === 'type') {
    return (
      <CellSelect
        mono
        value={JSON_TYPES.includes(assertion.expected ?? '') ? (assertion.expected as string) : ''}
        options={JSON_TYPES}
        text={(type) => type}
        label={label}
        disabled={readOnly}
        onChange={onChange}
      />
    );
  }
  return (
    <CellText
      mono
      value={assertion.expected ?? ''}
      label={label}
      disabled={readOnly}
      onChange={onChange}
      unit={assertion.source === 'responseTime' ? t('ms') : undefined}
    />
  );
}

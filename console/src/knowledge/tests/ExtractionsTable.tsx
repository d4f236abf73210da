import WestIcon from '@mui/icons-material/West';
import type { Extraction } from '@pmbok/runner';
import { useTranslate } from 'react-admin';
import { EditableRows, rowEdits } from '../editor/EditableRows';
import { CellSelect, CellText, enabledColumn, NoValue, removeColumn } from '../editor/RowCells';
import { EXTRACTION_SOURCES, needsPath, newExtraction } from './assertionModel';
import { CASE_LIMITS } from './caseDraft';

/** Values taken out of the response into variables: `token ← $.data.token`. */
export function ExtractionsTable({
  extractions,
  readOnly,
  onChange,
}: {
  extractions: Extraction[];
  readOnly: boolean;
  onChange(extractions: Extraction[]): void;
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.tests.extractions.${key}`);
  const { edit, remove, add } = rowEdits(extractions, onChange);
  const placeholder = (source: Extraction['source']) =>
    source === 'regex'
      ? t('path_regex')
      : source === 'header'
        ? translate('app.knowledge.tests.assertions.path_header')
        : '$.data.token';

  return (
    <EditableRows
      rows={extractions}
      readOnly={readOnly}
      hint={t('hint')}
      empty={t('empty')}
      emptyPadding={2.5}
      testId="case-extractions"
      minWidth={620}
      rowKey={(extraction) => extraction.id}
      rowData={() => ({ 'data-testid': 'extraction-row' })}
      onAdd={extractions.length < CASE_LIMITS.checks ? () => add(newExtraction()) : undefined}
      addLabel={t('add')}
      columns={[
        enabledColumn({ label: () => translate('app.knowledge.tests.request.enabled'), readOnly, onEdit: edit }),
        {
          head: t('variable'),
          width: '26%',
          cell: (extraction, index) => (
            <CellText
              mono
              value={extraction.variable}
              placeholder="token"
              label={`${t('variable')} ${index + 1}`}
              disabled={readOnly}
              onChange={(variable) => edit(index, { variable })}
            />
          ),
        },
        {
          width: 32,
          cell: () => <WestIcon sx={{ fontSize: 16, verticalAlign: 'middle', color: 'text.secondary' }} />,
        },
        {
          head: t('source'),
          width: 140,
          cell: (extraction, index) => (
            <CellSelect
              value={extraction.source}
              options={EXTRACTION_SOURCES}
              text={(source) => t(`sources.${source}`)}
              label={`${t('source')} ${index + 1}`}
              disabled={readOnly}
              // a path kept across sources would rarely fit the new one: a JSON path starts again from `$.`
              onChange={(source) =>
                edit(index, { source, path: needsPath(source) ? (source === 'jsonPath' ? '$.' : '') : undefined })
              }
            />
          ),
        },
        {
          head: t('path'),
          cell: (extraction, index) =>
            needsPath(extraction.source) ? (
              <CellText
                mono
                value={extraction.path ?? ''}
                placeholder={placeholder(extraction.source)}
                label={`${t('path')} ${index + 1}`}
                disabled={readOnly}
                onChange={(path) => edit(index, { path })}
              />
            ) : (
              <NoValue />
            ),
        },
        removeColumn({ label: translate('app.knowledge.tests.request.remove'), readOnly, onRemove: remove }),
      ]}
    />
  );
}

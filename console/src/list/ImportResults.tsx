import { Box, Typography } from '@mui/material';
import { memo } from 'react';
import { useTranslate } from 'react-admin';
import type { RowOutcome } from './useImportRun';

const COLUMNS = ['import_file', 'import_row', 'import_content', 'import_status', 'import_msg'];

// Styled once on the table: a thousand rows of sx-styled cells would make every update slow.
const tableSx = {
  width: 1,
  borderCollapse: 'collapse',
  fontSize: 13,
  '& th, & td': { px: 1, py: 0.5, borderBottom: '1px solid', borderColor: 'divider', textAlign: 'left' },
  '& th': { position: 'sticky', top: 0, bgcolor: 'background.paper' },
  '& td.content': { maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& .success': { color: 'success.main' },
  '& .error': { color: 'error.main' },
} as const;

/** Each imported row with its status and the server's message (SPEC §3 import result per row). */
export const ImportResults = memo(({ outcomes }: { outcomes: RowOutcome[] }) => {
  const translate = useTranslate();
  if (!outcomes.length) return null;
  const success = outcomes.filter((outcome) => outcome.status === 'success').length;
  const labels = { success: translate('app.list.import_success'), error: translate('app.list.import_failed') };
  return (
    <>
      <Typography variant="body2" sx={{ mb: 1 }} data-testid="import-summary">
        {translate('app.list.import_summary', { total: outcomes.length, success, failed: outcomes.length - success })}
      </Typography>
      <Box sx={{ maxHeight: 320, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Box component="table" sx={tableSx} data-testid="import-results">
          <thead>
            <tr>
              {COLUMNS.map((key) => (
                <th key={key}>{translate(`app.list.${key}`)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {outcomes.map((outcome) => (
              <OutcomeRow
                key={`${outcome.file}-${outcome.rowNumber}`}
                outcome={outcome}
                label={labels[outcome.status]}
              />
            ))}
          </tbody>
        </Box>
      </Box>
    </>
  );
});

const OutcomeRow = memo(({ outcome, label }: { outcome: RowOutcome; label: string }) => (
  <tr data-status={outcome.status}>
    <td>{outcome.file}</td>
    <td>{outcome.rowNumber || ''}</td>
    <td className="content">{outcome.content}</td>
    <td className={outcome.status}>{label}</td>
    <td>{outcome.msg}</td>
  </tr>
));

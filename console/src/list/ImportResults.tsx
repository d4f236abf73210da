import { Box, Chip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { RowOutcome } from './useImportRun';

const cell = {
  px: 1,
  py: 0.5,
  borderBottom: '1px solid',
  borderColor: 'divider',
  textAlign: 'left',
  fontSize: 13,
} as const;

/** Each imported row with its status and the server's message (SPEC §3 import result per row). */
export const ImportResults = ({ outcomes }: { outcomes: RowOutcome[] }) => {
  const translate = useTranslate();
  if (!outcomes.length) return null;
  const success = outcomes.filter((outcome) => outcome.status === 'success').length;
  return (
    <>
      <Typography variant="body2" sx={{ mb: 1 }} data-testid="import-summary">
        {translate('app.list.import_summary', { total: outcomes.length, success, failed: outcomes.length - success })}
      </Typography>
      <Box sx={{ maxHeight: 320, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Box component="table" sx={{ width: 1, borderCollapse: 'collapse' }} data-testid="import-results">
          <thead>
            <tr>
              {['import_file', 'import_row', 'import_content', 'import_status', 'import_msg'].map((key) => (
                <Box component="th" key={key} sx={{ ...cell, position: 'sticky', top: 0, bgcolor: 'background.paper' }}>
                  {translate(`app.list.${key}`)}
                </Box>
              ))}
            </tr>
          </thead>
          <tbody>
            {outcomes.map((outcome) => (
              <tr key={`${outcome.file}-${outcome.rowNumber}`} data-status={outcome.status}>
                <Box component="td" sx={cell}>
                  {outcome.file}
                </Box>
                <Box component="td" sx={cell}>
                  {outcome.rowNumber || ''}
                </Box>
                <Box
                  component="td"
                  sx={{ ...cell, maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                >
                  {outcome.content}
                </Box>
                <Box component="td" sx={cell}>
                  <Chip
                    size="small"
                    color={outcome.status === 'success' ? 'success' : 'error'}
                    label={translate(
                      outcome.status === 'success' ? 'app.list.import_success' : 'app.list.import_failed',
                    )}
                  />
                </Box>
                <Box component="td" sx={cell}>
                  {outcome.msg}
                </Box>
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    </>
  );
};

import { Box } from '@mui/material';
import { useCallback } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { copyText } from './copyText';

/**
 * Copies an invitation link with the SPEC §8 messages: 'user invitation link copied successfully', or
 * 'sorry, copy failed, click to retry' whose click copies again.
 */
export function useCopyInviteLink() {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = useCallback(
    async (link: string): Promise<void> => {
      if (await copyText(link)) {
        notify('app.copy.success', { type: 'success' });
        return;
      }
      notify(
        <Box component="span" role="button" onClick={() => copy(link)} sx={{ cursor: 'pointer' }}>
          {translate('app.copy.failed')}
        </Box>,
        { type: 'error' },
      );
    },
    [notify, translate],
  );
  return copy;
}

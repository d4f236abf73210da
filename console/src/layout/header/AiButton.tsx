import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import { IconButton, Tooltip } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslate } from 'react-admin';

// The dialog, its markdown and code highlighting load the first time it is opened.
const AiDialog = lazy(() => import('../../ai/AiDialog'));

/** The AI assistant's place in the header (signed-in users only, see AppBar): opens the fullscreen dialog. */
export const AiButton = () => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  // mounted from the first opening on, so that closing plays the dialog's transition
  const [used, setUsed] = useState(false);
  return (
    <>
      <Tooltip title={translate('app.header.ai')}>
        <IconButton
          color="inherit"
          aria-label={translate('app.header.ai')}
          data-testid="ai-button"
          onClick={() => {
            setUsed(true);
            setOpen(true);
          }}
        >
          <SmartToyOutlinedIcon />
        </IconButton>
      </Tooltip>
      {used && (
        <Suspense fallback={null}>
          <AiDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
};

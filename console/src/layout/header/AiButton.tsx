import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import { Backdrop, CircularProgress, IconButton, Tooltip } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslate } from 'react-admin';
import { AiErrorBoundary } from '../../ai/AiErrorBoundary';

// The dialog, its markdown and code highlighting load the first time it is opened.
const loadDialog = () => import('../../ai/AiDialog');

/** The AI assistant's place in the header (signed-in users only, see AppBar): opens the fullscreen dialog. */
export const AiButton = () => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  // mounted from the first opening on, so that closing plays the dialog's transition
  const [used, setUsed] = useState(false);
  // a fresh lazy component after a failure: React keeps a failed one's error and would not load it again
  const [AiDialog, setAiDialog] = useState(() => lazy(loadDialog));
  const close = () => setOpen(false);
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
        <AiErrorBoundary open={open} onClose={close} onReset={() => setAiDialog(() => lazy(loadDialog))}>
          <Suspense
            fallback={
              <Backdrop open={open} sx={{ zIndex: (theme) => theme.zIndex.modal }} data-testid="ai-loading">
                <CircularProgress />
              </Backdrop>
            }
          >
            <AiDialog open={open} onClose={close} />
          </Suspense>
        </AiErrorBoundary>
      )}
    </>
  );
};

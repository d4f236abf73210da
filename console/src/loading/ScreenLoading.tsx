import { Box, CircularProgress } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import { useTranslate } from 'react-admin';

// Shown only if the wait lasts: a screen that arrives within 150 ms never flashes a spinner.
const appear = keyframes`from { opacity: 0; } to { opacity: 1; }`;

/**
 * The one loading state of the console (issue 24), while a screen's script or the signed-in shell arrives: a
 * spinner in the primary colour centred in the space the screen will take; `page`: the whole window, on the page's
 * background, exactly where index.html draws it before any script, so the hand-over does not move it.
 */
export const ScreenLoading = ({ page = false }: { page?: boolean }) => {
  const translate = useTranslate();
  return (
    <Box
      data-testid="screen-loading"
      sx={{
        ...(page ? { position: 'fixed', inset: 0, bgcolor: 'background.default' } : { flex: 1, minHeight: '50vh' }),
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        animation: `${appear} 200ms ease-out 150ms both`,
      }}
    >
      <CircularProgress size={36} thickness={4} aria-label={translate('ra.page.loading')} />
    </Box>
  );
};

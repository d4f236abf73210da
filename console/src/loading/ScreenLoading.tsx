import { Box } from '@mui/material';
import { alpha, keyframes } from '@mui/material/styles';
import { useTranslate } from 'react-admin';

const turn = keyframes`100% { transform: rotate(360deg); }`;
// Shown only if the wait lasts: a screen that arrives within 150 ms never flashes a spinner.
const appear = keyframes`from { opacity: 0; } to { opacity: 1; }`;

/**
 * The one loading state of the console (issue 24), while a screen's script or the signed-in shell arrives: a ring
 * in the primary colour centred in the space the screen will take; `page`: the whole window, on the page's
 * background, exactly where index.html draws it before any script, so the hand-over does not move it. A bordered
 * box rather than an SVG, so that the browser does not take the spinner for the page's first content.
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
      }}
    >
      <Box
        role="progressbar"
        aria-label={translate('ra.page.loading')}
        sx={{
          width: 30,
          height: 30,
          borderRadius: '50%',
          border: 3,
          borderColor: (theme) => alpha(theme.palette.primary.main, 0.2),
          borderTopColor: (theme) => theme.palette.primary.main,
          animation: `${turn} 0.8s linear infinite, ${appear} 200ms ease-out 150ms both`,
        }}
      />
    </Box>
  );
};

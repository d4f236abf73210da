import { Box, Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { StatusIllustration } from './StatusIllustration';

type Status = '404' | '401';

const TEXTS: Record<Status, { message: string; hint: string; back: string }> = {
  '404': { message: 'app.not_found.message', hint: 'app.status.not_found_hint', back: 'app.status.back' },
  '401': { message: 'app.unauthorized.message', hint: 'app.status.unauthorized_hint', back: 'app.unauthorized.back' },
};

/** The big-number error screens (404, 401): a drawing, the number, what happened and where to go. */
export const StatusPage = ({ status }: { status: Status }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  // 'default' is the key of the first entry: nothing to go back to inside the app
  const canGoBack = useLocation().key !== 'default';
  const texts = TEXTS[status];
  return (
    <Box
      sx={{
        flex: 1,
        minHeight: '70vh',
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        alignItems: 'center',
        justifyContent: 'center',
        gap: { xs: 2, md: 8 },
        p: 3,
      }}
      data-testid={`status-${status}`}
    >
      <StatusIllustration status={status} />
      <Box sx={{ textAlign: { xs: 'center', md: 'left' }, maxWidth: 420 }}>
        <Typography variant="h1" color="primary" sx={{ fontWeight: 700, fontSize: { xs: 72, md: 120 }, lineHeight: 1 }}>
          {status}
        </Typography>
        <Typography variant="h6" component="p" sx={{ mt: 2, mb: 1 }}>
          {translate(texts.message)}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {translate(texts.hint)}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ justifyContent: { xs: 'center', md: 'flex-start' } }}>
          <Button component={Link} to="/" variant="contained">
            {translate('app.not_found.back_home')}
          </Button>
          {canGoBack && (
            <Button variant="outlined" onClick={() => navigate(-1)}>
              {translate(texts.back)}
            </Button>
          )}
        </Stack>
      </Box>
    </Box>
  );
};

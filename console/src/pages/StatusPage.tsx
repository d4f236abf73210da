import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { StatusIllustration } from './StatusIllustration';

interface StatusPageProps {
  status: '404' | '401';
  message: string;
  hint: string;
  actions: ReactNode;
}

/** The big-number error screens (404, 401): a drawing, the number, what happened and where to go. */
export const StatusPage = ({ status, message, hint, actions }: StatusPageProps) => (
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
        {message}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {hint}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ justifyContent: { xs: 'center', md: 'flex-start' } }}>
        {actions}
      </Stack>
    </Box>
  </Box>
);

import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface StatusPageProps {
  status: string;
  message: string;
  action: ReactNode;
}

/** The big-number error screens (404, 401). */
export const StatusPage = ({ status, message, action }: StatusPageProps) => (
  <Box
    sx={{
      flex: 1,
      minHeight: '70vh',
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
    }}
  >
    <Typography variant="h1" color="primary" sx={{ fontWeight: 700, fontSize: { xs: 72, md: 120 } }}>
      {status}
    </Typography>
    <Typography variant="h6" color="text.secondary" sx={{ mb: 4 }}>
      {message}
    </Typography>
    {action}
  </Box>
);

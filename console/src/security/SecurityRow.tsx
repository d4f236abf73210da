import { Avatar, Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

interface SecurityRowProps {
  icon: ReactNode;
  title: string;
  /** What is set now (a masked number, a name) or a hint. */
  value: ReactNode;
  actions: ReactNode;
  testId: string;
  /** Drawn in the error colour (closing the account). */
  danger?: boolean;
  children?: ReactNode;
}

/** One line of the account security screen: what it is, its current value, and what can be done. */
export const SecurityRow = ({ icon, title, value, actions, testId, danger, children }: SecurityRowProps) => {
  const translate = useTranslate();
  return (
    <Box
      sx={{ py: 2, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
      data-testid={testId}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <Avatar
          sx={{
            width: 40,
            height: 40,
            bgcolor: danger ? '#fdecea' : '#e8f3ff',
            color: danger ? 'error.main' : 'primary.main',
          }}
        >
          {icon}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 180 }}>
          <Typography sx={{ fontWeight: 600 }}>{translate(title)}</Typography>
          <Typography variant="body2" color="text.secondary" data-testid={`${testId}-value`}>
            {value}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexShrink: 0 }}>{actions}</Box>
      </Box>
      {children}
    </Box>
  );
};

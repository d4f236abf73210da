import { Alert, Box, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

interface SectionProps {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** A card of the home page and the workspace with its heading (h2, for screen readers' outline). */
export const Section = ({ title, action, children, testId }: SectionProps) => {
  const translate = useTranslate();
  const id = `section-${title.replace(/\W+/g, '-')}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} data-testid={testId}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1, gap: 1, minHeight: 32 }}>
          <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
            {translate(title)}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
};

/** Loading, a refusal shown in place, or the content. */
export const Loadable = ({
  pending,
  error,
  children,
}: {
  pending: boolean;
  error: Error | null;
  children: ReactNode;
}) => {
  const translate = useTranslate();
  if (pending) return <LinearProgress sx={{ my: 2 }} />;
  if (error)
    return (
      <Alert severity="warning" variant="outlined">
        {translate('app.home.unavailable', { message: translate(error.message || 'app.request.error') })}
      </Alert>
    );
  return <>{children}</>;
};

/** What an empty card says: what is missing, how to fill it, and the button that starts it. */
export const EmptyHint = ({
  icon,
  title,
  hint,
  action,
  testId,
}: {
  icon: ReactNode;
  title: string;
  hint: string;
  action?: ReactNode;
  testId?: string;
}) => {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 3, px: 2, color: 'text.secondary' }} data-testid={testId}>
      <Box sx={{ fontSize: 40, opacity: 0.5, '& svg': { fontSize: 'inherit' } }}>{icon}</Box>
      <Typography color="text.primary" sx={{ mt: 0.5 }}>
        {translate(title)}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5, mb: action ? 2 : 0 }}>
        {translate(hint)}
      </Typography>
      {action}
    </Box>
  );
};

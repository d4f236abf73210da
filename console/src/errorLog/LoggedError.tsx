import BugReportIcon from '@mui/icons-material/BugReport';
import { Box, Button } from '@mui/material';
import { type ErrorInfo, useEffect } from 'react';
import { Error as RaError, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { addErrorLog, describeError } from './errorLogStore';

const logged = new WeakSet<object>();

interface LoggedErrorProps {
  error: Error;
  errorInfo?: ErrorInfo;
}

/**
 * The layout's error screen: react-admin's own, and the render error goes to the error log once react-admin's
 * boundary has handed over the component stack.
 */
export const LoggedError = ({ error, errorInfo }: LoggedErrorProps) => {
  const translate = useTranslate();
  useEffect(() => {
    if (!import.meta.env.PROD || !errorInfo || logged.has(error)) return;
    logged.add(error);
    const { message, stack } = describeError(error);
    addErrorLog({
      source: 'render',
      message,
      stack,
      componentStack: errorInfo.componentStack ?? undefined,
      url: window.location.href,
      time: Date.now(),
    });
  }, [error, errorInfo]);
  return (
    <Box>
      <RaError error={error} errorInfo={errorInfo} resetErrorBoundary={() => undefined} />
      {import.meta.env.PROD && (
        <Box sx={{ textAlign: 'center', mt: -2 }}>
          <Button component={Link} to="/errorLog/index" startIcon={<BugReportIcon />}>
            {translate('app.error_log.open')}
          </Button>
        </Box>
      )}
    </Box>
  );
};

import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { Box, Button, Dialog, DialogActions, DialogContent, Typography } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { addErrorLog, describeError } from '../errorLog/errorLogStore';
import { isChunkLoadError } from './chunkError';

interface FallbackProps {
  error: unknown;
  open: boolean;
  onRetry: () => void;
  onClose: () => void;
}

const Fallback = ({ error, open, onRetry, onClose }: FallbackProps) => {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="ai-error-title" data-testid="ai-error">
      <DialogContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', minWidth: { sm: 360 } }}>
        <ErrorOutlineIcon color="error" />
        <Box>
          <Typography id="ai-error-title" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {translate('app.ai.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate(isChunkLoadError(error) ? 'app.ai.load_failed' : 'app.ai.crashed')}
          </Typography>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.ai.close')}</Button>
        <Button variant="contained" onClick={onRetry} data-testid="ai-retry">
          {translate('app.ai.retry')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

interface AiErrorBoundaryProps {
  children: ReactNode;
  open: boolean;
  onClose: () => void;
  /** Called before the dialog is drawn again: the caller starts the dialog's code loading afresh. */
  onReset: () => void;
}

/**
 * Keeps a failure of the AI dialog inside it. The dialog lives in the header, outside the layout's error boundary:
 * without this, an error in it, or its code failing to load, would replace the whole app with react-admin's error
 * page. The error goes to the error log (SPEC §8) and the user can retry or close.
 */
// held in a box: even a thrown null or undefined is a failure
type State = { failure: { error: unknown } | null };

export class AiErrorBoundary extends Component<AiErrorBoundaryProps, State> {
  state: State = { failure: null };

  static getDerivedStateFromError(error: unknown): State {
    return { failure: { error } };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    if (!import.meta.env.PROD) return;
    const { message, stack } = describeError(error);
    addErrorLog({
      source: 'render',
      message,
      stack,
      componentStack: info.componentStack ?? undefined,
      url: window.location.href,
      time: Date.now(),
    });
  }

  private reset = (close: boolean) => {
    this.props.onReset();
    this.setState({ failure: null });
    if (close) this.props.onClose();
  };

  render() {
    const { failure } = this.state;
    if (!failure) return this.props.children;
    return (
      <Fallback
        error={failure.error}
        open={this.props.open}
        onRetry={() => this.reset(false)}
        onClose={() => this.reset(true)}
      />
    );
  }
}

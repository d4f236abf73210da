import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Tooltip,
  Typography,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { copyText } from '../../clipboard/copyText';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 } as const;

/** The CLI's command line for this server and project (runner/src/cli/args.ts). */
export const cliCommand = (origin: string, token: string, projectId: number) =>
  `npx pmbok-test run --server ${origin} --token ${token} --project ${projectId}`;

/** A token just created: shown this once, with a copy button and the command line that uses it. */
export function TokenCreatedDialog({
  token,
  projectId,
  onClose,
}: {
  token: string;
  projectId: number;
  onClose(): void;
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.tests.tokens.${key}`);
  const notify = useNotify();
  const command = cliCommand(window.location.origin, token, projectId);
  const copy = async (text: string) => {
    if (await copyText(text)) notify('app.knowledge.tests.tokens.copied', { type: 'info' });
  };

  return (
    // closed only on purpose: a click beside it would lose the token for good
    <Dialog open maxWidth="sm" fullWidth aria-labelledby="token-created" data-testid="token-created">
      <DialogTitle id="token-created">{t('created_title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="warning">{t('created_warning')}</Alert>
        <Copyable text={token} label={t('copy')} testId="token-value" onCopy={copy} />
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
            {t('command')}
          </Typography>
          <Copyable text={command} label={t('copy')} testId="token-command" onCopy={copy} />
          <Typography variant="caption" color="text.secondary">
            {t('command_hint')}
          </Typography>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Copyable({
  text,
  label,
  testId,
  onCopy,
}: {
  text: string;
  label: string;
  testId: string;
  onCopy(text: string): void;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        p: 1.25,
        borderRadius: 1,
        bgcolor: '#1e2430',
        color: '#e6e9ef',
      }}
    >
      <Box component="code" data-testid={testId} sx={{ ...mono, flex: 1, wordBreak: 'break-all', lineHeight: 1.7 }}>
        {text}
      </Box>
      <Tooltip title={label}>
        <IconButton size="small" aria-label={label} onClick={() => onCopy(text)} sx={{ color: 'inherit' }}>
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

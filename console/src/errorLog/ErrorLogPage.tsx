import BugReportIcon from '@mui/icons-material/BugReport';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { useRelativeTime } from '../utils/useRelativeTime';
import { clearErrorLog, type ErrorLogEntry, useErrorLog } from './errorLogStore';

const SOURCE_COLOUR = { window: 'error', promise: 'warning', render: 'secondary' } as const;

/** /errorLog/index: what went wrong in this page's life, newest first, with stacks to copy into a report. */
const ErrorLogPage = () => {
  const translate = useTranslate();
  const entries = useErrorLog();
  const [confirming, setConfirming] = useState(false);
  return (
    <Box sx={{ p: { xs: 1, md: 2 } }}>
      <Card variant="outlined" data-testid="error-log">
        <CardHeader
          avatar={<BugReportIcon color="error" />}
          title={translate('app.error_log.title')}
          subheader={translate('app.error_log.hint')}
          slotProps={{ title: { variant: 'h6', component: 'h1' } }}
          action={
            <Button
              color="error"
              startIcon={<DeleteSweepIcon />}
              disabled={entries.length === 0}
              onClick={() => setConfirming(true)}
            >
              {translate('app.error_log.clear')}
            </Button>
          }
        />
        <CardContent>
          {entries.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
              {translate('app.error_log.empty')}
            </Typography>
          ) : (
            [...entries].reverse().map((entry) => <EntryRow key={entry.id} entry={entry} />)
          )}
        </CardContent>
      </Card>
      <Confirm
        isOpen={confirming}
        title="app.error_log.clear"
        content="app.error_log.clear_confirm"
        onConfirm={() => {
          clearErrorLog();
          setConfirming(false);
        }}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
};

const EntryRow = ({ entry }: { entry: ErrorLogEntry }) => {
  const translate = useTranslate();
  const { formatRelative } = useRelativeTime();
  const componentStack =
    entry.componentStack && `${translate('app.error_log.component_stack')}:${entry.componentStack}`;
  const details = [entry.stack, componentStack].filter(Boolean).join('\n\n');
  return (
    <Accordion disableGutters variant="outlined" data-testid="error-log-entry">
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ minWidth: 0, alignItems: { sm: 'center' } }}>
          <Chip
            size="small"
            color={SOURCE_COLOUR[entry.source]}
            label={translate(`app.error_log.source.${entry.source}`)}
            sx={{ alignSelf: 'flex-start' }}
          />
          <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-word' }}>{entry.message}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {formatRelative(entry.time)}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all', mb: 1 }}>
          {translate('app.error_log.url')}: {entry.url}
        </Typography>
        <Box
          component="pre"
          sx={{ m: 0, p: 1.5, bgcolor: 'grey.100', borderRadius: 1, overflowX: 'auto', fontSize: 12 }}
        >
          {details || translate('app.error_log.no_stack')}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
};

export default ErrorLogPage;

import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { environmentLabel } from './EnvironmentPicker';
import { ResultBody, ResultHeader } from './RequestResultView';
import { StatusChip } from './StatusChip';
import { useTestRun } from './useTestRun';

/** Below the case editor: the run just started, live, then its result whole. */
export function CaseRunPanel({ projectId, testRunId }: { projectId: number; testRunId: number }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.tests.${key}`, options);
  const { view, detail } = useTestRun(projectId, testRunId);
  const running = view.status === 'running';

  return (
    <Paper variant="outlined" sx={{ mt: 2, overflow: 'hidden' }} data-testid="case-run" data-status={view.status}>
      <Stack
        direction="row"
        spacing={1.5}
        alignItems="center"
        sx={{ px: 2, py: 1, bgcolor: 'action.hover', borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography variant="subtitle2">{t('result.title')}</Typography>
        <StatusChip status={view.status} />
        {detail?.environment && (
          <Typography variant="caption" color="text.secondary">
            {t('label_value', {
              label: t('run.summary.environment'),
              value: environmentLabel(detail.environment, translate),
            })}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        <Button
          size="small"
          component={Link}
          to={`?tab=runs&run=${testRunId}`}
          endIcon={<OpenInNewIcon sx={{ fontSize: 14 }} />}
        >
          {t('result.open_run')}
        </Button>
      </Stack>
      {running && <LinearProgress />}
      <Box sx={{ p: 2 }}>
        {view.message && !running && (
          <Alert severity={view.status === 'error' ? 'error' : 'warning'} sx={{ mb: 1.5 }}>
            {view.message}
          </Alert>
        )}
        {view.results.length === 0 ? (
          running ? (
            <Typography variant="body2" color="text.secondary">
              {t('result.waiting')}
            </Typography>
          ) : (
            !view.message && (
              <Typography variant="body2" color="text.secondary">
                {t('run.no_results')}
              </Typography>
            )
          )
        ) : (
          <Stack spacing={2}>
            {view.results.map((result) => (
              <Box key={`${result.stepPath}-${result.iteration}-${result.startedAt}`}>
                <Box sx={{ mb: 1.5 }}>
                  <ResultHeader result={result} />
                </Box>
                <ResultBody result={result} />
              </Box>
            ))}
          </Stack>
        )}
      </Box>
    </Paper>
  );
}

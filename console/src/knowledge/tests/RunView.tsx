import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ReplayIcon from '@mui/icons-material/Replay';
import StopIcon from '@mui/icons-material/Stop';
import { Alert, Box, Button, Chip, LinearProgress, Link as MuiLink, Stack, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { formatMinute } from '../../utils/formatTime';
import type { Environment } from '../docApi';
import { environmentLabel, MOCK_CONFIG_ID } from './EnvironmentPicker';
import { ResultGroups, SummaryCards } from './RunReportView';
import { countsOf, progressOf } from './runProgress';
import { StatusChip } from './StatusChip';
import { expectedRequests } from './stepTree';
import { type TestRunDetail, type TestScenarioSummary, testKeys, testsApi } from './testsApi';
import { useTestRun } from './useTestRun';

interface Props {
  projectId: number;
  testRunId: number;
  canWrite: boolean;
  environments: Environment[];
  scenarios: TestScenarioSummary[];
  onOpenCase(testCaseId: number): void;
  onOpenScenario(testScenarioId: number): void;
  onOpenRun(testRunId: number): void;
}

/** A run: its live progress while it goes (pushes of code 200400), then its report; re-run what failed. */
export function RunView({
  projectId,
  testRunId,
  canWrite,
  environments,
  scenarios,
  onOpenCase,
  onOpenScenario,
  onOpenRun,
}: Props) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.tests.run.${key}`, options);
  const notify = useNotify();
  const { view, detail, error, isPending } = useTestRun(projectId, testRunId);
  const [busy, setBusy] = useState(false);
  const scenarioId = detail?.testScenarioId ?? 0;
  const scenario = useQuery({
    queryKey: testKeys.scenario(projectId, scenarioId),
    queryFn: () => testsApi.scenario(projectId, scenarioId),
    enabled: scenarioId > 0 && view.status === 'running',
    retry: false,
  });
  const summaries = new Map(scenarios.map((s) => [String(s.testScenarioId), s]));
  const dataRows = summaries.get(String(scenarioId))?.dataRows ?? 0;
  const perIteration = scenario.data
    ? expectedRequests(scenario.data.content.steps, (key) => summaries.get(key)?.stepCount ?? 1)
    : (detail?.testCaseIds.length ?? 1);
  const shown = { ...view, iterations: Math.max(view.iterations, dataRows) };
  const progress = progressOf(shown, perIteration);
  const counts = countsOf(shown);
  const running = view.status === 'running';

  if (error) return <Alert severity="warning">{error.message || t('not_found')}</Alert>;
  if (isPending || !detail) return <LinearProgress />;

  const again = async (rerunOf?: number) => {
    setBusy(true);
    try {
      const started = await testsApi.run(projectId, {
        ...(detail.testScenarioId ? { testScenarioId: detail.testScenarioId } : { testCaseIds: detail.testCaseIds }),
        projectConfigId: environmentOf(detail, environments),
        rerunOf,
      });
      onOpenRun(started.testRunId);
    } catch {
      // toasted by the request client
    } finally {
      setBusy(false);
    }
  };
  const cancel = async () => {
    setBusy(true);
    try {
      await testsApi.cancel(projectId, testRunId);
      notify('app.knowledge.tests.run.cancelled', { type: 'info' });
    } catch {
      // toasted
    } finally {
      setBusy(false);
    }
  };
  const failed = view.results.some((r) => !r.passed);

  return (
    <Stack spacing={2} data-testid="run-view" data-status={view.status} data-run-id={testRunId}>
      <Stack direction="row" spacing={1.5} alignItems="center" flexWrap="wrap" useFlexGap>
        <StatusChip status={view.status} size="medium" />
        <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
          {detail.testScenarioId ? (
            <MuiLink
              component="button"
              variant="h6"
              underline="hover"
              color="inherit"
              onClick={() => onOpenScenario(detail.testScenarioId)}
              sx={{ fontWeight: 600, verticalAlign: 'baseline' }}
            >
              {view.name || detail.name}
            </MuiLink>
          ) : (
            view.name || detail.name || translate('app.knowledge.tests.runs.cases_run')
          )}
        </Typography>
        {detail.rerunOf > 0 && (
          <Tooltip title={t('open_original')}>
            <Chip
              size="small"
              variant="outlined"
              color="primary"
              icon={<ReplayIcon />}
              label={t('rerun_of')}
              onClick={() => onOpenRun(detail.rerunOf)}
              data-testid="rerun-of"
            />
          </Tooltip>
        )}
        <Box sx={{ flex: 1 }} />
        {canWrite && running && (
          <Button
            variant="outlined"
            color="warning"
            startIcon={<StopIcon />}
            onClick={() => void cancel()}
            disabled={busy}
          >
            {t('cancel')}
          </Button>
        )}
        {canWrite && !running && failed && (
          <Button
            variant="outlined"
            color="error"
            startIcon={<ReplayIcon />}
            onClick={() => void again(testRunId)}
            disabled={busy}
          >
            {t('rerun_failed')}
          </Button>
        )}
        {canWrite && !running && (
          <Button
            variant="contained"
            color="success"
            startIcon={<PlayArrowIcon />}
            onClick={() => void again()}
            disabled={busy}
          >
            {t('rerun')}
          </Button>
        )}
      </Stack>
      <Stack
        direction="row"
        spacing={3}
        flexWrap="wrap"
        useFlexGap
        sx={{ color: 'text.secondary' }}
        data-testid="run-meta"
      >
        {(
          [
            ['environment', environmentLabel(detail.environment, translate)],
            ['who', detail.nickname],
            ['when', formatMinute(detail.startedAt)],
            ['trigger', translate(`app.knowledge.tests.trigger.${detail.trigger}`)],
          ] as const
        ).map(([key, value]) => (
          <Typography key={key} variant="body2">
            {translate('app.knowledge.tests.label_value', { label: t(`summary.${key}`), value })}
          </Typography>
        ))}
      </Stack>
      {running && (
        <Box data-testid="run-progress" data-done={progress.done}>
          <LinearProgress variant="determinate" value={progress.percent} sx={{ height: 8, borderRadius: 4 }} />
          <Stack direction="row" spacing={2} sx={{ mt: 0.75 }} flexWrap="wrap" useFlexGap>
            <Typography variant="body2">
              {t('progress', { done: progress.done, expected: progress.expected })}
            </Typography>
            {shown.iterations > 1 && (
              <Typography variant="body2" color="primary.main" data-testid="run-iteration-now">
                {t('iteration', { n: shown.iteration + 1, total: shown.iterations })}
              </Typography>
            )}
            {view.current && (
              <Typography variant="body2" color="text.secondary" noWrap>
                {t('current', { name: view.current.name })}
              </Typography>
            )}
          </Stack>
          {view.iterationData && (
            <Stack direction="row" spacing={0.75} sx={{ mt: 0.75 }} flexWrap="wrap" useFlexGap>
              {Object.entries(view.iterationData).map(([name, value]) => (
                <Chip
                  key={name}
                  size="small"
                  variant="outlined"
                  label={`${name} = ${value}`}
                  sx={{ fontFamily: 'monospace' }}
                />
              ))}
            </Stack>
          )}
        </Box>
      )}
      <SummaryCards counts={counts} />
      {view.message && !running && (
        <Alert severity={view.status === 'error' ? 'error' : 'warning'} data-testid="run-message">
          {view.message}
        </Alert>
      )}
      <ResultGroups view={shown} onOpenCase={onOpenCase} />
    </Stack>
  );
}

/** The environment a run used, as an id to run again on: the report names it; the mock and unknown names are 0. */
function environmentOf(detail: TestRunDetail, environments: Environment[]): number | undefined {
  const match = environments.find((e) => e.name === detail.environment);
  if (match) return match.projectConfigId;
  return detail.testScenarioId ? undefined : MOCK_CONFIG_ID;
}

import { Box, List, ListItemButton, MenuItem, Pagination, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatMinute } from '../../utils/formatTime';
import { environmentLabel } from './EnvironmentPicker';
import { formatDuration } from './format';
import { usePageMemory } from './pageMemory';
import { StatusChip } from './StatusChip';
import { type TestRunSummary, type TestScenarioSummary, useTestRuns } from './testsApi';

const PAGE_SIZE = 20;

/** The run history, newest first, filtered by scenario: status, trigger, environment, counts and when. */
export function RunList({
  projectId,
  scenarios,
  scenarioFilter,
  selectedId,
  onFilter,
  onSelect,
}: {
  projectId: number;
  scenarios: TestScenarioSummary[];
  scenarioFilter: number;
  selectedId: number;
  onFilter(testScenarioId: number): void;
  onSelect(testRunId: number): void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.tests.runs.${key}`, options);
  const [page, setPage] = usePageMemory(`tests.runsPage.${scenarioFilter}`, 1);
  const filter = { testScenarioId: scenarioFilter || undefined, page, pageSize: PAGE_SIZE };
  const { data } = useTestRuns(projectId, filter);
  const list = data?.list ?? [];
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
      <Box sx={{ p: 1 }}>
        <TextField
          select
          size="small"
          fullWidth
          label={t('filter')}
          value={scenarioFilter}
          onChange={(event) => {
            setPage(1);
            onFilter(Number(event.target.value));
          }}
          slotProps={{ htmlInput: { 'data-testid': 'run-filter' } }}
        >
          <MenuItem value={0}>{t('all')}</MenuItem>
          {scenarios.map((s) => (
            <MenuItem key={s.testScenarioId} value={s.testScenarioId}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <List component="div" dense disablePadding sx={{ overflow: 'auto', flex: 1 }} data-testid="run-list">
        {list.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
            {t('empty')}
          </Typography>
        )}
        {list.map((run) => (
          <RunItem key={run.testRunId} run={run} selected={run.testRunId === selectedId} onSelect={onSelect} />
        ))}
      </List>
      {pages > 1 && (
        <Stack alignItems="center" sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
          <Pagination size="small" count={pages} page={page} onChange={(_e, next) => setPage(next)} siblingCount={0} />
        </Stack>
      )}
    </Box>
  );
}

function RunItem({ run, selected, onSelect }: { run: TestRunSummary; selected: boolean; onSelect(id: number): void }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.tests.runs.${key}`, options);
  const summary = run.summary;
  return (
    <ListItemButton
      selected={selected}
      onClick={() => onSelect(run.testRunId)}
      data-testid="run-item"
      data-status={run.status}
      sx={{ display: 'block', py: 0.75, borderBottom: 1, borderColor: 'divider' }}
    >
      <Stack direction="row" spacing={1} alignItems="center">
        <StatusChip status={run.status} />
        <Typography variant="body2" noWrap sx={{ flex: 1, fontWeight: 500 }}>
          {run.name || t('cases_run')}
        </Typography>
      </Stack>
      <Typography variant="caption" color="text.secondary" noWrap component="div" sx={{ mt: 0.25 }}>
        {translate(`app.knowledge.tests.trigger.${run.trigger}`)} · {environmentLabel(run.environment, translate)}
        {summary && run.status !== 'running' && ` · ${formatDuration(summary.durationMs)}`}
      </Typography>
      {summary && run.status !== 'running' && (
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {t('counts', {
            requests: summary.requests,
            passed: summary.assertions - summary.failedAssertions,
            assertions: summary.assertions,
          })}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" noWrap component="div">
        {t('by', { name: run.nickname, time: formatMinute(run.startedAt) })}
      </Typography>
    </ListItemButton>
  );
}

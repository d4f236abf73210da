import { Alert, Box, LinearProgress, Paper, Tab, Tabs, Typography } from '@mui/material';
import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useEnvironments, useProjectMe, useProjectStructure } from '../docApi';
import TeamProjectPage from '../publishing/TeamProjectPage';
import { CaseEditor } from './CaseEditor';
import { CaseTree } from './CaseTree';
import { EmptyState } from './EmptyState';
import { RunList } from './RunList';
import { RunView } from './RunView';
import { ScenarioEditor } from './ScenarioEditor';
import { ScenarioList } from './ScenarioList';
import { useTestCases, useTestScenarios } from './testsApi';

type PaneTab = 'cases' | 'scenarios' | 'runs';
const PANE_TABS: PaneTab[] = ['cases', 'scenarios', 'runs'];

/** /project/test/:projectId: cases, scenarios and runs at the left; the one picked at the right (`?case=`, `?run=` …). */
export default function TestsPage() {
  return (
    <TeamProjectPage notice="app.knowledge.tests.local" testId="tests-local">
      {(projectId) => <Tests projectId={projectId} />}
    </TeamProjectPage>
  );
}

function Tests({ projectId }: { projectId: number }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.tests.${key}`, options);
  const [params, setParams] = useSearchParams();
  const tree = useProjectStructure(projectId);
  const me = useProjectMe(projectId);
  const environments = useEnvironments(projectId).data ?? [];
  const cases = useTestCases(projectId);
  const scenarios = useTestScenarios(projectId);
  const canWrite = me.data?.canWrite ?? false;
  const nodes = tree.data?.nodes ?? [];
  const caseList = cases.data?.list ?? [];
  const scenarioList = scenarios.data?.list ?? [];

  const caseId = Number(params.get('case')) || 0;
  const docId = Number(params.get('doc')) || 0;
  const scenarioParam = params.get('scenario');
  const scenarioId = scenarioParam === 'new' ? 'new' : Number(scenarioParam) || 0;
  const runId = Number(params.get('run')) || 0;
  // the last run of the open case, shown below its editor
  const resultId = Number(params.get('result')) || 0;
  const runsFor = Number(params.get('runsFor')) || 0;
  const tab: PaneTab =
    (PANE_TABS.find((key) => key === params.get('tab')) as PaneTab | undefined) ??
    (runId ? 'runs' : scenarioParam ? 'scenarios' : 'cases');

  const go = useCallback(
    (next: Record<string, string | number>) =>
      setParams(Object.entries(next).map(([key, value]): [string, string] => [key, String(value)])),
    [setParams],
  );
  const onCaseSaved = useCallback(
    (id: number, testRunId = 0) =>
      setParams(
        [
          ['tab', 'cases'],
          ['case', String(id)],
          ...(testRunId ? [['result', String(testRunId)] as [string, string]] : []),
        ],
        {
          replace: true,
        },
      ),
    [setParams],
  );
  const onScenarioCreated = useCallback(
    (id: number) =>
      setParams(
        [
          ['tab', 'scenarios'],
          ['scenario', String(id)],
        ],
        { replace: true },
      ),
    [setParams],
  );
  const openCase = useCallback((id: number) => go({ tab: 'cases', case: id }), [go]);
  const openScenario = useCallback((id: number) => go({ tab: 'scenarios', scenario: id }), [go]);
  const openRun = useCallback(
    (id: number) => go({ tab: 'runs', run: id, ...(runsFor ? { runsFor } : {}) }),
    [go, runsFor],
  );
  const cleared = useCallback(() => go({ tab }), [go, tab]);

  const refused = tree.error ?? cases.error;
  if (refused) return <Alert severity="warning">{refused.message || t('refused')}</Alert>;
  const loading = tree.isPending || cases.isPending || me.isPending;

  const right = (() => {
    if (runId) {
      return (
        <RunView
          key={runId}
          projectId={projectId}
          testRunId={runId}
          canWrite={canWrite}
          environments={environments}
          scenarios={scenarioList}
          onOpenCase={openCase}
          onOpenScenario={openScenario}
          onOpenRun={openRun}
        />
      );
    }
    if (caseId || docId) {
      return (
        <CaseEditor
          key={caseId ? `case-${caseId}` : `doc-${docId}`}
          projectId={projectId}
          testCaseId={caseId}
          projectStructureId={docId}
          resultRunId={resultId}
          canWrite={canWrite}
          environments={environments}
          nodes={nodes}
          onSaved={onCaseSaved}
          onDeleted={cleared}
        />
      );
    }
    if (scenarioId) {
      const id = scenarioId === 'new' ? 0 : scenarioId;
      return (
        <ScenarioEditor
          key={id ? `scenario-${id}` : 'scenario-new'}
          projectId={projectId}
          testScenarioId={id}
          canWrite={canWrite}
          environments={environments}
          cases={caseList}
          scenarios={scenarioList}
          nodes={nodes}
          onCreated={onScenarioCreated}
          onDeleted={cleared}
          onRun={(testRunId) => go({ tab: 'runs', run: testRunId, runsFor: id || 0 })}
          onOpenCase={openCase}
        />
      );
    }
    if (caseList.length === 0 && tab === 'cases') {
      return (
        <EmptyState
          projectId={projectId}
          nodes={nodes}
          canWrite={canWrite}
          onCreate={(id) => go({ tab: 'cases', doc: id })}
        />
      );
    }
    return (
      <Typography color="text.secondary" sx={{ mt: 8, textAlign: 'center' }}>
        {t('pick')}
      </Typography>
    );
  })();

  return (
    <Box>
      {!me.isPending && !canWrite && (
        <Alert severity="info" sx={{ mb: 1.5 }} data-testid="tests-read-only">
          {t('read_only')}
        </Alert>
      )}
      <Paper
        variant="outlined"
        data-testid="tests-page"
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          height: { xs: 'auto', md: 'calc(100vh - 140px)' },
          minHeight: 560,
          overflow: 'hidden',
          containerType: 'inline-size',
        }}
      >
        <Box
          component="nav"
          aria-label={t('pane.label')}
          sx={{
            width: { xs: '100%', md: 272 },
            flex: 'none',
            display: 'flex',
            flexDirection: 'column',
            minHeight: 0,
            maxHeight: { xs: 360, md: 'none' },
            // the shorthand per breakpoint would reset the colour: each side names its own
            borderRight: { md: '1px solid' },
            borderRightColor: { md: 'divider' },
            borderBottom: { xs: '1px solid', md: 'none' },
            borderBottomColor: 'divider',
          }}
        >
          <Tabs
            value={tab}
            variant="fullWidth"
            onChange={(_e, next: PaneTab) => go({ tab: next })}
            sx={{ minHeight: 44, borderBottom: 1, borderColor: 'divider', flex: 'none' }}
          >
            {PANE_TABS.map((key) => (
              <Tab
                key={key}
                value={key}
                label={t(`tabs.${key}`)}
                sx={{ minHeight: 44 }}
                data-testid={`tests-tab-${key}`}
              />
            ))}
          </Tabs>
          {loading ? (
            <LinearProgress />
          ) : tab === 'cases' ? (
            <CaseTree
              nodes={nodes}
              cases={caseList}
              selectedCaseId={caseId}
              newForDoc={caseId ? 0 : docId}
              canWrite={canWrite}
              onSelectCase={openCase}
              onNewCase={(id) => go({ tab: 'cases', doc: id })}
            />
          ) : tab === 'scenarios' ? (
            <ScenarioList
              scenarios={scenarioList}
              selectedId={scenarioId}
              canWrite={canWrite}
              onSelect={openScenario}
              onNew={() => go({ tab: 'scenarios', scenario: 'new' })}
            />
          ) : (
            <RunList
              projectId={projectId}
              scenarios={scenarioList}
              scenarioFilter={runsFor}
              selectedId={runId}
              onFilter={(id) => go({ tab: 'runs', ...(id ? { runsFor: id } : {}) })}
              onSelect={openRun}
            />
          )}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0, overflow: 'auto', p: { xs: 2, md: 3 } }}>
          {loading ? <LinearProgress /> : right}
        </Box>
      </Paper>
    </Box>
  );
}

import { Alert, Box, LinearProgress, Tab, Tabs } from '@mui/material';
import type { TestScenarioContent } from '@pmbok/runner';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import type { Environment, StructureNode } from '../docApi';
import { downloadExportFile } from '../publishing/io/download';
import type { StepChoices } from './AddStepButton';
import { DataFilePanel } from './DataFilePanel';
import { usePageMemory } from './pageMemory';
import { SaveAlerts } from './SaveAlerts';
import { ScenarioHeader } from './ScenarioHeader';
import { ScenarioSteps } from './ScenarioSteps';
import {
  cleanScenario,
  emptyScenario,
  normalizeScenario,
  type ScenarioDraft,
  sameScenario,
  scenarioProblems,
} from './scenarioDraft';
import { countSteps } from './stepTree';
import { type TestCaseSummary, type TestScenario, type TestScenarioSummary, testKeys, testsApi } from './testsApi';
import { useDraftEditor } from './useDraftEditor';
import { VariablesTable } from './VariablesTable';

interface Props {
  projectId: number;
  /** 0: a new scenario. */
  testScenarioId: number;
  canWrite: boolean;
  environments: Environment[];
  cases: TestCaseSummary[];
  scenarios: TestScenarioSummary[];
  nodes: readonly StructureNode[];
  onCreated(testScenarioId: number): void;
  onDeleted(): void;
  onRun(testRunId: number): void;
  onOpenCase(testCaseId: number): void;
}

/** A scenario: loaded (or new), then its steps, variables and data file edited, saved and run. */
export function ScenarioEditor(props: Props) {
  const translate = useTranslate();
  const { projectId, testScenarioId, environments } = props;
  const stored = useQuery({
    queryKey: testKeys.scenario(projectId, testScenarioId),
    queryFn: () => testsApi.scenario(projectId, testScenarioId),
    enabled: testScenarioId > 0,
    retry: false,
  });
  const [initial, setInitial] = useState<Initial | null>(null);
  useEffect(() => {
    if (initial) return;
    if (testScenarioId === 0) {
      const name = translate('app.knowledge.tests.scenarios.new_name');
      setInitial({ draft: emptyScenario(name, environments[0]?.projectConfigId ?? 0), version: 0, generation: 0 });
    } else if (stored.data) {
      setInitial(fromStored(stored.data, 0));
    }
  }, [initial, testScenarioId, stored.data, environments, translate]);
  const reload = async () => {
    const fresh = await stored.refetch();
    if (fresh.data) setInitial(fromStored(fresh.data, (initial?.generation ?? 0) + 1));
  };
  if (stored.error) return <Alert severity="warning">{stored.error.message}</Alert>;
  if (!initial) return <LinearProgress />;
  return <ScenarioForm key={initial.generation} {...props} initial={initial} onReload={() => void reload()} />;
}

interface Initial {
  draft: ScenarioDraft;
  version: number;
  /** Bumped by 重新加载: the form starts again from what the server has. */
  generation: number;
}

const fromStored = (data: TestScenario, generation: number): Initial => ({
  draft: { name: data.name, description: data.description, content: normalizeScenario(data.content) },
  version: data.version,
  generation,
});

type TabKey = 'steps' | 'variables' | 'data';

function ScenarioForm({
  projectId,
  testScenarioId: firstId,
  canWrite,
  environments,
  cases,
  scenarios,
  nodes,
  onCreated,
  onDeleted,
  onRun,
  onOpenCase,
  initial,
  onReload,
}: Props & { initial: Initial; onReload(): void }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.tests.${key}`, options);
  const [tab, setTab] = usePageMemory<TabKey>('tests.scenarioTab', 'steps');
  const readOnly = !canWrite;
  const known = useMemo(
    () => ({
      cases: new Set(cases.map((c) => String(c.testCaseId))),
      scenarios: new Set(scenarios.map((s) => String(s.testScenarioId))),
    }),
    [cases, scenarios],
  );
  const check = useCallback(
    (draft: ScenarioDraft, id: number) => scenarioProblems(draft, { ...known, self: id ? String(id) : undefined }),
    [known],
  );
  const editor = useDraftEditor({
    initial,
    firstId,
    readOnly,
    kind: 'scenario',
    same: sameScenario,
    check,
    clean: cleanScenario,
    send: async ({ name, description, content }, saved) => {
      const answer = await testsApi.saveScenario(projectId, {
        testScenarioId: saved?.id,
        name,
        description,
        content,
        baseVersion: saved?.version,
      });
      return { id: answer.testScenarioId, version: answer.version };
    },
    destroy: (id) => testsApi.deleteScenario(projectId, id),
    listKey: testKeys.scenarios(projectId),
    itemKey: (id) => testKeys.scenario(projectId, id),
    onReload,
    onSaved: onCreated,
    onDeleted,
  });
  const { draft, setDraft, id: scenarioId } = editor;
  const choices: StepChoices = { cases, scenarios, nodes, selfId: scenarioId };
  const { content } = draft;
  const setContent = (patch: Partial<TestScenarioContent>) =>
    setDraft((d) => ({ ...d, content: { ...d.content, ...patch } }));

  const run = () =>
    editor.run(async (id) => {
      try {
        const started = await testsApi.run(projectId, { testScenarioId: id, projectConfigId: content.projectConfigId });
        onRun(started.testRunId);
      } catch {
        // toasted by the request client
      }
    });
  // The plan as the CLI gets it with a token, saved as a file: `npx pmbok-test run <file>` in a pipeline.
  const exportPlan = async () => {
    try {
      const answer = await testsApi.exportPlan(projectId, scenarioId, draft.content.projectConfigId);
      const fileName = `${draft.name.trim() || 'scenario'}.pmbok-plan.json`;
      downloadExportFile({ fileName, mediaType: 'application/json', content: `${JSON.stringify(answer, null, 2)}\n` });
    } catch {
      // toasted by the request client
    }
  };
  const { problems, showProblems } = editor;
  const flagged = new Set(showProblems ? problems.flatMap((p) => ('stepId' in p && p.stepId ? [p.stepId] : [])) : []);
  const counts: Record<TabKey, number> = {
    steps: countSteps(content.steps),
    variables: content.variables.length,
    data: content.data?.rows.length ?? 0,
  };

  return (
    <Box data-testid="scenario-editor" data-dirty={editor.dirty} data-scenario-id={scenarioId}>
      <ScenarioHeader
        draft={draft}
        environments={environments}
        scenarioId={scenarioId}
        readOnly={readOnly}
        dirty={editor.dirty}
        busy={editor.busy}
        showProblems={showProblems}
        onDraft={setDraft}
        onSave={() => void editor.save()}
        onRun={() => void run()}
        onExport={() => void exportPlan()}
        onDelete={editor.askDelete}
      />
      <SaveAlerts {...editor.alerts} testId="scenario" />
      <Tabs
        value={tab}
        onChange={(_e, next: TabKey) => setTab(next)}
        sx={{ minHeight: 40, borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {(['steps', 'variables', 'data'] as const).map((key) => (
          <Tab
            key={key}
            value={key}
            sx={{ minHeight: 40 }}
            label={counts[key] ? `${t(`scenario.tabs.${key}`)} ${counts[key]}` : t(`scenario.tabs.${key}`)}
          />
        ))}
      </Tabs>
      {tab === 'steps' && (
        <ScenarioSteps
          steps={content.steps}
          choices={choices}
          readOnly={readOnly}
          flagged={flagged}
          onSteps={(change) => setDraft((d) => ({ ...d, content: { ...d.content, steps: change(d.content.steps) } }))}
          onOpenCase={onOpenCase}
        />
      )}
      {tab === 'variables' && (
        <VariablesTable
          variables={content.variables}
          readOnly={readOnly}
          onChange={(variables) => setContent({ variables })}
        />
      )}
      {tab === 'data' && (
        <DataFilePanel data={content.data} readOnly={readOnly} onChange={(data) => setContent({ data })} />
      )}
      <Confirm {...editor.confirm} />
    </Box>
  );
}

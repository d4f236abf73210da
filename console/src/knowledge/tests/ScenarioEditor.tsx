import { Alert, Box, LinearProgress, Tab, Tabs, Typography } from '@mui/material';
import type { Step, TestScenarioContent } from '@pmbok/runner';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import type { Environment, StructureNode } from '../docApi';
import { useSaveShortcut } from '../editor/useSaveShortcut';
import { useUnsavedGuard } from '../editor/useUnsavedGuard';
import { AddStepButton, type StepChoices } from './AddStepButton';
import { DataFilePanel } from './DataFilePanel';
import { usePageMemory } from './pageMemory';
import { SaveAlerts } from './SaveAlerts';
import { ScenarioHeader } from './ScenarioHeader';
import { type StepEdits, StepList } from './StepList';
import {
  cleanScenario,
  emptyScenario,
  normalizeScenario,
  type ScenarioDraft,
  sameScenario,
  scenarioProblems,
} from './scenarioDraft';
import { countSteps, duplicateStep, insertSteps, moveStep, removeStep, updateStep } from './stepTree';
import { type TestCaseSummary, type TestScenario, type TestScenarioSummary, testKeys, testsApi } from './testsApi';
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
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [base, setBase] = useState(initial.draft);
  const [draft, setDraft] = useState(initial.draft);
  const [scenarioId, setScenarioId] = useState(firstId);
  const [version, setVersion] = useState(initial.version);
  const [created, setCreated] = useState(0);
  const [tab, setTab] = usePageMemory<TabKey>('tests.scenarioTab', 'steps');
  const [busy, setBusy] = useState<'' | 'save' | 'run'>('');
  const [saveError, setSaveError] = useState('');
  const [showProblems, setShowProblems] = useState(false);
  const [deleting, setDeleting] = useState<'' | 'ask' | 'done'>('');
  const readOnly = !canWrite;
  const dirty = !sameScenario(draft, base);
  useUnsavedGuard(!readOnly && dirty && deleting !== 'done', 'app.knowledge.tests.scenario.unsaved_leave');
  const known = useMemo(
    () => ({
      cases: new Set(cases.map((c) => String(c.testCaseId))),
      scenarios: new Set(scenarios.map((s) => String(s.testScenarioId))),
      self: scenarioId ? String(scenarioId) : undefined,
    }),
    [cases, scenarios, scenarioId],
  );
  const problems = useMemo(() => scenarioProblems(draft, known), [draft, known]);
  const choices: StepChoices = { cases, scenarios, nodes, selfId: scenarioId };
  const { content } = draft;
  const setContent = (patch: Partial<TestScenarioContent>) =>
    setDraft((d) => ({ ...d, content: { ...d.content, ...patch } }));
  const setSteps = (change: (steps: Step[]) => Step[]) =>
    setDraft((d) => ({ ...d, content: { ...d.content, steps: change(d.content.steps) } }));
  const edits: StepEdits = {
    update: (id, patch) => setSteps((steps) => updateStep(steps, id, patch)),
    remove: (id) => setSteps((steps) => removeStep(steps, id)),
    duplicate: (id) => setSteps((steps) => duplicateStep(steps, id)),
    move: (parentId, from, to) => setSteps((steps) => moveStep(steps, parentId, from, to)),
    insert: (parentId, added) => setSteps((steps) => insertSteps(steps, parentId, added)),
  };

  useEffect(() => {
    if (created && !dirty) {
      onCreated(created);
      setCreated(0);
    }
  }, [created, dirty, onCreated]);
  useEffect(() => {
    if (deleting === 'done') onDeleted();
  }, [deleting, onDeleted]);

  const save = async (): Promise<number> => {
    if (problems.length > 0) {
      setShowProblems(true);
      return 0;
    }
    setBusy('save');
    setSaveError('');
    try {
      const next = cleanScenario(draft);
      const saved = await testsApi.saveScenario(projectId, {
        testScenarioId: scenarioId || undefined,
        name: next.name,
        description: next.description,
        content: next.content,
        baseVersion: scenarioId ? version : undefined,
      });
      setBase(next);
      setDraft(next);
      setVersion(saved.version);
      setShowProblems(false);
      if (!scenarioId) {
        setScenarioId(saved.testScenarioId);
        setCreated(saved.testScenarioId);
      }
      void queryClient.invalidateQueries({ queryKey: testKeys.scenarios(projectId) });
      void queryClient.invalidateQueries({ queryKey: testKeys.scenario(projectId, saved.testScenarioId) });
      notify('app.knowledge.tests.scenario.saved', { type: 'success' });
      return saved.testScenarioId;
    } catch (error) {
      setSaveError((error as Error).message);
      return 0;
    } finally {
      setBusy('');
    }
  };
  useSaveShortcut(() => {
    if (!readOnly && dirty && busy === '') void save();
  });

  const run = async () => {
    const id = dirty || !scenarioId ? await save() : scenarioId;
    if (!id) return;
    setBusy('run');
    try {
      const started = await testsApi.run(projectId, { testScenarioId: id, projectConfigId: content.projectConfigId });
      onRun(started.testRunId);
    } catch {
      // toasted by the request client
    } finally {
      setBusy('');
    }
  };
  const remove = async () => {
    try {
      await testsApi.deleteScenario(projectId, scenarioId);
      setDeleting('done');
      notify('app.knowledge.tests.scenario.deleted', { type: 'info' });
      void queryClient.invalidateQueries({ queryKey: testKeys.scenarios(projectId) });
    } catch {
      setDeleting('');
    }
  };
  const flagged = new Set(showProblems ? problems.flatMap((p) => ('stepId' in p && p.stepId ? [p.stepId] : [])) : []);
  const counts: Record<TabKey, number> = {
    steps: countSteps(content.steps),
    variables: content.variables.length,
    data: content.data?.rows.length ?? 0,
  };

  return (
    <Box data-testid="scenario-editor" data-dirty={dirty} data-scenario-id={scenarioId}>
      <ScenarioHeader
        draft={draft}
        environments={environments}
        scenarioId={scenarioId}
        readOnly={readOnly}
        dirty={dirty}
        busy={busy}
        showProblems={showProblems}
        onDraft={setDraft}
        onSave={() => void save()}
        onRun={() => void run()}
        onDelete={() => setDeleting('ask')}
      />
      <SaveAlerts
        saveError={saveError}
        onReload={scenarioId > 0 ? onReload : undefined}
        problems={showProblems ? problems : []}
        onCloseProblems={() => setShowProblems(false)}
        testId="scenario"
      />
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
        <Box>
          {content.steps.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
              {t('steps.empty')}
            </Typography>
          ) : (
            <StepList
              steps={content.steps}
              parentId={null}
              depth={0}
              choices={choices}
              readOnly={readOnly}
              flagged={flagged}
              edits={edits}
              onOpenCase={onOpenCase}
            />
          )}
          {!readOnly && (
            <Box sx={{ mt: 1.5 }}>
              <AddStepButton choices={choices} onAdd={(added) => edits.insert(null, added)} />
            </Box>
          )}
        </Box>
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
      <Confirm
        isOpen={deleting === 'ask'}
        title="app.knowledge.tests.scenario.delete_title"
        content="app.knowledge.tests.scenario.delete_content"
        contentTranslateOptions={{ name: draft.name }}
        confirmColor="warning"
        onConfirm={() => void remove()}
        onClose={() => setDeleting('')}
      />
    </Box>
  );
}

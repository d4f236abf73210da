import type { RunEvent } from '@pmbok/runner';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTestRunPushes } from '../../live/testRunPush';
import { emptyRun, foldEvent, mergeReport, type RunView } from './runProgress';
import { testKeys, testsApi } from './testsApi';

/** While a run goes on its stored report is read again this often: pushes go only to who started it. */
const POLL_MS = 1_500;

/**
 * A run as it goes: the live pushes folded as they come, and `project/testRun` read until it is over (a run opened
 * by someone else, or pushes missed while the connection was down). When it ends, the lists showing last runs are
 * read again.
 */
export function useTestRun(projectId: number, testRunId: number) {
  const queryClient = useQueryClient();
  const [pushed, setPushed] = useState<RunView>(emptyRun);
  const onEvent = useCallback((event: RunEvent) => setPushed((view) => foldEvent(view, event)), []);
  useTestRunPushes(testRunId, onEvent);

  const detail = useQuery({
    queryKey: testKeys.run(projectId, testRunId),
    queryFn: () => testsApi.runDetail(projectId, testRunId),
    enabled: testRunId > 0,
    retry: false,
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'running' ? false : POLL_MS),
  });

  const stored = detail.data;
  const view = useMemo(() => mergeReport(pushed, stored?.report, stored?.status ?? 'running'), [pushed, stored]);

  // the pushes said it is over before the stored report did: read the final report now
  const { refetch } = detail;
  useEffect(() => {
    if (pushed.status !== 'running' && stored?.status === 'running') void refetch();
  }, [pushed.status, stored?.status, refetch]);

  const finished = stored !== undefined && stored.status !== 'running';
  const announced = useRef(false);
  useEffect(() => {
    if (!finished || announced.current) return;
    announced.current = true;
    // the last-run dots and the history
    for (const key of [
      testKeys.cases(projectId),
      testKeys.scenarios(projectId),
      ['knowledgeTests', projectId, 'runs'],
    ]) {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  }, [finished, projectId, queryClient]);

  return { view, detail: stored, error: detail.error, isPending: detail.isPending };
}

import type { RequestResult, RunEvent, RunReport, RunStatus, RunSummary } from '@pmbok/runner';

/**
 * A run as the run view shows it, whether it comes from the live pushes (code 200400, one RunEvent each) or from
 * `project/testRun` (the report so far): the two are folded into one view, and whichever knows more wins.
 */
export interface RunView {
  status: RunStatus;
  name: string;
  startedAt: number;
  finishedAt: number;
  /** Iterations the run will make (rows of its data file, 1 without one). */
  iterations: number;
  /** The one under way (1-based), and its data row. */
  iteration: number;
  iterationData?: Record<string, string>;
  /** The step that started last and has not answered yet. */
  current?: { name: string; kind: string; stepPath: string };
  results: RequestResult[];
  summary?: RunSummary;
  message?: string;
}

export const emptyRun = (): RunView => ({
  status: 'running',
  name: '',
  startedAt: 0,
  finishedAt: 0,
  iterations: 1,
  iteration: 0,
  results: [],
});

const sameResult = (a: RequestResult, b: RequestResult) =>
  a.stepPath === b.stepPath && a.iteration === b.iteration && a.startedAt === b.startedAt;

export function foldEvent(view: RunView, event: RunEvent): RunView {
  switch (event.type) {
    case 'started':
      return { ...view, name: event.name, startedAt: event.startedAt, iterations: Math.max(1, event.iterations) };
    case 'iteration':
      return { ...view, iteration: event.iteration, iterationData: event.data };
    case 'step':
      return {
        ...view,
        iteration: Math.max(view.iteration, event.iteration),
        current: { name: event.name, kind: event.kind, stepPath: event.stepPath },
      };
    case 'request':
      // a push that arrives twice (a reconnection) is shown once
      if (view.results.some((r) => sameResult(r, event.result))) return view;
      return {
        ...view,
        iteration: Math.max(view.iteration, event.result.iteration),
        current: view.current?.stepPath === event.result.stepPath ? undefined : view.current,
        results: [...view.results, event.result],
      };
    case 'finished':
      return {
        ...view,
        status: event.status,
        summary: event.summary,
        message: event.message,
        finishedAt: event.finishedAt,
        current: undefined,
      };
  }
  return view;
}

export const foldEvents = (events: readonly RunEvent[], view = emptyRun()) => events.reduce(foldEvent, view);

/** The view of a stored report (a finished run, or one under way as far as its batches are written). */
export function fromReport(report: RunReport, status: RunStatus = report.status): RunView {
  const iterations = Math.max(1, report.summary?.iterations ?? 1);
  const last = report.results.at(-1);
  return {
    status,
    name: report.name,
    startedAt: report.startedAt,
    finishedAt: report.finishedAt,
    iterations,
    iteration: last?.iteration ?? 0,
    results: report.results,
    summary: status === 'running' ? undefined : report.summary,
    message: report.message,
  };
}

/**
 * The pushes and the stored report together: a finished report is the truth; while running, the one holding more
 * results (the pushes run ahead of the batches; a page opened late has only the report).
 */
export function mergeReport(view: RunView, report: RunReport | undefined, status: RunStatus): RunView {
  if (!report) return view;
  const stored = fromReport(report, status);
  if (status !== 'running') return { ...stored, iterations: Math.max(stored.iterations, view.iterations) };
  if (view.status !== 'running') return view;
  if (stored.results.length > view.results.length) {
    return { ...view, ...stored, iterations: Math.max(view.iterations, stored.iterations), current: view.current };
  }
  return { ...view, name: view.name || stored.name, startedAt: view.startedAt || stored.startedAt };
}

/** Requests done against those expected (`perIteration` × iterations); never full before the run says it is. */
export function progressOf(view: RunView, perIteration: number): { done: number; expected: number; percent: number } {
  const done = view.results.length;
  if (view.status !== 'running') return { done, expected: done, percent: 100 };
  const expected = Math.max(done, perIteration * view.iterations, 1);
  return { done, expected, percent: Math.min(99, Math.round((done / expected) * 100)) };
}

/** Counts of what the view holds so far (the summary's while running). */
export function countsOf(view: RunView): RunSummary {
  if (view.summary) return view.summary;
  const assertions = view.results.flatMap((r) => r.assertions);
  return {
    requests: view.results.length,
    failedRequests: view.results.filter((r) => !r.passed).length,
    assertions: assertions.length,
    failedAssertions: assertions.filter((a) => !a.passed).length,
    scriptErrors: view.results.flatMap((r) => r.scripts).filter((s) => s.error).length,
    iterations: view.iterations,
    durationMs: view.results.reduce((sum, r) => sum + r.durationMs, 0),
  };
}

/** Results by iteration, in the order they ran. */
export function byIteration(results: readonly RequestResult[]): { iteration: number; results: RequestResult[] }[] {
  const groups: { iteration: number; results: RequestResult[] }[] = [];
  for (const result of results) {
    const group = groups.find((g) => g.iteration === result.iteration);
    if (group) group.results.push(result);
    else groups.push({ iteration: result.iteration, results: [result] });
  }
  return groups;
}

/** The case id of a result, to link back to it (a plan's case key is the case's id as text). */
export function caseIdOf(result: RequestResult): number {
  const id = result.source?.caseId ?? Number(result.caseKey);
  return Number.isInteger(id) && id > 0 ? id : 0;
}

import type { MockIndex } from '@pmbok/project-service/mock-index';

/** What the project service answers for a project's index (`GetMockIndex`); tests give a fake. */
export interface MockIndexSource {
  fetch(
    projectId: number,
    knownRevision: string,
  ): Promise<
    | { found: false }
    | { found: true; unchanged: true }
    /** `json`: the index as the service wrote it, when the source has it (threads are sent the text). */
    | { found: true; unchanged: false; index: MockIndex; json?: string }
  >;
}

interface Entry<P> {
  project: P | null;
  revision: string;
  checkedAt: number;
  /** Dropped by a notice: the next request asks the service again (with the revision it holds). */
  stale: boolean;
  /** The project's generation when the fetch that stored it started. */
  generation: number;
}

export interface IndexCacheOptions {
  /** Projects kept compiled (the least recently used are dropped beyond). */
  maxProjects?: number;
  /** A kept index is checked with the service after this long even without a notice (a notice may be lost). */
  revalidateMs?: number;
  /** How long "no such project" is kept, so that unknown ids do not each cost a service call. */
  missingMs?: number;
  now?: () => number;
}

/**
 * The gateway's compiled indexes, per project (docs/api/mock-and-fields.md, "Freshness"). One fetch in flight per
 * project and generation; `drop` bumps the project's generation, so a fetch that started before a change cannot
 * store what it read as fresh (it is kept, stale, to be revalidated by revision on the next request).
 */
export class MockIndexCache<P extends { revision: string }> {
  private readonly entries = new Map<number, Entry<P>>();
  private readonly generations = new Map<number, number>();
  private readonly inFlight = new Map<number, { generation: number; answer: Promise<P | null> }>();
  private readonly maxProjects: number;
  private readonly revalidateMs: number;
  private readonly missingMs: number;
  private readonly now: () => number;

  constructor(
    private readonly source: MockIndexSource,
    private readonly compile: (index: MockIndex, json?: string) => P,
    options: IndexCacheOptions = {},
  ) {
    this.maxProjects = options.maxProjects ?? 500;
    this.revalidateMs = options.revalidateMs ?? 60_000;
    this.missingMs = options.missingMs ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  /** The project's compiled index, or null for a project the service does not have. */
  get(projectId: number): Promise<P | null> {
    const entry = this.entries.get(projectId);
    if (entry && !entry.stale) {
      const age = this.now() - entry.checkedAt;
      if (age < (entry.project ? this.revalidateMs : this.missingMs)) return Promise.resolve(entry.project);
    }
    const generation = this.generations.get(projectId) ?? 0;
    const running = this.inFlight.get(projectId);
    if (running && running.generation === generation) return running.answer;
    const answer = this.load(projectId, entry, generation).finally(() => {
      if (this.inFlight.get(projectId)?.answer === answer) this.inFlight.delete(projectId);
    });
    this.inFlight.set(projectId, { generation, answer });
    return answer;
  }

  /** The project changed: its next request asks the service. */
  drop(projectId: number): void {
    this.generations.set(projectId, (this.generations.get(projectId) ?? 0) + 1);
    const entry = this.entries.get(projectId);
    if (entry) entry.stale = true;
  }

  get size(): number {
    return this.entries.size;
  }

  private async load(projectId: number, entry: Entry<P> | undefined, generation: number): Promise<P | null> {
    let answer: Awaited<ReturnType<MockIndexSource['fetch']>>;
    try {
      answer = await this.source.fetch(projectId, entry?.project ? entry.revision : '');
    } catch (error) {
      // The service is away: what was compiled before is better than failing every request.
      if (entry?.project) return entry.project;
      throw error;
    }
    const project = !answer.found
      ? null
      : answer.unchanged
        ? (entry?.project ?? null)
        : this.compile(answer.index, answer.json);
    const revision = project?.revision ?? '';
    const fresh = (this.generations.get(projectId) ?? 0) === generation;
    // A slow fetch of before a drop must not replace what a later fetch stored.
    const stored = this.entries.get(projectId);
    if (stored && stored.generation > generation) return project;
    this.entries.delete(projectId);
    this.entries.set(projectId, { project, revision, checkedAt: this.now(), stale: !fresh, generation });
    if (this.entries.size > this.maxProjects) {
      const oldest = this.entries.keys().next().value as number;
      this.entries.delete(oldest);
    }
    return project;
  }
}

import type { SerializedAnswer } from '../../plugins/api.js';

interface Kept {
  version: number;
  answer: SerializedAnswer;
}

/** Bytes of serialized answers one cache keeps; a 5,000-document tree is about 1 MB. */
const DEFAULT_SIZE = 64 * 1024 * 1024;

/**
 * Serialized answers kept by key (a project) and the version the owning service gave them (docs/adr/0023-the-
 * knowledge-paths-kept-answers.md). The service still checks the caller and tells the current version on every call;
 * only when it says the kept version is still current does the gateway send the kept bytes, so nothing is answered
 * that the service would not answer now. Least recently used answers go first beyond `maxSize`.
 */
export class VersionedAnswers {
  private readonly kept = new Map<number, Kept>();
  private size = 0;

  constructor(private readonly maxSize = DEFAULT_SIZE) {}

  /** The version kept for `key`, to send the service (0: none). */
  knownVersion(key: number): number {
    return this.kept.get(key)?.version ?? 0;
  }

  /** The kept answer of `key` at `version`, refreshed as the most recently used; undefined when not kept. */
  answerAt(key: number, version: number): SerializedAnswer | undefined {
    const kept = this.kept.get(key);
    if (!kept || kept.version !== version) return undefined;
    this.kept.delete(key);
    this.kept.set(key, kept);
    return kept.answer;
  }

  /** Keeps `answer` (from `serializeAnswer`) for `key` under `version`, in place of an older one; 0 is never kept. */
  keep(key: number, version: number, answer: SerializedAnswer): SerializedAnswer {
    this.forget(key);
    if (version <= 0 || answer.body.length > this.maxSize) return answer;
    this.kept.set(key, { version, answer });
    this.size += answer.body.length;
    for (const [oldest] of this.kept) {
      if (this.size <= this.maxSize) break;
      this.forget(oldest);
    }
    return answer;
  }

  private forget(key: number): void {
    const kept = this.kept.get(key);
    if (!kept) return;
    this.size -= kept.answer.body.length;
    this.kept.delete(key);
  }
}

/** One cache per gateway app (its services client), as tests run several apps in one process. */
export function perApp<T>(make: () => T): (app: object) => T {
  const caches = new WeakMap<object, T>();
  return (app) => {
    let cache = caches.get(app);
    if (!cache) {
      cache = make();
      caches.set(app, cache);
    }
    return cache;
  };
}

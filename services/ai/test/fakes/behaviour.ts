/**
 * What a fake model server does with the next question (both fakes take the same behaviours, so a test can run
 * against either). Set at start and changed with `behave()`.
 */
export type FakeBehaviour =
  /**
   * Answers with `pieces`, one frame or event each, then the usage (unless `usage` is null) and the end.
   * `holdAt`: after that many pieces, waits for `release()` (0 holds the first token).
   * `dropAfter`: after that many pieces, cuts the connection without ending the answer.
   */
  | {
      kind: 'answer';
      pieces: string[];
      usage?: FakeUsage | null;
      holdAt?: number;
      dropAfter?: number;
    }
  /** Refuses: an HTTP status with an OpenAI error body, or a Spark error frame with `code`. */
  | { kind: 'error'; status?: number; code?: number | string; message: string }
  /** Answers something that is not the protocol (an HTML page, a non-JSON frame). */
  | { kind: 'garbage'; body?: string }
  /** Accepts the question and never says anything. */
  | { kind: 'silent' };

export interface FakeUsage {
  promptTokens: number;
  completionTokens: number;
}

/** The default: a short Chinese answer in four pieces, with usage. */
export const DEFAULT_ANSWER: FakeBehaviour = {
  kind: 'answer',
  pieces: ['根据文档，', '创建订单', '请调用 POST /orders', '。'],
  usage: { promptTokens: 120, completionTokens: 12 },
};

export const usageOf = (behaviour: Extract<FakeBehaviour, { kind: 'answer' }>): FakeUsage | null =>
  behaviour.usage === undefined ? { promptTokens: 100, completionTokens: behaviour.pieces.length } : behaviour.usage;

/** `text` cut into pieces of `size` characters: an answer for `{kind: 'answer'}`. */
export function piecesOf(text: string, size = 2): string[] {
  const chars = Array.from(text);
  const pieces: string[] = [];
  for (let at = 0; at < chars.length; at += size) pieces.push(chars.slice(at, at + size).join(''));
  return pieces;
}

/**
 * Where held answers wait: `held()` resolves once an answer reaches its hold, `release()` lets every held answer
 * go on (and re-arms both for the next hold).
 */
export class HoldGate {
  private heldSignal = deferred();
  private releaseSignal = deferred();

  /** Called by the server at a hold point; resolves when released. */
  reach(): Promise<void> {
    this.heldSignal.resolve();
    return this.releaseSignal.promise;
  }

  held(): Promise<void> {
    return this.heldSignal.promise;
  }

  release(): void {
    this.releaseSignal.resolve();
    this.releaseSignal = deferred();
    this.heldSignal = deferred();
  }
}

export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

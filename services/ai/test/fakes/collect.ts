import type { ChatTurn, ModelChunk, ModelRequest } from '../../src/providers/model.js';

/** What a stream gave: its text pieces in order, the usage chunk if any, and the error it ended with if any. */
export interface CollectedAnswer {
  pieces: string[];
  text: string;
  usage?: { promptTokens: number; completionTokens: number };
  error?: unknown;
}

/** Reads a model's stream to its end; `onPiece` runs after each text piece (a test aborts from there). */
export async function collectAnswer(
  stream: AsyncIterable<ModelChunk>,
  onPiece?: (piece: string, index: number) => void,
): Promise<CollectedAnswer> {
  const pieces: string[] = [];
  let usage: CollectedAnswer['usage'];
  let error: unknown;
  try {
    for await (const chunk of stream) {
      if (chunk.type === 'usage') {
        usage = { promptTokens: chunk.promptTokens, completionTokens: chunk.completionTokens };
        continue;
      }
      pieces.push(chunk.text);
      onPiece?.(chunk.text, pieces.length - 1);
    }
  } catch (caught) {
    error = caught;
  }
  return { pieces, text: pieces.join(''), usage, error };
}

export const SAMPLE_TURNS: ChatTurn[] = [
  { role: 'system', content: '你是团队助手，只根据下列资料回答，并用 [n] 标注来源。\n[1] 创建订单：POST /orders' },
  { role: 'user', content: '怎么查订单？' },
  { role: 'assistant', content: '调用 GET /orders/{id} [1]。' },
  { role: 'user', content: '怎么创建订单？' },
];

/** A request as the ask use case makes it, with its own abort controller. */
export function sampleRequest(overrides: Partial<ModelRequest> = {}): ModelRequest & { controller: AbortController } {
  const controller = new AbortController();
  return {
    turns: SAMPLE_TURNS,
    question: '怎么创建订单？',
    passages: [],
    userId: 7,
    signal: controller.signal,
    controller,
    ...overrides,
  };
}

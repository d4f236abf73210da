import type { Passage } from '../retrieval/model.js';

/**
 * The seam between the assistant's use cases and a language model (ADR 14). A provider streams an answer to the
 * prompt the use case built; it never sees who may read what (retrieval decided that) and never reaches a browser.
 */

export type ProviderName = 'local' | 'openai' | 'spark';

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ModelRequest {
  /** The system prompt (with the numbered passages), the group's last turns (trimmed to the budget), the question. */
  turns: ChatTurn[];
  /** The question as asked (also the last turn). */
  question: string;
  /** The passages the system prompt numbers [1]…[n]: the local provider answers from them. */
  passages: Passage[];
  /** The asking user (the Spark protocol's uid is `star_fire_` + userId). */
  userId: number;
  /** Aborted when the user stops the answer or the request goes away. */
  signal: AbortSignal;
}

export type ModelChunk =
  | { type: 'text'; text: string }
  /** Tokens as the provider counted them; when it does not, the use case estimates. */
  | { type: 'usage'; promptTokens: number; completionTokens: number };

export interface ChatModel {
  readonly provider: ProviderName;
  /** The model's name as configured (`local` for the offline default). */
  readonly model: string;
  /** Tokens the prompt may take (the question, passages and memory are trimmed to fit). */
  readonly promptBudget: number;
  /**
   * The answer, piece by piece. Throws ModelError on a provider failure (refused, garbage, dropped connection,
   * no first token or no next token in time); ends quietly when `signal` is aborted.
   */
  stream(request: ModelRequest): AsyncIterable<ModelChunk>;
}

/** A provider failure, shown to the user as SPEC §8's 提问失败：code:message. */
export class ModelError extends Error {
  constructor(
    /** A short code: the provider's own (10013, http_429) or ours (timeout, dropped, bad_response, unreachable). */
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ModelError';
  }
}

/** How a provider is chosen and reached; read from the environment by `providers/config.ts`. */
export type ProviderConfig =
  | { provider: 'local' }
  | { provider: 'openai'; baseUrl: string; apiKey: string; model: string }
  | {
      provider: 'spark';
      /** wss://spark-api.xf-yun.com/v1.1/chat by default (domain `general`). */
      url: string;
      appId: string;
      apiKey: string;
      apiSecret: string;
      domain: string;
    };

/** Timeouts shared by the network providers. */
export interface ModelTimeouts {
  /** No first piece of the answer within it: ModelError('timeout'). */
  firstTokenMs: number;
  /** No next piece within it: ModelError('timeout'). */
  idleMs: number;
}

/** SPEC §9: the model's answer length and temperature. */
export const MAX_TOKENS = 1024;
export const TEMPERATURE = 0.5;

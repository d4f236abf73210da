import type { JsonSchema, MockField } from '@pmbok/project-service/mock-index';

/*
 * The mock's data generation (docs/api/mock-and-fields.md, "Generating data", "Mock.js templates", "Limits"): pure
 * functions, no I/O, run inside the mock's worker threads. The server (../server) compiles a route's schemas once
 * per index revision and calls the compiled generators per request.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface MockLimits {
  /** Bytes of JSON one answer may have. */
  maxBytes: number;
  maxItems: number;
  maxStringLength: number;
  /** How deep `$ref`s are followed. */
  maxRefDepth: number;
  /** Milliseconds one answer's generation may take. */
  timeMs: number;
}

export const DEFAULT_LIMITS: MockLimits = {
  maxBytes: 1024 * 1024,
  maxItems: 1_000,
  maxStringLength: 64 * 1024,
  maxRefDepth: 5,
  // Wall time, not CPU (Node 20 threads cannot read their own CPU time): room for a loaded machine.
  timeMs: 250,
};

/** What generation reads besides the schema: the project's models and field library. */
export interface GenerateScope {
  /** Schema documents by name (`$ref: '#/components/schemas/<name>'`). */
  models: Record<string, JsonSchema>;
  fields: MockField[];
  limits?: Partial<MockLimits>;
}

/**
 * A document asks for more than the limits allow, or is broken: the answer names it (400, X-Pmbok-Mock-Error).
 * `message` is the reason alone, in Chinese (数组最少 1000000 项，超过上限 1000); the answer's msg prefixes it with
 * `Mock 无法生成：`.
 */
export class MockDocumentError extends Error {
  constructor(
    message: string,
    /** Where in the schema or template: `properties.list.minItems`, `list|1000000-1000000`. */
    readonly where: string,
  ) {
    super(message);
    this.name = 'MockDocumentError';
  }
}

/** One request's randomness: the same seed gives the same answer (`__seed`). */
export interface RunOptions {
  seed: number;
  /** Epoch ms after which generation stops with a MockDocumentError. */
  deadline: number;
  /** The moment `@now` answers (default Date.now()); random dates fall in the year before its day. */
  now?: number;
}

/** A schema compiled once (per route and index revision) into a function run per request. */
export type CompiledGenerator = (options: RunOptions) => Json;

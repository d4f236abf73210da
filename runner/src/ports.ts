import type { AssertionResult, ReceivedResponse, RunLimits, ScriptRun } from './model.js';

/**
 * The seams inside the runner: the engine (engine/) drives a run, sends through an `HttpClient` (http/) and runs
 * scripts in a `Sandbox` (sandbox/). Each side is tested on its own against these types.
 */

/** A request ready to go: variables resolved, auth applied, the body encoded. */
export interface PreparedRequest {
  method: string;
  url: string;
  headers: [string, string][];
  body?: Uint8Array | string;
  /** Bounded by the run's limits. */
  timeoutMs: number;
}

/** What came back, with the raw body for assertions (the report keeps a truncated text copy). */
export interface HttpResponse extends ReceivedResponse {
  raw: Uint8Array;
  /** The URL finally answered (after redirects). */
  url: string;
}

/** A refusal or a failure to get an answer, with a message for the report (Chinese). */
export class HttpError extends Error {
  constructor(
    readonly kind: 'guard' | 'network' | 'timeout' | 'tooLarge' | 'invalid',
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export interface HttpClient {
  send(request: PreparedRequest): Promise<HttpResponse>;
  close(): Promise<void>;
}

/** Who may be reached. The server refuses non-public addresses; the CLI on a developer's or CI's machine does not. */
export interface HttpPolicy {
  /** false on the server: loopback, private, link-local, multicast, metadata … are refused. */
  allowPrivate: boolean;
  /** CIDRs an administrator allowed although they are not public (`PMBOK_TEST_ALLOWED_NETWORKS`). */
  allowedNetworks?: string[];
  /**
   * URL prefixes always reachable whatever their address: the instance's own mock (`http://127.0.0.1:8080/mock/`).
   * Matched on origin and path prefix, for the first request and every redirect.
   */
  alwaysAllowed?: string[];
  /** curl's --resolve: `host:port` → address, so a collection's `https://postman-echo.com` reaches a local server. */
  resolveOverrides?: Record<string, string>;
  /** Accept any TLS certificate (the CLI's --insecure, for local servers with self-signed ones). */
  insecure?: boolean;
  /** Replaceable in tests: a public-looking name pointed at a given address. */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
}

/** The variable scopes a script sees, live: a script's `set` is seen by the next step. */
export interface VariableScopes {
  globals: Map<string, string>;
  /** Postman collection variables; a scenario's own variables. */
  collection: Map<string, string>;
  environment: Map<string, string>;
  /** The data row of this iteration (`pm.iterationData`), read-only for scripts. */
  data: Map<string, string>;
  /** `pm.variables.set`, extractions: the run's local scope, highest precedence. */
  local: Map<string, string>;
}

/** The request a script sees and, before it is sent, may change (`pm.request.headers.add`, `url`, `body`). */
export interface ScriptRequest {
  method: string;
  url: string;
  headers: [string, string][];
  body?: { mode: 'raw' | 'urlencoded' | 'formdata' | 'none'; raw?: string; fields?: { key: string; value: string }[] };
  name: string;
}

export interface ScriptInput {
  phase: 'pre' | 'test';
  name: string;
  code: string;
  request: ScriptRequest;
  response?: ReceivedResponse & { raw?: Uint8Array };
  scopes: VariableScopes;
  info: { iteration: number; iterationCount: number; requestName: string; requestId: string };
}

export interface ScriptOutput {
  /** pm.test results and the legacy `tests[...]` entries. */
  tests: AssertionResult[];
  run: ScriptRun;
  /** The request as the pre-request script left it. */
  request: ScriptRequest;
  /** `pm.execution.skipRequest()` / `postman.setNextRequest(null)` asked. */
  skipRequest?: boolean;
  nextRequest?: string | null;
}

export interface Sandbox {
  run(input: ScriptInput): Promise<ScriptOutput>;
  dispose(): void;
}

export interface SandboxOptions {
  /** `requestTimeoutMs` (default 30 s) bounds each `pm.sendRequest` and a script call's wait for its answers. */
  limits: Pick<RunLimits, 'scriptTimeoutMs' | 'scriptMemoryBytes' | 'scriptStackBytes' | 'scriptOutputBytes'> &
    Partial<Pick<RunLimits, 'requestTimeoutMs'>>;
  /** `pm.sendRequest` goes through the run's guarded client, never anywhere else. */
  http: HttpClient;
  /** Requests a script may send per run (pm.sendRequest), bounded with the run's own. */
  maxSendRequests?: number;
}

/**
 * The runner's model: what a run executes (a `RunPlan`, self-contained) and what it reports (`RunEvent`s folded
 * into a `RunReport`). The project service builds plans from its cases and scenarios, the CLI from a server's
 * export, an exported file or a Postman collection; every one of them runs through the same engine. Strings of a
 * request may hold `{{variables}}` (and Postman's `{{$dynamic}}` ones), resolved when the step runs.
 */

export interface KeyValue {
  name: string;
  value: string;
  /** Absent means enabled. */
  enabled?: boolean;
  description?: string;
}

/** A form-data field: text, or a file whose content travels base64 (bounded by the plan's size limits). */
export interface FormDataField extends KeyValue {
  type?: 'text' | 'file';
  fileName?: string;
  contentType?: string;
  /** A file field's content. */
  base64?: string;
}

export type BodyType = 'none' | 'json' | 'form-data' | 'x-www-form-urlencoded' | 'raw' | 'xml' | 'binary';

export interface RequestBodySpec {
  type: BodyType;
  /** json, xml and raw: the text sent (variables resolved). */
  raw?: string;
  /** form-data and x-www-form-urlencoded. */
  fields?: FormDataField[];
  /** binary: base64 content. */
  base64?: string;
  /** The Content-Type to send when no header names one (application/json for json …). */
  mediaType?: string;
}

export type AuthSpec =
  | { type: 'none' }
  | { type: 'inherit' }
  | { type: 'bearer'; token: string }
  | { type: 'basic'; username: string; password: string }
  | { type: 'apikey'; key: string; value: string; in: 'header' | 'query' };

/** A request as a step sends it. */
export interface RequestSpec {
  method: string;
  /**
   * A full URL (`https://api.example.com/users/{{id}}`), or a path (`/users/{id}`) joined to the environment's
   * base URL. `{name}` segments take `pathParams`.
   */
  url: string;
  pathParams?: KeyValue[];
  query?: KeyValue[];
  headers?: KeyValue[];
  body?: RequestBodySpec;
  auth?: AuthSpec;
  /** Per request; bounded by the plan's `limits.requestTimeoutMs`. */
  timeoutMs?: number;
}

export type AssertionSource = 'status' | 'header' | 'jsonPath' | 'body' | 'responseTime' | 'schema';
export type AssertionOperator =
  | 'equals'
  | 'notEquals'
  | 'contains'
  | 'notContains'
  | 'matches'
  | 'exists'
  | 'notExists'
  | 'type'
  | 'lessThan'
  | 'lessOrEqual'
  | 'greaterThan'
  | 'greaterOrEqual'
  | 'conforms';

/**
 * An assertion without code. `path`: the header name (header), a JSON path such as `$.data.items[0].id`
 * (jsonPath). `expected`: text with variables; compared as JSON when it parses as JSON (`1`, `true`, `"a"`,
 * `[1,2]`), else as a string; `type` expects one of string, number, integer, boolean, array, object, null;
 * `matches` a regular expression; `responseTime` a bound in ms. `schema` + `conforms`: the response body
 * against the step's `responseSchemas` entry for the received status (ajv).
 */
export interface Assertion {
  id: string;
  enabled?: boolean;
  name?: string;
  source: AssertionSource;
  path?: string;
  operator: AssertionOperator;
  expected?: string;
}

/** Takes a value out of a response into a run variable for later steps. */
export interface Extraction {
  id: string;
  enabled?: boolean;
  variable: string;
  source: 'jsonPath' | 'header' | 'regex' | 'status' | 'body';
  /** JSON path, header name, or a regular expression whose first group (else whole match) is taken. */
  path?: string;
}

/** A JSON Schema per response status ('200', '4XX', 'default'), from the case's API document. */
export type ResponseSchemas = Record<string, unknown>;

/** A request with its checks: a case of an API document, or one item of a Postman collection. */
export interface PlanCase {
  key: string;
  name: string;
  request: RequestSpec;
  assertions?: Assertion[];
  extractions?: Extraction[];
  /** Run in order before the request (Postman: collection, folders, item), each with its own name for reports. */
  preScripts?: PlanScript[];
  /** Run in order after the response. */
  testScripts?: PlanScript[];
  responseSchemas?: ResponseSchemas;
  /** Where the case comes from, carried into the report (a document id, a collection folder path …). */
  source?: { projectDocId?: number; caseId?: number; folder?: string[] };
}

export interface PlanScript {
  /** Shown in reports: 项目前置脚本, 用例测试脚本, the Postman folder's name … */
  name: string;
  code: string;
}

export type ConditionOperator =
  | 'equals'
  | 'notEquals'
  | 'contains'
  | 'notContains'
  | 'greaterThan'
  | 'lessThan'
  | 'exists'
  | 'notExists';

export type Step =
  | { id: string; kind: 'case'; caseKey: string; enabled?: boolean; name?: string }
  | { id: string; kind: 'scenario'; scenarioKey: string; enabled?: boolean; name?: string }
  | { id: string; kind: 'wait'; ms: number; enabled?: boolean; name?: string }
  | {
      id: string;
      kind: 'if';
      enabled?: boolean;
      name?: string;
      /** `left` and `right` are text with variables (`{{status}}`). */
      condition: { left: string; operator: ConditionOperator; right?: string };
      steps: Step[];
    }
  | {
      id: string;
      kind: 'loop';
      enabled?: boolean;
      name?: string;
      /** Repeat `count` times, or once per item of a JSON array held in `overVariable` (`{{$item}}`, `{{$index}}`). */
      count?: number;
      overVariable?: string;
      steps: Step[];
    };

export interface PlanScenario {
  key: string;
  name: string;
  steps: Step[];
}

export interface PlanVariable {
  name: string;
  value: string;
  /** Masked as ****** in every report and event. */
  secret?: boolean;
}

export interface PlanEnvironment {
  name: string;
  /** Joined before a request's path that is not a full URL. */
  baseUrl: string;
  variables: PlanVariable[];
  /** Sent with every request unless the request names the header itself. */
  headers?: KeyValue[];
}

/** Data-driven runs: one iteration per row, columns as variables (`pm.iterationData`). */
export interface PlanData {
  fileName?: string;
  columns: string[];
  rows: string[][];
}

export interface RunLimits {
  /** Each script call: CPU time before it is interrupted. */
  scriptTimeoutMs: number;
  scriptMemoryBytes: number;
  scriptStackBytes: number;
  /** console.log output kept per script call. */
  scriptOutputBytes: number;
  requestTimeoutMs: number;
  /** A response body is read up to this; beyond, the request fails with a message. */
  responseMaxBytes: number;
  /** Bodies kept in the report per request and response (truncated beyond, with a note). */
  reportBodyBytes: number;
  maxRedirects: number;
  /** Requests in one run at most (loops, iterations and nested scenarios included). */
  maxRequests: number;
  /** The whole run. */
  runTimeoutMs: number;
  maxIterations: number;
}

export const DEFAULT_LIMITS: RunLimits = {
  scriptTimeoutMs: 1_000,
  scriptMemoryBytes: 32 * 1024 * 1024,
  scriptStackBytes: 512 * 1024,
  scriptOutputBytes: 64 * 1024,
  requestTimeoutMs: 30_000,
  responseMaxBytes: 10 * 1024 * 1024,
  reportBodyBytes: 16 * 1024,
  maxRedirects: 5,
  maxRequests: 10_000,
  runTimeoutMs: 30 * 60_000,
  maxIterations: 10_000,
};

/** Everything one run needs; nothing is looked up while it runs. */
export interface RunPlan {
  name: string;
  environment: PlanEnvironment;
  /** Collection variables (Postman) or the scenario's own starting variables. */
  variables?: PlanVariable[];
  globals?: PlanVariable[];
  cases: Record<string, PlanCase>;
  scenarios: Record<string, PlanScenario>;
  /**
   * Shared models the response schemas refer to as `#/components/schemas/<name>` (a knowledge project's schema
   * documents, an OpenAPI document's components).
   */
  components?: Record<string, unknown>;
  /** What runs: a scenario, or cases in order. */
  entry: { scenarioKey: string } | { caseKeys: string[] };
  data?: PlanData;
  /** Iterations without a data file (newman's -n); with one, one per row. */
  iterationCount?: number;
  /** Stop at the first failed step (default), or run every step and report every failure. */
  stopOnFailure?: boolean;
  /** Only these steps (ids) run; re-running what failed. */
  onlyStepIds?: string[];
  limits?: Partial<RunLimits>;
}

export type RunStatus = 'running' | 'passed' | 'failed' | 'error' | 'interrupted' | 'cancelled';

export interface AssertionResult {
  /** What the report shows: 状态码 等于 200, or a pm.test's name. */
  name: string;
  passed: boolean;
  /** Why it failed, in Chinese for assertions without code; the thrown message for scripts. */
  message?: string;
  expected?: string;
  actual?: string;
  /** A schema assertion's failures: ajv's instance path and message per error. */
  schemaErrors?: { path: string; message: string }[];
  origin: 'assertion' | 'script';
  /** Which script, for a script's tests. */
  script?: string;
}

export interface ScriptRun {
  name: string;
  phase: 'pre' | 'test';
  /** The script's own failure: a syntax error (with line and column), a thrown error, a limit reached. */
  error?: {
    kind: 'syntax' | 'runtime' | 'timeout' | 'memory' | 'stack' | 'output' | 'unsupported';
    message: string;
    line?: number;
    column?: number;
  };
  console: { level: 'log' | 'info' | 'warn' | 'error' | 'debug'; text: string }[];
  /** The console output went past the limit and was cut. */
  consoleTruncated?: boolean;
  durationMs: number;
}

export interface SentRequest {
  method: string;
  url: string;
  headers: [string, string][];
  body?: string;
  bodyTruncated?: boolean;
}

export interface ReceivedResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: string;
  bodyTruncated?: boolean;
  /** base64 when the body is not text. */
  bodyEncoding?: 'utf8' | 'base64';
  size: number;
  timings: { totalMs: number; firstByteMs?: number };
}

/** One request step's result (a case run once). */
export interface RequestResult {
  /** The step's id path through scenarios and loops: `s1/s3[2]`. */
  stepPath: string;
  stepId: string;
  caseKey: string;
  name: string;
  iteration: number;
  request?: SentRequest;
  response?: ReceivedResponse;
  /** The request was not answered: refused by the guard, timed out, too large, or a variable missing. */
  error?: { kind: 'guard' | 'network' | 'timeout' | 'tooLarge' | 'variable' | 'invalid'; message: string };
  /** Variables named in the request that resolved to nothing. */
  unresolved?: string[];
  assertions: AssertionResult[];
  scripts: ScriptRun[];
  /** What the extractions took; `missing` when the response did not hold it (the variable is left as it was). */
  extracted?: { variable: string; value: string; missing?: boolean }[];
  /** A pre-request script asked not to send it (`pm.execution.skipRequest()`). */
  skipped?: boolean;
  passed: boolean;
  startedAt: number;
  durationMs: number;
  source?: PlanCase['source'];
}

export interface RunSummary {
  requests: number;
  failedRequests: number;
  assertions: number;
  failedAssertions: number;
  scriptErrors: number;
  iterations: number;
  durationMs: number;
}

/** Pushed while a run goes on (the console's live progress, the CLI's terminal lines); a report folds them. */
export type RunEvent =
  | { type: 'started'; name: string; startedAt: number; iterations: number }
  | { type: 'iteration'; iteration: number; data?: Record<string, string> }
  | { type: 'step'; stepPath: string; stepId: string; kind: Step['kind']; name: string; iteration: number }
  | { type: 'request'; result: RequestResult }
  | { type: 'finished'; status: RunStatus; summary: RunSummary; message?: string; finishedAt: number };

export interface RunReport {
  name: string;
  status: RunStatus;
  /** Why a run ended early or in error (a circular scenario, a limit, an interruption). */
  message?: string;
  environment: string;
  startedAt: number;
  finishedAt: number;
  summary: RunSummary;
  results: RequestResult[];
}

/*
 * As a knowledge project stores them (the project service turns them into a plan). In a scenario's steps, a case
 * step's `caseKey` is the test case's id and a scenario step's `scenarioKey` the scenario's id, as decimal text.
 */

/** A test case of an API document: its request starts as the document's method and path. */
export interface TestCaseContent {
  request: RequestSpec;
  assertions: Assertion[];
  extractions: Extraction[];
  preScript: string;
  testScript: string;
}

export interface TestScenarioContent {
  steps: Step[];
  stopOnFailure: boolean;
  /** The environment a run uses unless told otherwise; 0 is the project's mock. */
  projectConfigId: number;
  /** The scenario's starting variables (Postman's collection variables). */
  variables: PlanVariable[];
  /** Data-driven: one iteration per row. */
  data: PlanData | null;
}
